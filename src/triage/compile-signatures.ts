/**
 * Compiles signature entries once: each regex with its required literals, so matching a long
 * log runs cheap `includes` checks first and the regex only on lines that could match.
 */
import { requiredLiterals } from './required-literals.ts';
import type { SignatureEntry } from './signature-entry.ts';

/** A compiled pattern. `literals`, when present, are alternatives one of which every match contains. */
export interface CompiledPattern {
	source: string;
	regex: RegExp;
	literals?: readonly string[];
}

/** A signature ready to match; `index` is its place in the registry (the matching order). */
export interface CompiledSignature {
	entry: SignatureEntry;
	index: number;
	pattern: CompiledPattern;
	also: readonly CompiledPattern[];
	unless: readonly CompiledPattern[];
}

/** Compiles one regex source with the `u` flag; throws naming the source if it is invalid. */
export function compilePattern(source: string): CompiledPattern {
	const regex = new RegExp(source, 'u');
	const literals = requiredLiterals(source);
	return literals ? { source, regex, literals } : { source, regex };
}

/** Compiles entries in registry order. */
export function compileSignatures(entries: readonly SignatureEntry[]): CompiledSignature[] {
	return entries.map((entry, index) => ({
		entry,
		index,
		pattern: compilePattern(entry.pattern),
		also: entry.also.map(compilePattern),
		unless: entry.unless.map(compilePattern),
	}));
}

/** Whether the pattern can match `text` at all (its literals occur); always true without literals. */
export function mayMatch(pattern: CompiledPattern, text: string): boolean {
	const { literals } = pattern;
	if (!literals) return true;
	for (const literal of literals) if (text.includes(literal)) return true;
	return false;
}

/** Whether the pattern matches `text`: the literal check first, then the regex. */
export function testPattern(pattern: CompiledPattern, text: string): boolean {
	return mayMatch(pattern, text) && pattern.regex.test(text);
}
