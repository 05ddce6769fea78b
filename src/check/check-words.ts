/**
 * The words of a check in both languages: names of the counted resources, the short outcome of a
 * matrix cell, and the headroom sentence of a resource across products ("VECIN buffers peak at
 * 6 of 4 on atlas-training, 6 of 8 elsewhere"). Shared by the CLI's text report and the widget.
 */
import { fillTemplate } from '../diagnostics/template.ts';
import type { ResourceKind, ResourcePlace } from '../sim/resources/resource-report.ts';
import type { ProductId } from '../sim/product-id.ts';
import type { Lang, Localized } from '../triage/localized.ts';
import { formatAmount } from './amount.ts';
import type { CheckOutcome } from './check-cell.ts';
import type { CheckMode } from './check-mode.ts';
import type { HeadroomRow, ProductPeak } from './headroom.ts';

/** What each resource kind is called, with `{subject}` its TPosition, memory, event or device. */
export const RESOURCE_NAMES: Readonly<Record<ResourceKind, Localized>> = {
	'position-buffers': { zh: '{subject} 上的 buffer', en: '{subject} buffers' },
	'position-bytes': { zh: '{subject} 占用的字节', en: 'bytes on {subject}' },
	'memory-bytes': { zh: '{subject} 占用的字节', en: 'bytes of {subject}' },
	'event-ids': { zh: '{subject} 同步事件 ID', en: '{subject} event ids' },
	'device-memory': { zh: '设备 {subject} 的内存', en: 'device memory bytes (device {subject})' },
	streams: { zh: '设备 {subject} 的 Stream', en: 'streams (device {subject})' },
	'event-resources': {
		zh: '设备 {subject} 的 Event 资源',
		en: 'event resources (device {subject})',
	},
	notifies: { zh: '设备 {subject} 的 Notify', en: 'notifies (device {subject})' },
};

/** Each mode as tools label it (design.md: NPU / CPU 调试 · CPU debug / msSanitizer). */
export const MODE_WORDS: Readonly<Record<CheckMode, Localized>> = {
	npu: { zh: 'NPU', en: 'NPU' },
	cpu: { zh: 'CPU 调试', en: 'CPU debug' },
	sanitizer: { zh: 'msSanitizer', en: 'msSanitizer' },
};

/** Why the cells of a mode the simulator lacks were not run; `{modes}` lists the modes. */
export const UNAVAILABLE_NOTE: Localized = {
	zh: '模拟器暂不支持 {modes} 模式，这些格子没有运行，既不算通过也不算失败。',
	en: 'The simulator has no {modes} mode yet: those cells were not run, and count as neither a pass nor a failure.',
};

/** The note on modes of `modes` that could not be run, or undefined when every one ran. */
export function unavailableNote(modes: readonly CheckMode[], lang: Lang): string | undefined {
	if (modes.length === 0) return undefined;
	return fillTemplate(UNAVAILABLE_NOTE[lang], {
		modes: modes.map((m) => MODE_WORDS[m][lang]).join(PHRASES.listJoiner[lang]),
	});
}

/** A matrix cell's outcome in a word or two. */
export const OUTCOME_WORDS: Readonly<Record<CheckOutcome, Localized>> = {
	completed: { zh: '完成', en: 'completed' },
	error: { zh: '出错', en: 'error' },
	hang: { zh: '挂死', en: 'hang' },
	abort: { zh: '中止', en: 'abort' },
	rejected: { zh: '无法解释', en: 'rejected' },
	unavailable: { zh: '不可用', en: 'not available' },
};

const PHRASES = {
	sentence: { zh: '{name}：{parts}', en: '{name} peak at {parts}' },
	joiner: { zh: '；', en: ', ' },
	listJoiner: { zh: '、', en: ', ' },
	on: { zh: '{products} 峰值 {peak}，上限 {limit}', en: '{peak} of {limit} on {products}' },
	elsewhere: { zh: '其余产品峰值 {peak}，上限 {limit}', en: '{peak} of {limit} elsewhere' },
	everywhere: { zh: '所有产品峰值 {peak}，上限 {limit}', en: '{peak} of {limit} on every product' },
	over: { zh: '（从 {at} 起超出上限）', en: ' (over the limit from {at})' },
	refusedCount: {
		zh: '（{at} 申请第 {value} 个时被拒绝）',
		en: ' (number {value} refused at {at})',
	},
	refusedBytes: {
		zh: '（{at} 申请到 {value} 时被拒绝）',
		en: ' (a request for {value} refused at {at})',
	},
	illustrative: { zh: '（上限为示意值）', en: ' (illustrative limit)' },
	notReached: { zh: '；{products} 未运行到这里', en: '; not reached on {products}' },
	line: { zh: '第 {line} 行', en: 'line {line}' },
} as const;

/** The name of a resource in `lang`, e.g. `VECIN buffers`. */
export function resourceName(kind: ResourceKind, subject: string, lang: Lang): string {
	return fillTemplate(RESOURCE_NAMES[kind][lang], { subject });
}

/** How a place reads: `file:line` when it names a file, else `line N`. */
export function placeText(place: ResourcePlace | undefined, lang: Lang): string {
	if (!place) return '?';
	return place.file
		? `${place.file}:${place.line}`
		: fillTemplate(PHRASES.line[lang], { line: place.line });
}

/**
 * The headroom sentence of `row`: products with the same peak and limit are said together, the
 * largest such group last as "elsewhere"; `checked` products the row lacks (their runs stopped
 * before reaching the resource) are named as not reached. `where` formats a place (default
 * {@link placeText}).
 */
export function headroomSentence(
	row: HeadroomRow,
	lang: Lang,
	checked: readonly ProductId[],
	where: (place: ResourcePlace | undefined) => string = (p) => placeText(p, lang),
): string {
	const groups = new Map<string, ProductPeak[]>();
	for (const p of row.products) {
		const over = p.over ? `${p.over.value}@${placeText(p.over.at, 'en')}:${p.over.refused}` : '';
		const key = `${p.peak}/${p.limit}/${over}`;
		groups.set(key, [...(groups.get(key) ?? []), p]);
	}
	const list = [...groups.values()];
	const amount = (n: number) => formatAmount(n, row.unit);
	const part = (members: ProductPeak[], phrase: Localized) => {
		const first = members[0]!;
		let text = fillTemplate(phrase[lang], {
			products: members.map((m) => m.product).join(PHRASES.listJoiner[lang]),
			peak: amount(first.peak),
			limit: amount(first.limit),
		});
		if (first.over) {
			const at = where(first.over.at);
			const value = amount(first.over.value);
			const template = !first.over.refused
				? PHRASES.over
				: row.unit === 'count'
					? PHRASES.refusedCount
					: PHRASES.refusedBytes;
			text += fillTemplate(template[lang], { at, value });
		}
		if (first.illustrative) text += PHRASES.illustrative[lang];
		return text;
	};
	const reached = new Set(row.products.map((p) => p.product));
	const missing = checked.filter((p) => !reached.has(p));
	const parts: string[] = [];
	if (list.length === 1 && missing.length === 0 && checked.length > 1) {
		parts.push(part(list[0]!, PHRASES.everywhere));
	} else {
		// The largest group without an overrun closes the sentence as "elsewhere".
		let last = -1;
		list.forEach((g, i) => {
			if (!g[0]!.over && g.length >= 2 && (last < 0 || g.length > list[last]!.length)) last = i;
		});
		list.forEach((g, i) => {
			if (i !== last) parts.push(part(g, PHRASES.on));
		});
		if (last >= 0) parts.push(part(list[last]!, PHRASES.elsewhere));
	}
	let text = fillTemplate(PHRASES.sentence[lang], {
		name: resourceName(row.kind, row.subject, lang),
		parts: parts.join(PHRASES.joiner[lang]),
	});
	if (missing.length > 0) {
		text += fillTemplate(PHRASES.notReached[lang], {
			products: missing.join(PHRASES.listJoiner[lang]),
		});
	}
	return text;
}
