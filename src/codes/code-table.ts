/**
 * The error-code index in memory: every row of every family, found by id, by name or by any
 * spelling, with the codes each is tied to and a one-line meaning in each language. Built once
 * from the family files and the list of explanations; the site, the CLI, `/codes.json` and
 * triage all read it. Guarantees: ids are unique across families; `related` is symmetric.
 */
import { candidateIds, spellingsOf } from './code-id.ts';
import type { CodeFamily, CodeKind, CodeLang, CodeRow } from './schema.ts';

/** A row with the family facts it inherits. */
export interface CodeEntry extends CodeRow {
	family: string;
	kind: CodeKind;
	module: string;
}

/** What is known about a code's explanation in one language. */
export interface ExplanationInfo {
	summary: string;
}

/** Explanations by code id, per language (only the languages that exist). */
export type ExplanationIndex = ReadonlyMap<string, Partial<Record<CodeLang, ExplanationInfo>>>;

/** Screen codes whose four digits are at least this are internal (E*9***). */
const FIRST_INTERNAL_SCREEN_NUMBER = 9000;

/** aclError values that only say "something inside failed" (25-01_aclError.md, rules 4–5). */
const GENERIC_ACL = new Set(['500000', '500001', '500002', '500003', '500004', '500005', '507000']);

/** The index; see the module comment. */
export class CodeTable {
	readonly families: readonly CodeFamily[];
	#byId = new Map<string, CodeEntry>();
	#byName = new Map<string, CodeEntry>();
	#related = new Map<string, Set<string>>();
	#explained: ExplanationIndex;

	constructor(families: readonly CodeFamily[], explained: ExplanationIndex = new Map()) {
		this.families = families;
		this.#explained = explained;
		for (const family of families) {
			for (const row of family.codes) {
				const entry: CodeEntry = {
					...row,
					family: family.family,
					kind: family.kind,
					module: family.module,
				};
				if (this.#byId.has(row.code)) {
					throw new Error(
						`code ${row.code} is in both ${this.#byId.get(row.code)!.family} and ${family.family}`,
					);
				}
				this.#byId.set(row.code, entry);
			}
		}
		for (const entry of this.#byId.values()) {
			for (const name of [entry.name, ...(entry.aliases ?? [])]) {
				// Titles such as Invalid_Argument are shared by many screen codes: only constants index.
				if (name && /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) && !this.#byName.has(name)) {
					this.#byName.set(name, entry);
				}
			}
			const links = [
				...(entry.related ?? []),
				...(entry.see ?? []).map((see) => see.code),
				...(entry.maps && this.#byId.has(entry.maps.code) ? [entry.maps.code] : []),
			];
			for (const other of links) {
				if (other === entry.code || !this.#byId.has(other)) continue;
				this.#link(entry.code, other);
				this.#link(other, entry.code);
			}
		}
	}

	#link(from: string, to: string): void {
		const set = this.#related.get(from) ?? new Set<string>();
		set.add(to);
		this.#related.set(from, set);
	}

	/** Every entry, family by family in file order. */
	entries(): CodeEntry[] {
		return [...this.#byId.values()];
	}

	/** How many codes the index holds. */
	get size(): number {
		return this.#byId.size;
	}

	/** The entry with this exact id. */
	get(id: string): CodeEntry | undefined {
		return this.#byId.get(id);
	}

	/** The entry a spelling stands for (`ee1023`, `117571619`, `ACL_ERROR_RT_…`), if exactly one. */
	find(spelling: string): CodeEntry | undefined {
		for (const id of candidateIds(spelling)) {
			const entry = this.#byId.get(id) ?? this.#byName.get(id);
			if (entry) return entry;
		}
		return undefined;
	}

	/** Ids tied to `id` by the sources (either direction), sorted. */
	relatedIds(id: string): string[] {
		return [...(this.#related.get(id) ?? [])].sort(compareIds);
	}

	/** Every spelling of the entry's code a reader might type. */
	spellings(entry: CodeEntry): string[] {
		return spellingsOf(entry.code, [entry.name ?? '', ...(entry.aliases ?? [])].filter(Boolean));
	}

	/** The languages in which the code has a full explanation. */
	explainedIn(id: string): CodeLang[] {
		const found = this.#explained.get(id);
		return found ? (Object.keys(found) as CodeLang[]) : [];
	}

	/** True when the code says only that something inside failed (E*9***, 50000x, 507000, ERR…). */
	isGeneric(entry: CodeEntry): boolean {
		if (entry.kind === 'screen') return Number(entry.code.slice(2)) >= FIRST_INTERNAL_SCREEN_NUMBER;
		// torch_npu's ERR codes label the exception they end (ERR00100: an ACL call failed, whose
		// own code says why; ERR02005: the watchdog caught an exception, printed next to it).
		if (entry.kind === 'pta') return true;
		return GENERIC_ACL.has(entry.code);
	}

	/**
	 * One line saying what the code means in `lang`: our explanation's summary when there is one,
	 * otherwise the official words (marked as quoted), otherwise the name.
	 */
	brief(entry: CodeEntry, lang: CodeLang): string {
		const own = this.#explained.get(entry.code)?.[lang]?.summary;
		if (own) return own;
		const official = entry.official;
		const meaning = official?.meaning?.[lang];
		if (meaning) return meaning;
		// torch_npu's English message for an aclError, first line (the second says what to do).
		if (lang === 'en' && official?.torchNpu) return official.torchNpu.split('\n')[0]!.trim();
		if (entry.maps?.desc) return `“${entry.maps.desc}” → ${entry.maps.code}`;
		if (official?.comment) return `“${official.comment}”`;
		if (entry.template) return `“${entry.template}”`;
		if (lang === 'zh' && official?.meaning?.en) return official.meaning.en;
		if (lang === 'en' && official?.meaning?.zh) return official.meaning.zh;
		return entry.name ?? entry.code;
	}
}

/** Orders ids: aclError numbers, then screen codes, then the prefixed families, each naturally. */
export function compareIds(a: string, b: string): number {
	return a.localeCompare(b, 'en', { numeric: true });
}
