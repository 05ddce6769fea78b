/**
 * Parsing: the preprocessor pass, then the Lezer C++ grammar (the tree CodeMirror's
 * `@codemirror/lang-cpp` highlights). Syntax errors become `parse-error` diagnostics with the
 * user's line and column; the editor shows them as you type.
 */
import type { Tree } from '@lezer/common';
import { parser } from '@lezer/cpp';
import type { Diagnostic } from '../sim/trace.ts';
import { DEFAULT_LIMITS } from '../sim/limits.ts';
import { langDiagnostic } from './diagnostics.ts';
import { bracketsTooDeep, treeTooDeep, type TooDeep } from './nesting.ts';
import { isStackOverflow } from './run-limits.ts';
import { preprocess, type Preprocessed, type PreprocessOptions } from './preprocess.ts';
import { SourceMap } from './source-map.ts';

/** The most syntax errors reported for one program; later ones are usually echoes. */
export const MAX_PARSE_ERRORS = 5;

/** A parsed program. */
export interface ParsedProgram {
	/** The Lezer tree of the preprocessed text (same offsets as the source). */
	tree: Tree;
	/** Preprocessor and syntax diagnostics, in source order. */
	diagnostics: Diagnostic[];
}

/** A parsed program with what the interpreter needs beyond the tree. */
export interface ParseResult extends ParsedProgram {
	source: string;
	pre: Preprocessed;
	map: SourceMap;
}

/** Options of a parse: the preprocessor's, and how deep the program may nest. */
export interface ParseOptions extends PreprocessOptions {
	/** Deepest nesting of brackets, expressions and statements read (default: the limit's). */
	maxNesting?: number;
}

/** Parses `source` for the editor: the tree and the diagnostics. Never throws. */
export function parseProgram(source: string, options: ParseOptions = {}): ParsedProgram {
	const { tree, diagnostics } = parseForRun(source, options);
	return { tree, diagnostics };
}

/**
 * Parses `source` and keeps the preprocessor output and the source map for the interpreter. A
 * program nested deeper than `maxNesting` gets one `nesting-too-deep` error instead of the
 * syntax errors the parser would report there; the caller must not compile it.
 */
export function parseForRun(source: string, options: ParseOptions = {}): ParseResult {
	const limit = options.maxNesting ?? DEFAULT_LIMITS.maxNesting;
	const map = new SourceMap(source);
	const brackets = bracketsTooDeep(source, limit);
	if (brackets) return tooDeep(source, map, brackets, limit, options);
	const pre = preprocess(source, options);
	let tree: Tree;
	try {
		tree = parser.parse(pre.text);
	} catch (error) {
		// The parser builds its tree recursively: a chain of operators no bracket shows (10,000
		// unary minuses) can overflow a small stack, such as a browser worker's, before the
		// nesting is measured. That program is nested too deep to read.
		if (!isStackOverflow(error)) throw error;
		return tooDeep(source, map, { offset: 0, depth: Number.NaN }, limit, options, pre);
	}
	const deep = treeTooDeep(tree, limit);
	if (deep) return tooDeep(source, map, deep, limit, options, pre, tree);
	const diagnostics = [...pre.diagnostics];
	let errors = 0;
	tree.iterate({
		enter(node) {
			if (errors >= MAX_PARSE_ERRORS) return false;
			if (!node.type.isError) return undefined;
			const pos = map.position(node.from);
			// Lezer can report two error nodes at one place; one diagnostic is enough.
			const last = diagnostics[diagnostics.length - 1];
			if (last && last.line === pos.line && last.column === pos.column) return false;
			errors++;
			if (node.from >= pre.text.length) {
				diagnostics.push(langDiagnostic('parse-unexpected-end', pos));
			} else {
				const text = errorText(pre.text, node.from, node.to);
				diagnostics.push(langDiagnostic('parse-error', pos, { text }));
			}
			return false;
		},
	});
	diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
	return { tree, diagnostics, source, pre, map };
}

/** The parse result of a program refused for its nesting (nothing else is reported). */
function tooDeep(
	source: string,
	map: SourceMap,
	where: TooDeep,
	limit: number,
	options: PreprocessOptions,
	pre: Preprocessed = preprocess('', options),
	tree: Tree = parser.parse(''),
): ParseResult {
	const diagnostic = langDiagnostic('nesting-too-deep', map.position(where.offset), {
		depth: Number.isNaN(where.depth) ? `more than ${limit}` : where.depth,
		limit,
	});
	return { tree, diagnostics: [diagnostic], source, pre, map };
}

function errorText(text: string, from: number, to: number): string {
	let shown = text.slice(from, Math.max(to, from + 1));
	if (to <= from) {
		const m = /^\s*(\S{1,20})/.exec(text.slice(from, from + 40));
		shown = m?.[1] ?? text.slice(from, from + 1);
	}
	shown = shown.replace(/\s+/g, ' ').trim();
	return shown.length > 30 ? `${shown.slice(0, 30)}…` : shown || '?';
}
