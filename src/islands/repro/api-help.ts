/**
 * Completion and hover help for the catalog's APIs in the editor, in the page's language: the
 * signature(s), what the API does, what it needs, the per-product limits that apply and a link to
 * its anchor on the API reference. The help is fetched from `/{lang}/api.json` the first time
 * the editor completes or hovers a name (built from the catalog, src/api/api-reference.ts), so
 * the simulator's tables never ship with the editor. Built from text nodes only.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorView, Tooltip } from '@codemirror/view';
import type { ApiHelp } from '../../api/api-reference.ts';
import type { Lang } from '../../triage/localized.ts';

/** The help list and its lookups, once loaded. */
export interface ApiHelpIndex {
	/** By canonical name and alias (`aclrtMalloc`, `aclrtMallocCached`, `TQue::AllocTensor`). */
	readonly byName: ReadonlyMap<string, ApiHelp>;
	/** Member functions by the name a program writes after `.` (`AllocTensor` → TQue's, TQueBind's…). */
	readonly byMember: ReadonlyMap<string, readonly ApiHelp[]>;
	/** Completions for a free call and for a member call. */
	readonly free: readonly Completion[];
	readonly members: readonly Completion[];
}

/** Builds the lookups of a help list. */
export function indexApiHelp(list: readonly ApiHelp[], lang: Lang): ApiHelpIndex {
	const byName = new Map<string, ApiHelp>();
	const byMember = new Map<string, ApiHelp[]>();
	const free: Completion[] = [];
	const members = new Map<string, Completion>();
	for (const help of list) {
		for (const name of [help.name, ...help.aliases]) byName.set(name, help);
		const info = () => helpNode(help, lang);
		if (help.owner === undefined) {
			for (const name of [help.name, ...help.aliases])
				free.push({ label: name, type: 'function', detail: help.signatures[0], info });
			continue;
		}
		if (help.member === help.owner || help.member.startsWith('operator')) continue;
		byMember.set(help.member, [...(byMember.get(help.member) ?? []), help]);
		if (!members.has(help.member))
			members.set(help.member, { label: help.member, type: 'method', detail: help.owner, info });
	}
	return { byName, byMember, free, members: [...members.values()] };
}

const loads = new Map<Lang, Promise<ApiHelpIndex | undefined>>();

/** The help of `lang`, fetched once; undefined when it cannot be loaded (the editor goes on). */
export function loadApiHelp(lang: Lang): Promise<ApiHelpIndex | undefined> {
	let load = loads.get(lang);
	if (!load) {
		load = fetch(`/${lang}/api.json`)
			.then((r) => (r.ok ? (r.json() as Promise<ApiHelp[]>) : Promise.reject(r.status)))
			.then((list) => indexApiHelp(list, lang))
			.catch(() => {
				loads.delete(lang);
				return undefined;
			});
		loads.set(lang, load);
	}
	return load;
}

/** Words around the help, per language. */
const WORDS = {
	zh: { requires: '前提：', more: '查看 API 参考' },
	en: { requires: 'Needs: ', more: 'API reference' },
} as const;

/** One API's help as nodes: signatures, doc text, preconditions, limits and its link. */
export function helpNode(help: ApiHelp, lang: Lang): HTMLElement {
	const w = WORDS[lang];
	const dom = document.createElement('div');
	dom.className = 'cm-repro-api-help';
	dom.lang = lang === 'zh' ? 'zh-CN' : 'en';
	for (const sig of help.signatures) {
		const code = document.createElement('code');
		code.className = 'cm-repro-api-sig';
		code.textContent = sig;
		dom.append(code);
	}
	const para = (text: string, className?: string) => {
		const p = document.createElement('p');
		if (className) p.className = className;
		p.textContent = text;
		dom.append(p);
		return p;
	};
	para(help.doc);
	para(`${w.requires}${help.requires}`, 'cm-repro-api-meta');
	for (const limit of help.limits) para(limit, 'cm-repro-api-meta');
	const link = document.createElement('a');
	link.href = help.url;
	link.textContent = w.more;
	para('').append(link);
	return dom;
}

/** The name at `pos` with its extent, `::` qualifiers included, and whether `.`/`->` precedes it. */
export function nameAt(
	line: string,
	offset: number,
): { from: number; to: number; name: string; member: boolean } | null {
	const isName = (c: string | undefined) => c !== undefined && /[\w:]/.test(c);
	let from = offset;
	let to = offset;
	while (isName(line[from - 1])) from--;
	while (isName(line[to])) to++;
	if (from === to) return null;
	const before = line.slice(0, from).trimEnd();
	return {
		from,
		to,
		name: line.slice(from, to),
		member: before.endsWith('.') || before.endsWith('->'),
	};
}

/** The help for a name as a program writes it, or the helps of a member name; empty when none. */
export function helpFor(index: ApiHelpIndex, name: string, member: boolean): readonly ApiHelp[] {
	const bare = name.replace(/^(?:::)?(?:AscendC|tik2)::/, '');
	if (member) return index.byMember.get(bare) ?? [];
	const found = index.byName.get(bare);
	return found ? [found] : [];
}

/** Syntax nodes inside which no name is completed. */
const NO_COMPLETION = new Set([
	'LineComment',
	'BlockComment',
	'String',
	'RawString',
	'CharLiteral',
]);

/**
 * The completion source: free functions, or members after `.` and `->`, whose name starts with
 * what was typed (case-sensitive, as C++ is), never inside a comment or a string. Prefix-only on
 * purpose: a line typed to its end and Enter must not pick a fuzzy match of a plain word.
 */
export function apiCompletions(lang: Lang) {
	return async (context: CompletionContext): Promise<CompletionResult | null> => {
		const word = context.matchBefore(/[\w:]+/);
		const from = word?.from ?? context.pos;
		const before = context.state.sliceDoc(Math.max(0, from - 2), from);
		const member = before.endsWith('.') || before.endsWith('->');
		if (!context.explicit && (!word || (!member && word.to - word.from < 3))) return null;
		const node = syntaxTree(context.state).resolveInner(context.pos, -1);
		if (NO_COMPLETION.has(node.name)) return null;
		const index = await loadApiHelp(lang);
		if (!index) return null;
		const text = word?.text ?? '';
		const prefix = text.match(/^(?:::)?(?:AscendC|tik2)::/)?.[0].length ?? 0;
		const typed = text.slice(prefix);
		const options = (member ? index.members : index.free).filter((c) => c.label.startsWith(typed));
		if (options.length === 0) return null;
		return { from: from + prefix, options, filter: false };
	};
}

/** The hover tooltip over an API name, or null when the name is not in the catalog. */
export async function apiHover(view: EditorView, pos: number, lang: Lang): Promise<Tooltip | null> {
	const line = view.state.doc.lineAt(pos);
	const hit = nameAt(line.text, pos - line.from);
	if (!hit) return null;
	const index = await loadApiHelp(lang);
	if (!index) return null;
	const helps = helpFor(index, hit.name, hit.member).slice(0, 3);
	if (helps.length === 0) return null;
	return {
		pos: line.from + hit.from,
		end: line.from + hit.to,
		above: true,
		create: () => {
			const dom = document.createElement('div');
			dom.className = 'cm-repro-api-tips';
			for (const help of helps) dom.append(helpNode(help, lang));
			return { dom };
		},
	};
}
