/**
 * Parsing: the preprocessor pass, then the Lezer C++ grammar (the tree CodeMirror's
 * `@codemirror/lang-cpp` highlights). Syntax errors become `parse-error` diagnostics with the
 * user's line and column; the editor shows them as you type.
 */
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/cpp';
import type { Diagnostic } from '../sim/trace.ts';
import { langDiagnostic } from './diagnostics.ts';
import {
	preprocess,
	type MacroDef,
	type MissingHeader,
	type Preprocessed,
	type PreprocessOptions,
} from './preprocess.ts';
import { Project } from './project.ts';
import { SourceMap, type FileSegment } from './source-map.ts';

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
	/** Every translation unit (with its headers) one after another: the text offsets refer to. */
	source: string;
	pre: Preprocessed;
	map: SourceMap;
	/** The translation units: where each starts in `source`, its path and its own macros. */
	units: ParsedUnit[];
	/** The program's files. */
	project: Project;
}

/** One translation unit of a parsed program. */
export interface ParsedUnit {
	path: string;
	/** Offset of its first character in the combined source. */
	from: number;
	/** The macros defined at its end (offsets into the combined source). */
	macros: Map<string, MacroDef>;
}

/** Parses `source` for the editor: the tree and the diagnostics. Never throws. */
export function parseProgram(source: string, options: PreprocessOptions = {}): ParsedProgram {
	const { tree, diagnostics } = parseForRun(source, options);
	return { tree, diagnostics };
}

/** Parses `source` and keeps the preprocessor output and the source map for the interpreter. */
export function parseForRun(source: string, options: PreprocessOptions = {}): ParseResult {
	return parseProject(new Project({ source }), options);
}

/**
 * Parses every translation unit of `project` into one tree: each unit is preprocessed on its
 * own (its own macros, its headers spliced in), then the units are laid one after another, so a
 * call in one unit finds a function defined in another as a linker would. A source file that
 * another unit includes is not also compiled on its own.
 */
export function parseProject(project: Project, options: PreprocessOptions = {}): ParseResult {
	const named = project.multiFile;
	const done = project.units().map((unit) => ({
		unit,
		pre: preprocess(unit.text, {
			...options,
			path: unit.path,
			namedPositions: named,
			resolveInclude: (name, from, angled) =>
				project.resolveInclude(name, from || project.entry, angled),
		}),
	}));
	const includedElsewhere = new Set(done.flatMap((d) => d.pre.included));
	const kept = done.filter((d, i) => i === 0 || !includedElsewhere.has(d.unit.path));
	const pre = combineUnits(kept.map((d) => d.pre));
	const source = pre.source;
	const tree = parseWithFixes(pre);
	const map = new SourceMap(source, {
		segments: pre.segments,
		textOf: (path) => project.files.get(path)?.text ?? '',
		named,
	});
	let from = 0;
	const units: ParsedUnit[] = kept.map((d) => {
		const u = { path: d.unit.path, from, macros: shiftMacros(d.pre.macros, from) };
		from += d.pre.source.length + 1;
		return u;
	});
	pre.macros = units[0]!.macros;
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
	diagnostics.sort(
		(a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.column - b.column,
	);
	return { tree, diagnostics, source, pre, map, units, project };
}

/** The preprocessed units laid one after another, a line break between two. */
function combineUnits(parts: readonly Preprocessed[]): Preprocessed {
	if (parts.length === 1) return parts[0]!;
	const sources: string[] = [];
	const texts: string[] = [];
	const segments: FileSegment[] = [];
	const missing: MissingHeader[] = [];
	const globalOffsets: number[] = [];
	const launchOffsets: number[] = [];
	const macroArgs = new Map<number, string[]>();
	const diagnostics: Preprocessed['diagnostics'] = [];
	const included: string[] = [];
	let from = 0;
	for (const p of parts) {
		sources.push(p.source);
		texts.push(p.text);
		for (const s of p.segments) segments.push({ ...s, from: s.from + from, to: s.to + from });
		for (const o of p.globalOffsets) globalOffsets.push(o + from);
		for (const o of p.launchOffsets) launchOffsets.push(o + from);
		for (const [o, args] of p.macroArgs) macroArgs.set(o + from, args);
		missing.push(...p.missing);
		diagnostics.push(...p.diagnostics);
		included.push(...p.included);
		from += p.source.length + 1;
	}
	return {
		source: sources.join('\n'),
		text: texts.join('\n'),
		segments,
		missing,
		included,
		macros: new Map(),
		globalOffsets,
		launchOffsets,
		macroArgs,
		braceInits: new Set(),
		fieldInits: new Map(),
		diagnostics,
	};
}

/**
 * A "function definition" that is really `T x{…};`: a type, a plain name and a brace list, with
 * no function declarator (every real definition has one, perhaps under `*` or `&`).
 */
function isBraceDeclaration(n: SyntaxNode): boolean {
	let named = false;
	for (let c = n.firstChild; c; c = c.nextSibling) {
		if (c.name === 'Identifier') named = true;
		else if (/Declarator$/.test(c.name) || c.name === 'FieldInitializerList') return false;
	}
	return named;
}

function ancestor(n: SyntaxNode, name: string): SyntaxNode | undefined {
	for (let p = n.parent; p; p = p.parent) if (p.name === name) return p;
	return undefined;
}

/**
 * `int a = 1, b{2};` in a class (the grammar reads one initialiser per member declaration):
 * the initialisers of the declaration starting at `from` are blanked and kept in `inits` by the
 * offset of each member's name. Returns whether it changed anything.
 */
function setAsideFieldInits(chars: string[], from: number, inits: Map<number, string>): boolean {
	let depth = 0;
	let end = from;
	const cuts: number[] = [];
	for (; end < chars.length; end++) {
		const c = chars[end]!;
		if (c === '(' || c === '[' || c === '{') depth++;
		else if (c === ')' || c === ']' || c === '}') depth--;
		else if (depth === 0 && (c === ',' || c === ';')) {
			cuts.push(end);
			if (c === ';') break;
		}
	}
	if (cuts.length < 2 || chars[end] !== ';') return false;
	let changed = false;
	let start = from;
	for (const cut of cuts) {
		const part = chars.slice(start, cut).join('');
		const m = /([A-Za-z_]\w*)(\s*)(=|\{)([\s\S]*)$/.exec(part);
		if (m && !(m[3] === '{' && !m[4]!.trimEnd().endsWith('}'))) {
			const nameAt = start + m.index;
			const initAt = nameAt + m[1]!.length + m[2]!.length;
			const value = m[3] === '=' ? m[4]! : m[4]!.trimEnd().slice(0, -1);
			inits.set(nameAt, value.trim());
			for (let k = initAt; k < cut; k++) if (chars[k] !== '\n') chars[k] = ' ';
			changed = true;
		}
		start = cut + 1;
	}
	return changed;
}

/** Words that can stand before `name{…}` without declaring it. */
const NOT_A_TYPE = new Set(['return', 'case', 'throw', 'new', 'else', 'do', 'co_return', 'goto']);

/**
 * `int a{0}, b{1};` (brace-initialised declarators after the first, which the grammar cannot
 * read) on the line of `at`: each `name{value}` becomes `name=value ` (same length, same
 * meaning for one value). Returns whether it changed anything.
 */
function bracedDeclarators(chars: string[], at: number): boolean {
	let from = at;
	while (from > 0 && chars[from - 1] !== '\n') from--;
	let to = at;
	while (to < chars.length && chars[to] !== '\n') to++;
	const line = chars.slice(from, to).join('');
	let changed = false;
	for (const m of line.matchAll(/([A-Za-z_]\w*)\{([^{}();,]+)\}(?=\s*[,;])/g)) {
		const before = line.slice(0, m.index).trimEnd();
		const word = /(\w+)$/.exec(before)?.[1];
		if (!/[\w*&,]$/.test(before) || (word && NOT_A_TYPE.has(word))) continue;
		const open = from + m.index + m[1]!.length;
		chars[open] = '=';
		chars[open + m[2]!.length + 1] = ' ';
		changed = true;
	}
	return changed;
}

/** Rounds of grammar fix-ups before the tree is taken as it is. */
const MAX_FIX_ROUNDS = 4;

/**
 * Parses `pre.text`, mending two places where the Lezer C++ grammar reads valid C++ as an
 * error, by equal-length edits and a new parse: a `;` after a member function's body
 * (`A() {};` in a class) becomes a space; a declaration with a brace initialiser that the
 * grammar took for a function definition (`T x{a, b, c};`) or for comparisons (`A<T> x{a};`)
 * gets `(` `)` for its braces, noted in `pre.braceInits`; members declared together with
 * initialisers have them set aside (`pre.fieldInits`).
 */
function parseWithFixes(pre: Preprocessed): Tree {
	let tree = parser.parse(pre.text);
	for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
		const chars = pre.text.split('');
		let changed = false;
		tree.iterate({
			enter(node) {
				if (node.type.isError) {
					let i = node.from;
					while (i < chars.length && /\s/.test(chars[i]!)) i++;
					let j = node.from - 1;
					while (j >= 0 && /\s/.test(chars[j]!)) j--;
					const field = ancestor(node.node, 'FieldDeclaration');
					if (chars[i] === ';' && chars[j] === '}') {
						chars[i] = ' ';
						changed = true;
					} else if (field && setAsideFieldInits(chars, field.from, pre.fieldInits)) {
						changed = true;
					} else if (bracedDeclarators(chars, node.from)) changed = true;
					return false;
				}
				if (node.name === 'CompoundLiteralExpression') {
					// `A<T> b{…};` read as `(A < T) > b{…}`: a declaration with a template type.
					const list = node.node.getChild('InitializerList');
					const stmt = node.node.parent?.parent;
					const head = stmt ? chars.slice(stmt.from, node.from).join('') : '';
					if (
						list &&
						stmt?.name === 'ExpressionStatement' &&
						/^\s*[\w:]+\s*<[^;{}]*>\s*$/.test(head)
					) {
						chars[list.from] = '(';
						chars[list.to - 1] = ')';
						pre.braceInits.add(list.from);
						changed = true;
						return false;
					}
				}
				if (node.name === 'FunctionDefinition' && isBraceDeclaration(node.node)) {
					const body = node.node.getChild('CompoundStatement');
					if (
						body &&
						chars[body.to - 1] === '}' &&
						!/\S/.test(pre.text.slice(body.from + 1, body.to - 1))
					) {
						// `T x{};` value-initialises: `T x  ;` (parentheses would declare a function).
						chars[body.from] = ' ';
						chars[body.to - 1] = ' ';
						changed = true;
						return false;
					}
					if (body && chars[body.to - 1] === '}') {
						chars[body.from] = '(';
						chars[body.to - 1] = ')';
						pre.braceInits.add(body.from);
						changed = true;
						return false;
					}
				}
				return undefined;
			},
		});
		if (!changed) break;
		pre.text = chars.join('');
		tree = parser.parse(pre.text);
	}
	return tree;
}

/** `macros` with their offsets moved by `by` (a unit placed after others). */
function shiftMacros(macros: Map<string, MacroDef>, by: number): Map<string, MacroDef> {
	if (by === 0) return macros;
	const out = new Map<string, MacroDef>();
	for (const [name, m] of macros) {
		out.set(
			name,
			m.predefined ? m : { ...m, offset: m.offset + by, bodyOffset: m.bodyOffset + by },
		);
	}
	return out;
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
