/**
 * Parsing: the preprocessor pass, then the Lezer C++ grammar (the tree CodeMirror's
 * `@codemirror/lang-cpp` highlights). Syntax errors become `parse-error` diagnostics with the
 * user's line and column; the editor shows them as you type.
 */
import type { Tree } from '@lezer/common';
import { parser } from '@lezer/cpp';
import type { Diagnostic } from '../sim/trace.ts';
import { langDiagnostic } from './diagnostics.ts';
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

/** Parses `source` for the editor: the tree and the diagnostics. Never throws. */
export function parseProgram(source: string, options: PreprocessOptions = {}): ParsedProgram {
	const { tree, diagnostics } = parseForRun(source, options);
	return { tree, diagnostics };
}

/** Parses `source` and keeps the preprocessor output and the source map for the interpreter. */
export function parseForRun(source: string, options: PreprocessOptions = {}): ParseResult {
	const pre = preprocess(source, options);
	const tree = parser.parse(pre.text);
	const map = new SourceMap(source);
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

function errorText(text: string, from: number, to: number): string {
	let shown = text.slice(from, Math.max(to, from + 1));
	if (to <= from) {
		const m = /^\s*(\S{1,20})/.exec(text.slice(from, from + 40));
		shown = m?.[1] ?? text.slice(from, from + 1);
	}
	shown = shown.replace(/\s+/g, ' ').trim();
	return shown.length > 30 ? `${shown.slice(0, 30)}…` : shown || '?';
}
