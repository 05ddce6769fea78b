/**
 * The text report of `casebook check`, in Chinese or English: the matrix (a row per product, a
 * column per mode, each cell its outcome and, when it failed, the rule and `file:line`), the
 * headroom of every resource across products, what was still held at exit, and each finding
 * once, as compilers print them, with the runs it happened on.
 */
import { basename } from 'node:path';
import { cellFailed, cellRule, type CheckCell } from '../check/check-cell.ts';
import type { CheckReport } from '../check/check-run.ts';
import type { CheckMode } from '../check/check-mode.ts';
import {
	headroomSentence,
	MODE_WORDS,
	OUTCOME_WORDS,
	placeText,
	unavailableNote,
} from '../check/check-words.ts';
import { distinctFindings, type DistinctFinding } from '../check/distinct-findings.ts';
import { formatAmount } from '../check/amount.ts';
import { fillTemplate } from '../diagnostics/template.ts';
import type { ProductId } from '../sim/product-id.ts';
import type { ResourcePlace } from '../sim/resources/resource-report.ts';
import type { Lang } from '../triage/localized.ts';
import { formatDiagnostic, type LinkOptions } from './sim.ts';

const WORDS = {
	zh: {
		title: 'casebook check {file}：{products} 个产品 × {modes} 种模式',
		product: '产品',
		headroom: '资源余量：',
		held: '退出时仍未释放：',
		heldLine: '{count} × {kind}{bytes}，在 {at} 申请（{where}）',
		findings: '发现的问题（{n}）：',
		none: '没有发现问题。',
		where: '  出现在：{where}',
		summary:
			'{findings} 个问题（{errors} 个错误，{warnings} 个警告）；{failed} / {runs} 次运行失败，{rejected} 次无法解释。',
		colon: '：',
		listJoiner: '、',
		groupOpen: '（',
		groupClose: '）',
	},
	en: {
		title: 'casebook check {file}: {products} products × {modes} modes',
		product: 'product',
		headroom: 'Headroom:',
		held: 'Still held at exit:',
		heldLine: '{count} × {kind}{bytes}, taken at {at} ({where})',
		findings: 'Findings ({n}):',
		none: 'No findings.',
		where: '  on: {where}',
		summary: '{findings} ({errors}, {warnings}); {failed} of {runs} failed, {rejected} rejected.',
		colon: ': ',
		listJoiner: ', ',
		groupOpen: ' (',
		groupClose: ')',
	},
} as const;

/** What the report needs besides the check: the file shown, links and how paths are shown. */
export interface TextOptions extends LinkOptions {
	file: string;
	displayPath: (file: string) => string;
}

/** Columns a string takes in a terminal: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
	let width = 0;
	for (const ch of text)
		width +=
			/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
				ch,
			)
				? 2
				: 1;
	return width;
}

function pad(text: string, width: number): string {
	return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** Products and modes of the report, in matrix order. */
function axes(cells: readonly CheckCell[]): { products: ProductId[]; modes: CheckMode[] } {
	return {
		products: [...new Set(cells.map((c) => c.product))],
		modes: [...new Set(cells.map((c) => c.mode))],
	};
}

/** "atlas-training (NPU, CPU debug); atlas-a2 (NPU)": the runs a finding or resource was on. */
export function whereText(
	cells: ReadonlyArray<{ product: ProductId; mode: CheckMode }>,
	lang: Lang,
): string {
	const words = WORDS[lang];
	const byProduct = new Map<ProductId, CheckMode[]>();
	for (const c of cells) byProduct.set(c.product, [...(byProduct.get(c.product) ?? []), c.mode]);
	return [...byProduct]
		.map(
			([product, modes]) =>
				`${product}${words.groupOpen}${modes.map((m) => MODE_WORDS[m][lang]).join(words.listJoiner)}${words.groupClose}`,
		)
		.join(lang === 'zh' ? '；' : '; ');
}

/** The modes whose cells could not be run, in matrix order. */
export function unavailableIn(report: CheckReport): CheckMode[] {
	return [...new Set(report.cells.filter((c) => c.outcome === 'unavailable').map((c) => c.mode))];
}

/** The text of one matrix cell: the outcome, and the failing rule with its place. */
function cellText(cell: CheckCell, options: TextOptions): string {
	const word = OUTCOME_WORDS[cell.outcome][options.lang];
	const rule = cellRule(cell);
	if (!rule) return word;
	return `${word} ${rule.code} ${basename(options.displayPath(rule.file))}:${rule.line}`;
}

/** The matrix as aligned rows: a header, then one row per product. */
export function matrixLines(report: CheckReport, options: TextOptions): string[] {
	const { products, modes } = axes(report.cells);
	const words = WORDS[options.lang];
	const cellOf = (p: ProductId, m: CheckMode) =>
		report.cells.find((c) => c.product === p && c.mode === m);
	const rows = [
		[words.product, ...modes.map((m) => MODE_WORDS[m][options.lang])],
		...products.map((p) => [
			p,
			...modes.map((m) => {
				const cell = cellOf(p, m);
				return cell ? cellText(cell, options) : '—';
			}),
		]),
	];
	const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i]!))));
	return rows.map((r) =>
		r
			.map((text, i) => (i === r.length - 1 ? text : pad(text, widths[i]! + 2)))
			.join('')
			.trimEnd(),
	);
}

/** Held-at-exit lines: each kind and line once, with the runs that left it. */
function heldLines(
	report: CheckReport,
	options: TextOptions,
	where: (p?: ResourcePlace) => string,
): string[] {
	const words = WORDS[options.lang];
	const groups = new Map<
		string,
		{ kind: string; count: number; bytes?: number; at?: ResourcePlace; cells: CheckCell[] }
	>();
	for (const cell of report.cells) {
		for (const h of cell.resources.held) {
			const key = `${h.kind}\u0000${placeText(h.at, 'en')}`;
			const group = groups.get(key);
			if (!group) {
				groups.set(key, { ...h, cells: [cell] });
				continue;
			}
			group.cells.push(cell);
			// The most any one run left at this line.
			if (h.count > group.count) group.count = h.count;
			if (h.bytes !== undefined && h.bytes > (group.bytes ?? 0)) group.bytes = h.bytes;
		}
	}
	return [...groups.values()].map(
		(g) =>
			`  ${fillTemplate(words.heldLine, {
				count: g.count,
				kind: g.kind,
				bytes: g.bytes === undefined ? '' : ` · ${formatAmount(g.bytes, 'bytes')}`,
				at: where(g.at),
				where: whereText(g.cells, options.lang),
			})}`,
	);
}

function findingText(f: DistinctFinding, options: TextOptions): string {
	const lines = formatDiagnostic(options.displayPath(f.file), f, options).split('\n');
	lines.splice(
		1,
		0,
		fillTemplate(WORDS[options.lang].where, { where: whereText(f.cells, options.lang) }),
	);
	return lines.join('\n');
}

/** The whole text report. */
export function formatCheckText(report: CheckReport, options: TextOptions): string {
	const { lang } = options;
	const words = WORDS[lang];
	const { products, modes } = axes(report.cells);
	// The matrix and the headroom name places by file name alone; findings give the whole path.
	const short = (place?: ResourcePlace) =>
		place ? `${basename(options.displayPath(place.file ?? options.file))}:${place.line}` : '?';
	const out: string[] = [
		fillTemplate(words.title, {
			file: options.file,
			products: products.length,
			modes: modes.length,
		}),
		'',
		...matrixLines(report, options),
	];
	const note = unavailableNote(unavailableIn(report), lang);
	if (note) out.push('', note);
	if (report.headroom.length > 0) {
		out.push('', words.headroom);
		for (const row of report.headroom)
			out.push(`  ${headroomSentence(row, lang, products, short)}`);
	}
	const held = heldLines(report, options, short);
	if (held.length > 0) out.push('', words.held, ...held);
	const findings = distinctFindings(report.cells);
	out.push(
		'',
		findings.length > 0 ? fillTemplate(words.findings, { n: findings.length }) : words.none,
	);
	for (const f of findings) out.push(findingText(f, options));
	const errors = findings.filter((f) => f.severity === 'error').length;
	// Chinese counts need no plural; English ones take an -s unless they are 1.
	const n = (count: number, noun: string) =>
		lang === 'zh' ? String(count) : `${count} ${noun}${count === 1 ? '' : 's'}`;
	out.push(
		'',
		fillTemplate(words.summary, {
			findings: n(findings.length, 'finding'),
			errors: n(errors, 'error'),
			warnings: n(findings.length - errors, 'warning'),
			failed: report.cells.filter(cellFailed).length,
			runs: n(report.cells.filter((c) => c.outcome !== 'unavailable').length, 'run'),
			rejected: report.cells.filter((c) => c.outcome === 'rejected').length,
		}),
	);
	return out.join('\n');
}
