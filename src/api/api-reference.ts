/**
 * One API as every reader of the catalog shows it: the `/{lang}/api/<group>/` pages, the editor's
 * completion and hover (through `/api.json`), and `casebook api`. Built from a catalog row only:
 * its stable anchor and page, its preconditions and cost as text, the aclError codes with their
 * values, the diagnostics with their reference links, and the per-product limits that apply with
 * each product's value and whether that value is illustrative. Pure.
 */
import { diagnosticUrl } from '../diagnostics/diagnostic-url.ts';
import { HCCL_RESULT } from '../sim/hccl/hccl-types.ts';
import { ACL_ERROR } from '../sim/host/acl-error.ts';
import { hostProfile } from '../sim/host/host-profile.ts';
import { kernelProfile } from '../sim/kernel/kernel-profile.ts';
import { PRODUCT_BASES, type Sourced } from '../sim/product.ts';
import { PRODUCT_IDS, type ProductId } from '../sim/product-id.ts';
import type { Lang, Localized } from '../triage/localized.ts';
import type { ApiCost, ApiLimit, ApiPrecondition, ApiRow } from './api-row.ts';
import { API_CATALOG } from './catalog.ts';
import { API_GROUPS, type ApiGroupId } from './groups.ts';

/**
 * The anchor of an API on its group's page: the name with `::` as `-` and the subscript and
 * call operators spelled out (`TQue::AllocTensor` → `TQue-AllocTensor`, `LocalTensor::operator[]`
 * → `LocalTensor-operator-index`, `LocalTensor::operator()` → `LocalTensor-operator-call`). Stable: it changes only if the API is renamed.
 */
export function apiAnchor(name: string): string {
	return name
		.replace('operator[]', 'operator-index')
		.replace('operator()', 'operator-call')
		.replaceAll('::', '-');
}

/** The reference page of one group: `/zh/api/acl-stream/`; a base URL makes it absolute. */
export function apiGroupUrl(group: ApiGroupId, lang: Lang, baseUrl = ''): string {
	return `${baseUrl.replace(/\/+$/, '')}/${lang}/api/${group}/`;
}

/** Where an API is explained: its anchor on its group's page. */
export function apiUrl(row: ApiRow, lang: Lang, baseUrl = ''): string {
	return `${apiGroupUrl(row.group, lang, baseUrl)}#${apiAnchor(row.name)}`;
}

/** The names of an entry's facts, as the reference pages, the editor and `casebook api` label them. */
export const API_FIELD_TEXT = {
	zh: {
		aliases: '别名',
		out: '输出参数',
		requires: '前提',
		cost: '虚拟时间',
		errors: '返回码',
		diagnostics: '诊断',
		limits: '产品限制',
		source: '官方文档',
		illustrative: '示意值',
	},
	en: {
		aliases: 'Aliases',
		out: 'Output parameters',
		requires: 'Needs',
		cost: 'Virtual time',
		errors: 'Error codes',
		diagnostics: 'Diagnostics',
		limits: 'Product limits',
		source: 'Reference',
		illustrative: 'illustrative',
	},
} as const;

/** What each precondition means, in both languages. */
export const PRECONDITION_TEXT: Readonly<Record<ApiPrecondition, Localized>> = {
	'in-process': {
		zh: '在 Host 程序中调用（不能在核函数里）',
		en: 'called from the host program, not a kernel',
	},
	'in-kernel': { zh: '在核函数中调用', en: 'called inside a kernel' },
	'acl-init': { zh: '已调用 aclInit', en: 'after aclInit' },
	'current-context': {
		zh: '当前线程有 Context（aclrtSetDevice 或 aclrtSetCurrentContext 之后）',
		en: 'with a current context (after aclrtSetDevice or aclrtSetCurrentContext)',
	},
};

/** Every limit key a row may name. */
export type ApiLimitKey = ApiLimit['key'];

/** What each per-product limit is, in both languages. */
export const LIMIT_TEXT: Readonly<Partial<Record<ApiLimitKey, Localized>>> = {
	streams: {
		zh: '每个 Device 的 Stream 上限（含默认 Stream）',
		en: 'streams per device, default streams included',
	},
	events: { zh: '每个 Device 的 Event 资源数', en: 'event resources per device' },
	deviceMemoryBytes: { zh: '可申请的 Device 内存', en: 'device memory aclrtMalloc can hand out' },
	defaultStreamsPerContext: {
		zh: '每个 Context 自带的 Stream 数',
		en: 'streams every context starts with',
	},
	mallocPadBytes: {
		zh: 'aclrtMalloc 在 32 字节对齐后额外加的字节数',
		en: 'bytes aclrtMalloc adds after rounding up to 32',
	},
	queMaxEvent: {
		zh: '每个 TPosition 同时占用的 buffer 上限（QUE_MAX_EVENT）',
		en: 'buffers engaged at once per TPosition (QUE_MAX_EVENT)',
	},
	maxBuffers: { zh: '一个 TPipe 管理的 buffer 上限', en: 'buffers one TPipe may manage' },
	memory: { zh: '片上存储大小', en: 'on-chip memory sizes' },
};

/** One product's value of a limit. */
export interface ApiLimitValue {
	readonly product: ProductId;
	/** As shown: `1024`, `64 GiB`, `UB 192 KiB · L1 512 KiB · …`. */
	readonly value: string;
	/** No source gives the number. */
	readonly illustrative: boolean;
}

/** A per-product limit that applies to an API, with every product's value. */
export interface ApiLimitFact {
	readonly key: ApiLimitKey;
	readonly text: Localized;
	readonly values: readonly ApiLimitValue[];
}

const isIllustrative = (s: Sourced<unknown>) => s.source.startsWith('illustrative');

/** `bytes` in the largest binary unit that divides it (`192 KiB`, `64 GiB`), else in bytes. */
function formatBytes(bytes: number): string {
	for (const [unit, size] of [
		['GiB', 2 ** 30],
		['MiB', 2 ** 20],
		['KiB', 2 ** 10],
	] as const) {
		if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
	}
	return `${bytes} B`;
}

function limitValue(limit: ApiLimit, product: ProductId): ApiLimitValue {
	if (limit.profile === 'host') {
		const s = hostProfile(product)[limit.key];
		const bytes = limit.key === 'deviceMemoryBytes' || limit.key === 'mallocPadBytes';
		const value = typeof s.value === 'number' && bytes ? formatBytes(s.value) : String(s.value);
		return { product, value, illustrative: isIllustrative(s) };
	}
	const profile = kernelProfile(product);
	if (limit.key === 'memory') {
		const parts = Object.entries(profile.memory).filter(([, s]) => s.value > 0);
		return {
			product,
			value: parts.map(([memory, s]) => `${memory} ${formatBytes(s.value)}`).join(' · '),
			illustrative: parts.some(([, s]) => isIllustrative(s)),
		};
	}
	const s = profile[limit.key] as Sourced<unknown>;
	return { product, value: String(s.value), illustrative: isIllustrative(s) };
}

/** The limits of `row` with every product's value. */
export function apiLimitFacts(row: ApiRow): ApiLimitFact[] {
	return row.limits.map((limit) => ({
		key: limit.key,
		text: LIMIT_TEXT[limit.key] ?? { zh: limit.key, en: limit.key },
		values: PRODUCT_IDS.map((product) => limitValue(limit, product)),
	}));
}

/** The products of one limit grouped by value, as a line: `4: Atlas 训练系列产品；8: …`. */
export function limitValuesText(fact: ApiLimitFact, lang: Lang): string {
	const byValue = new Map<string, ApiLimitValue[]>();
	for (const v of fact.values) byValue.set(v.value, [...(byValue.get(v.value) ?? []), v]);
	const mark = lang === 'zh' ? '（示意值）' : ' (illustrative)';
	const groups = [...byValue].map(([value, vs]) => {
		const who =
			vs.length === fact.values.length
				? lang === 'zh'
					? '所有产品'
					: 'all products'
				: vs.map((v) => PRODUCT_BASES[v.product].name[lang]).join(lang === 'zh' ? '、' : ', ');
		return `${value}${vs.some((v) => v.illustrative) ? mark : ''}: ${who}`;
	});
	return groups.join(lang === 'zh' ? '；' : '; ');
}

/** The cost as text: `每次调用 1 µs（示意值）`, `1 µs per recorded step (illustrative)`. */
export function costText(cost: ApiCost, lang: Lang): string {
	if (cost.us === 0) return lang === 'zh' ? '不占虚拟时间' : 'no virtual time';
	const per =
		cost.per === 'call'
			? lang === 'zh'
				? '每次调用'
				: 'per call'
			: lang === 'zh'
				? '每个记录的步骤'
				: 'per recorded step';
	const bytes = cost.bytesParam
		? lang === 'zh'
			? `，另按 ${cost.bytesParam} 的字节数计复制时间`
			: `, plus copy time for the ${cost.bytesParam} bytes`
		: '';
	const mark = cost.source ? '' : lang === 'zh' ? '（示意值）' : ' (illustrative)';
	return lang === 'zh'
		? `${per} ${cost.us} µs${bytes}${mark}`
		: `${cost.us} µs ${per}${bytes}${mark}`;
}

/** An API as `casebook api --json` prints it and `/api.json` serves it. */
export interface ApiEntry {
	readonly name: string;
	readonly aliases: readonly string[];
	readonly group: ApiGroupId;
	readonly groupTitle: Localized;
	readonly kind: ApiRow['kind'];
	/** The signatures exactly as the reference prints them. */
	readonly signatures: readonly string[];
	/** Names of the parameters the API writes. */
	readonly out: readonly string[];
	readonly requires: readonly { readonly id: ApiPrecondition; readonly text: Localized }[];
	readonly cost: {
		readonly us: number;
		readonly per: ApiCost['per'];
		readonly illustrative: boolean;
		readonly text: Localized;
	};
	readonly errors: readonly { readonly name: string; readonly code: number }[];
	readonly diagnostics: readonly { readonly code: string; readonly url: Localized }[];
	readonly limits: readonly ApiLimitFact[];
	readonly doc: Localized;
	/** The official reference page the row follows. */
	readonly source: string;
	/** This API's anchor on the site, per language. */
	readonly url: Localized;
}

const both = (f: (lang: Lang) => string): Localized => ({ zh: f('zh'), en: f('en') });

/** The entry of `row`; links are relative unless `baseUrl` is given. */
export function apiEntry(row: ApiRow, baseUrl = ''): ApiEntry {
	const group = API_GROUPS.find((g) => g.id === row.group)!;
	const out = new Set<string>();
	for (const sig of row.signatures) for (const i of sig.outs) out.add(sig.params[i]!.name);
	return {
		name: row.name,
		aliases: row.aliases,
		group: row.group,
		groupTitle: group.title,
		kind: row.kind,
		signatures: row.signatures.map((s) => s.text),
		out: [...out],
		requires: row.requires.map((id) => ({ id, text: PRECONDITION_TEXT[id] })),
		cost: {
			us: row.cost.us,
			per: row.cost.per,
			illustrative: !row.cost.source,
			text: both((lang) => costText(row.cost, lang)),
		},
		errors: row.errors.map((name) => ({
			name,
			code:
				name in HCCL_RESULT
					? HCCL_RESULT[name as keyof typeof HCCL_RESULT]
					: ACL_ERROR[name as keyof typeof ACL_ERROR],
		})),
		diagnostics: row.diagnostics.map((code) => ({
			code,
			url: both((lang) => diagnosticUrl(code, lang, baseUrl)),
		})),
		limits: apiLimitFacts(row),
		doc: row.doc,
		source: row.source,
		url: both((lang) => apiUrl(row, lang, baseUrl)),
	};
}

/** Every entry of the catalog, in catalog order. */
export function apiEntries(baseUrl = ''): ApiEntry[] {
	return API_CATALOG.map((row) => apiEntry(row, baseUrl));
}

/** What the editor shows of an API in one language (served per language at `/{lang}/api.json`). */
export interface ApiHelp {
	readonly name: string;
	readonly aliases: readonly string[];
	/** The class of a member function (`TQue`), for completion after `.`; absent for free functions. */
	readonly owner?: string;
	/** The C++ name a program writes (`AllocTensor`, `aclrtMalloc`). */
	readonly member: string;
	readonly signatures: readonly string[];
	readonly doc: string;
	readonly requires: string;
	/** One line per limit: what it is and its value per product. */
	readonly limits: readonly string[];
	readonly url: string;
}

/** The editor's help for every API, in `lang`. */
export function apiHelp(lang: Lang): ApiHelp[] {
	return API_CATALOG.map((row) => {
		const entry = apiEntry(row);
		const help: ApiHelp = {
			name: row.name,
			aliases: row.aliases,
			member: row.member,
			signatures: entry.signatures,
			doc: row.doc[lang],
			requires: entry.requires.map((r) => r.text[lang]).join(lang === 'zh' ? '；' : '; '),
			limits: entry.limits.map((l) => `${l.text[lang]}: ${limitValuesText(l, lang)}`),
			url: entry.url[lang],
		};
		return row.owner ? { ...help, owner: row.owner } : help;
	});
}
