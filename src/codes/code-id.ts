/**
 * Code spellings: turns whatever a reader types or a log prints (`ee1023`, `0x07020023`,
 * `117571619`, `ACL_ERROR_RT_NO_EVENT_RESOURCE`, `DRV_ERROR_INNER_ERR`) into the candidate ids
 * of the index, and lists every spelling of an id so search finds the page by any of them.
 */
import { CODE_ID_PATTERNS, type CodeKind } from './code-kind.ts';

/** Inner runtime numbers start at this value (`RT_ERRORCODE_BASE`, internal_error_define.hpp). */
export const INNER_CODE_BASE = 0x07010000;

/** The kind an id belongs to, read from its spelling. */
export function kindOfId(id: string): CodeKind | undefined {
	for (const [kind, pattern] of Object.entries(CODE_ID_PATTERNS) as [CodeKind, RegExp][]) {
		if (pattern.test(id)) return kind;
	}
	return undefined;
}

/** `0x07020023`, `0X7020023` or `7020023` (with `hex`) → `0x7020023`; undefined when not hex. */
export function hexId(text: string): string | undefined {
	const digits = text.trim().replace(/^0x/i, '');
	if (!/^[0-9a-f]+$/i.test(digits)) return undefined;
	const value = Number.parseInt(digits, 16);
	if (!Number.isSafeInteger(value) || value === 0) return undefined;
	return `0x${value.toString(16)}`;
}

/**
 * The ids a typed or printed spelling may stand for, most likely first. Bare small numbers
 * (`7`) stay ambiguous between the driver and HCCL families, so both are returned; names are
 * returned upper-cased for a name lookup.
 */
export function candidateIds(spelling: string): string[] {
	const text = spelling.trim().replace(/^[([{'"`]+|[)\]}'"`.,;:!]+$/g, '');
	if (text === '') return [];
	const upper = text.toUpperCase();
	if (/^[EWI][0-9A-Z]\d{4}$/.test(upper) || /^ERR\d{5}$/.test(upper)) return [upper];
	const lower = text.toLowerCase();
	if (/^(?:ts|drv|hccl)-/.test(lower)) {
		const [prefix, rest] = [
			lower.slice(0, lower.indexOf('-')),
			lower.slice(lower.indexOf('-') + 1),
		];
		if (prefix === 'ts') {
			const hex = hexId(rest);
			return hex ? [`ts-${hex}`] : [];
		}
		return /^\d+$/.test(rest) ? [`${prefix}-${Number(rest)}`] : [];
	}
	if (/^0x[0-9a-f]+$/.test(lower)) {
		const hex = hexId(lower)!;
		const value = Number.parseInt(hex.slice(2), 16);
		return value >= INNER_CODE_BASE ? [hex] : [`ts-${hex}`, hex];
	}
	if (/^\d+$/.test(text)) {
		const value = Number(text);
		if (/^[1-5]\d{5}$/.test(text)) return [text];
		if (value >= INNER_CODE_BASE) return [`0x${value.toString(16)}`];
		if (value > 0 && value < 1000) return [`drv-${value}`, `hccl-${value}`];
		return [];
	}
	if (/^[A-Z][A-Z0-9_]+$/.test(upper) && upper.includes('_')) return [upper];
	return [];
}

/**
 * Every spelling of `id` a reader might type or a log might print, including the id: decimal
 * and hex forms of inner numbers (117571619 = 0x7020023 = 0x07020023), both cases of screen
 * codes, and the names given.
 */
export function spellingsOf(id: string, names: readonly string[] = []): string[] {
	const out = new Set<string>([id]);
	const kind = kindOfId(id);
	if (kind === 'screen' || kind === 'pta') out.add(id.toLowerCase());
	if (kind === 'inner' || kind === 'ts') {
		const hex = kind === 'ts' ? id.slice(3) : id;
		const value = Number.parseInt(hex.slice(2), 16);
		out.add(hex);
		out.add(`0x${value.toString(16).padStart(8, '0')}`);
		out.add(`0x${value.toString(16).toUpperCase()}`);
		if (kind === 'inner') out.add(String(value));
	}
	if (kind === 'drv' || kind === 'hccl') out.add(id.slice(id.indexOf('-') + 1));
	for (const name of names) out.add(name);
	return [...out];
}
