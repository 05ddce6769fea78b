/**
 * The codes triage knows: the error-code index in the compact form `/codes.json` serves (the
 * CLI and tests build the same from the family files). Resolves a token a log prints — six
 * digits, a hex inner or task-scheduler number, a screen code, a constant name, a small HCCL or
 * driver number in its context — to the code's entry. Screen codes the index lacks still get
 * a meaning from their module letter, without a page.
 */
import { z } from 'zod';
import { candidateIds, hexId, INNER_CODE_BASE } from '../codes/code-id.ts';
import type { CodesJsonEntry } from '../codes/codes-json.ts';
import { CODE_KINDS } from '../codes/code-kind.ts';
import type { Lang, Localized } from './localized.ts';
import { screenCodeFallback } from './screen-modules.ts';

/** What triage needs of one code. */
export interface DirectoryEntry {
	code: string;
	kind: (typeof CODE_KINDS)[number];
	name?: string;
	aliases?: string[];
	family?: string;
	summary: Localized;
	/** Languages with a full explanation on the code page. */
	explained: Lang[];
	/** True when the code only says that something inside failed. */
	generic: boolean;
	related: string[];
	cases: string[];
	/** False for a screen code the index does not list: it has no page. */
	hasPage: boolean;
}

/** How a token was found, which decides the families it may belong to. */
export type TokenHint =
	'acl' | 'hex' | 'inner-hex' | 'screen' | 'name' | 'hccl' | 'drv' | 'decimal' | 'pta';

const entrySchema = z.object({
	code: z.string(),
	kind: z.enum(CODE_KINDS),
	family: z.string(),
	name: z.string().optional(),
	aliases: z.array(z.string()).optional(),
	summary: z.object({ zh: z.string(), en: z.string() }),
	explained: z.array(z.enum(['zh', 'en'])),
	generic: z.boolean(),
	related: z.array(z.string()),
	cases: z.array(z.string()),
});
const documentSchema = z.object({ version: z.literal(1), codes: z.array(entrySchema) });

/** The directory; see the module comment. */
export class CodeDirectory {
	#byId = new Map<string, DirectoryEntry>();
	#byName = new Map<string, DirectoryEntry>();

	constructor(entries: readonly Omit<DirectoryEntry, 'hasPage'>[]) {
		for (const entry of entries) {
			const known: DirectoryEntry = { ...entry, hasPage: true };
			this.#byId.set(entry.code, known);
			for (const name of [entry.name, ...(entry.aliases ?? [])]) {
				if (name && /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) && !this.#byName.has(name)) {
					this.#byName.set(name, known);
				}
			}
		}
	}

	/** The directory of a `/codes.json` document (or the object `toCodesJson` builds). */
	static fromJson(json: unknown): CodeDirectory {
		const parsed = documentSchema.parse(json);
		return new CodeDirectory(parsed.codes);
	}

	/** The directory of `/codes.json` entries already in memory (CLI, tests). */
	static fromEntries(entries: readonly CodesJsonEntry[]): CodeDirectory {
		return new CodeDirectory(entries);
	}

	/** How many codes the directory holds. */
	get size(): number {
		return this.#byId.size;
	}

	/** The entry with this id. */
	get(id: string): DirectoryEntry | undefined {
		return this.#byId.get(id);
	}

	/** The entry a token stands for, given how it was found; undefined when none fits. */
	resolve(token: string, hint: TokenHint): DirectoryEntry | undefined {
		switch (hint) {
			case 'acl':
				return /^[1-5]\d{5}$/.test(token) ? this.#byId.get(token) : undefined;
			case 'screen':
				return this.#byId.get(token) ?? screenCodeFallback(token);
			case 'name':
				return this.#byName.get(token);
			case 'pta':
				return this.#byId.get(token);
			case 'hccl':
				return this.#byId.get(`hccl-${Number(token)}`);
			case 'drv':
				return this.#byId.get(`drv-${Number(token)}`);
			case 'hex':
			case 'inner-hex': {
				// Small numbers are task-scheduler codes only after `retCode=`; after `error code =`
				// they are hardware error registers (`error code = 0x10` of an aivec error).
				const hex = hexId(token);
				if (!hex) return undefined;
				const value = Number.parseInt(hex.slice(2), 16);
				if (value >= INNER_CODE_BASE) return this.#byId.get(hex);
				return hint === 'hex' ? this.#byId.get(`ts-${hex}`) : undefined;
			}
			case 'decimal': {
				// A decimal inner number (`error=117571619` is 0x7020023).
				const value = Number(token);
				if (!Number.isSafeInteger(value) || value < INNER_CODE_BASE) return undefined;
				return this.#byId.get(`0x${value.toString(16)}`);
			}
		}
	}

	/** The entry a reader's spelling names (`ee1023`, `117571619`, a constant). */
	find(spelling: string): DirectoryEntry | undefined {
		for (const id of candidateIds(spelling)) {
			const found = this.#byId.get(id) ?? this.#byName.get(id);
			if (found) return found;
		}
		return undefined;
	}
}
