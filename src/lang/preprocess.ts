/**
 * The preprocessor pass. Before Lezer parses the program, this pass handles every `#` directive
 * (recording `#define`s, choosing `#if` branches, splicing in the headers `#include` finds among
 * the program's files and skipping the others) and removes the Ascend C qualifiers the C++
 * grammar does not know (`__aicore__`, `__global__`, `__gm__`, …).
 *
 * Invariant: `text` has exactly the length and the line breaks of `source`, the file's text with
 * each included header placed right after the line of its `#include`; every removed character
 * becomes a space, so each offset in the parsed tree is an offset into `source`, and `segments`
 * say which file (and which offset in it) each stretch of `source` comes from.
 */
import type { SourceSpan } from '../sim/trace.ts';
import type { Diagnostic } from '../sim/trace.ts';
import { langDiagnostic } from './diagnostics.ts';
import { SourceMap, type FileSegment } from './source-map.ts';
import { BINARY_PRECEDENCE } from './binary-precedence.ts';
import { MAX_INCLUDE_DEPTH } from './project.ts';
import { HELPER_CONVENTIONS } from './helper-conventions.ts';
import {
	blankTemplateDisambiguators,
	braceInitializersAsCopyLists,
	codeMask,
	parenthesizeBareConditions,
	setAsideMacroArguments,
	tilingDefinitionsAsStructs,
} from './text-rewrites.ts';

/** Ascend C keywords that qualify functions or pointers and mean nothing to the interpreter. */
export const ASCEND_QUALIFIERS = [
	'__aicore__',
	'__global__',
	'__gm__',
	'__vector__',
	'__inline__',
	'__cube__',
	'__ubuf__',
	'__cbuf__',
	'__ca__',
	'__cb__',
	'__cc__',
	'__fbuf__',
	'__host__',
	'__device__',
	'__forceinline__',
	// The vector-function, workspace and AIV/AIC qualifiers of the asc-devkit examples
	// (cannmirror/asc-devkit examples/, 0da921b).
	'__simd_vf__',
	'__simt__',
	'__kfc_workspace__',
	'__aiv__',
	'__aic__',
] as const;

/**
 * Qualifiers written with arguments, blanked with them: `__mix__(1, 2)` (a mixed cube/vector
 * kernel's core ratio, asc-devkit examples/…/mmad_vec_custom).
 */
const QUALIFIERS_WITH_ARGUMENTS = ['__mix__'] as const;

/**
 * Headers the simulator stands in for: the CANN headers whose APIs it models and the C, C++
 * and POSIX headers whose library it provides. Including them is silent. (The samples' own
 * headers, such as `data_utils.h`, are not here: when missing they are skipped with a note, and
 * their helpers are assumed.)
 */
export const KNOWN_HEADERS: ReadonlySet<string> = new Set([
	'kernel_operator.h',
	'acl/acl.h',
	'acl/acl_rt.h',
	'acl/acl_mdl.h',
	'acl/acl_base.h',
	'acl/acl_op.h',
	'acl/acl_op_compiler.h',
	'acl.h',
	'hccl/hccl.h',
	'hccl/hccl_types.h',
	'hccl/hccl_comm.h',
	'hccl.h',
	'tikicpulib.h',
	'cpu_debug_launch.h',
	'utils/debug/asc_printf.h',
	// C
	'assert.h',
	'ctype.h',
	'errno.h',
	'float.h',
	'inttypes.h',
	'limits.h',
	'math.h',
	'signal.h',
	'stdarg.h',
	'stdbool.h',
	'stddef.h',
	'stdint.h',
	'stdio.h',
	'stdlib.h',
	'string.h',
	'time.h',
	// C++
	'algorithm',
	'array',
	'atomic',
	'cassert',
	'cctype',
	'cerrno',
	'cfloat',
	'chrono',
	'cinttypes',
	'climits',
	'cmath',
	'condition_variable',
	'cstdarg',
	'cstddef',
	'cstdint',
	'cstdio',
	'cstdlib',
	'cstring',
	'csignal',
	'ctime',
	'deque',
	'exception',
	'fstream',
	'functional',
	'iomanip',
	'ios',
	'iostream',
	'iterator',
	'limits',
	'list',
	'map',
	'memory',
	'mutex',
	'numeric',
	'optional',
	'queue',
	'random',
	'set',
	'sstream',
	'stdexcept',
	'string',
	'string_view',
	'thread',
	'tuple',
	'type_traits',
	'unordered_map',
	'unordered_set',
	'utility',
	'vector',
	// POSIX
	'dirent.h',
	'fcntl.h',
	'getopt.h',
	'pthread.h',
	'sys/stat.h',
	'sys/time.h',
	'sys/types.h',
	'unistd.h',
]);

/** A header a program includes that is neither among its files nor provided by the simulator. */
export interface MissingHeader {
	/** The name as written between the quotes or angle brackets. */
	header: string;
	span: SourceSpan;
}

/** A file `#include` can read: its path among the program's files and its text. */
export interface IncludedFile {
	path: string;
	text: string;
}

/** A `#define` the program made. */
export interface MacroDef {
	name: string;
	/** Parameter names of a function-like macro; undefined for an object-like one. */
	params?: string[];
	/** The replacement text, with comments and line continuations blanked. */
	body: string;
	/** Offset of `body` in the source. */
	bodyOffset: number;
	/** Offset of the `#` of the directive. */
	offset: number;
	/** A number value when the macro is predefined by the simulator. */
	predefined?: boolean;
}

/** What the preprocessor pass produced. */
export interface Preprocessed {
	/** The file's text with every included header spliced in after its `#include` line. */
	source: string;
	/** The text Lezer parses: same length and lines as `source`. */
	text: string;
	/** Which file each stretch of `source` comes from. */
	segments: FileSegment[];
	/** Headers that were neither given nor provided, in the order they were met. */
	missing: MissingHeader[];
	/** Paths of the program's files that were included. */
	included: string[];
	macros: Map<string, MacroDef>;
	/** Offsets where `__global__` stood: functions declared after one are kernel entries. */
	globalOffsets: number[];
	/**
	 * Offsets of kernel launches: `k<<<b, l2, s>>>(args)` becomes `k(  b, l2, s)  (args)` and
	 * the offset of that first `(` is recorded, so the compiler knows the call is a launch.
	 */
	launchOffsets: number[];
	/**
	 * Argument texts of macro calls whose arguments hold statements, by the offset of their
	 * `(`: the parsed text has blanks there (see text-rewrites.ts).
	 */
	macroArgs: Map<number, string[]>;
	/**
	 * Offsets of `(` that stood for `{` in a declaration `T x{a, b};` the grammar would read as a
	 * function definition: the list is a brace initialiser.
	 */
	braceInits: Set<number>;
	/** Initialiser texts of members declared together (`int a = 1, b = 2;`), by name offset. */
	fieldInits: Map<number, string>;
	diagnostics: Diagnostic[];
}

/** Options of {@link preprocess}. */
export interface PreprocessOptions {
	/** Macros defined before the program, name → replacement text. */
	predefined?: Readonly<Record<string, string>>;
	/** The path of the file among the program's files (includes are found relative to it). */
	path?: string;
	/** Whether every position this pass reports names its file (the program has several). */
	namedPositions?: boolean;
	/** Finds the program's file that `#include` names (undefined: none of the given files). */
	resolveInclude?: (name: string, from: string, angled: boolean) => IncludedFile | undefined;
}

const QUALIFIER_RE = new RegExp(
	`\\b(?:(?:${QUALIFIERS_WITH_ARGUMENTS.join('|')})\\s*\\([^()]*\\)|(?:${ASCEND_QUALIFIERS.join('|')})\\b)`,
	'g',
);

/**
 * `text` with the Ascend C qualifiers blanked (same length), as the preprocessor blanks them in
 * live code: for a macro body parsed where it is expanded (`__ubuf__ T *p = …` in a macro).
 */
export function blankQualifiers(text: string): string {
	return text.replace(QUALIFIER_RE, (q) => ' '.repeat(q.length));
}

/** Runs the preprocessor pass over `source`; see the file comment. Never throws. */
export function preprocess(source: string, options: PreprocessOptions = {}): Preprocessed {
	const macros = new Map<string, MacroDef>();
	const diagnostics: Diagnostic[] = [];
	for (const [name, body] of Object.entries(options.predefined ?? {})) {
		macros.set(name, { name, body, bodyOffset: -1, offset: -1, predefined: true });
	}
	const named = options.namedPositions === true;
	const rawParts: string[] = [];
	const outParts: string[] = [];
	const segments: FileSegment[] = [];
	const missing: MissingHeader[] = [];
	const included: string[] = [];
	/** Files that said `#pragma once`, and files being read (an include cycle stops there). */
	const once = new Set<string>();
	const open: string[] = [];
	let length = 0;
	const emit = (raw: string, out: string, seg?: Omit<FileSegment, 'from' | 'to'>) => {
		if (raw.length === 0) return;
		if (seg) segments.push({ from: length, to: length + raw.length, ...seg });
		rawParts.push(raw);
		outParts.push(out);
		length += raw.length;
	};

	processFile(source, options.path ?? '', 0);

	/** Preprocesses one file, appending it (and what it includes) to the output. */
	function processFile(src: string, path: string, depth: number): void {
		open.push(path);
		const map = new SourceMap(src);
		const out = src.split('');
		// A byte-order mark (files saved by some Windows editors) is whitespace to the parser.
		if (src.charCodeAt(0) === 0xfeff) out[0] = ' ';
		const blank = (from: number, to: number) => {
			for (let i = from; i < to; i++) {
				const c = out[i];
				if (c !== '\n' && c !== '\r') out[i] = ' ';
			}
		};
		const span = (offset: number): SourceSpan => {
			const p: SourceSpan = map.position(offset);
			if (named) p.file = path;
			return p;
		};
		/** File offset up to which the file was emitted, and the output offset it starts at. */
		let flushed = 0;
		let base = length;
		const at = (offset: number) => base + (offset - flushed);
		const flush = (to: number) => {
			emit(src.slice(flushed, to), out.slice(flushed, to).join(''), { path, fileOffset: flushed });
			flushed = to;
			base = length;
		};

		/** Conditional stack: whether the current branch is live, whether one branch was taken. */
		const conds: Array<{ live: boolean; taken: boolean; outerLive: boolean; offset: number }> = [];
		const live = () => conds.length === 0 || conds[conds.length - 1]!.live;

		let inBlockComment = false;
		let pos = 0;
		while (pos < src.length) {
			let lineEnd = src.indexOf('\n', pos);
			if (lineEnd < 0) lineEnd = src.length;
			// Find whether this line starts a directive (outside a block comment).
			let i = pos;
			let directive = false;
			if (!inBlockComment) {
				while (i < lineEnd && (src[i] === ' ' || src[i] === '\t' || src[i] === '\uFEFF')) i++;
				directive = src[i] === '#';
			}
			if (directive) {
				// Join continuation lines.
				let end = lineEnd;
				// A line ending in `\` (before an optional CR) continues on the next line.
				const continues = (p: number) =>
					src[p - 1] === '\\' || (src[p - 1] === '\r' && src[p - 2] === '\\');
				while (end > pos && end < src.length && continues(end)) {
					const next = src.indexOf('\n', end + 1);
					end = next < 0 ? src.length : next;
				}
				if (end > pos && src[end - 1] === '\r') end--;
				const include = handleDirective(i, end);
				blank(pos, end);
				pos = end + 1;
				if (include) {
					// The header goes right after its `#include` line, on lines of its own.
					flush(Math.min(pos, src.length));
					if (pos > src.length) emit('\n', '\n');
					processFile(include.text, include.path, depth + 1);
					if (!include.text.endsWith('\n')) emit('\n', '\n');
				}
				continue;
			}
			if (!live()) {
				blank(pos, lineEnd);
			} else {
				inBlockComment = scanComments(src, pos, lineEnd, inBlockComment);
			}
			pos = lineEnd + 1;
		}
		for (const c of conds) {
			diagnostics.push(langDiagnostic('preprocessor-unterminated', span(c.offset)));
		}
		flush(src.length);
		open.pop();

		/** Handles one directive; returns the file an `#include` splices in, if any. */
		function handleDirective(hash: number, end: number): IncludedFile | undefined {
			const raw = src.slice(hash + 1, end);
			const m = /^\s*(\w*)/.exec(raw)!;
			const name = m[1] ?? '';
			const restOffset = hash + 1 + m[0].length;
			const rest = stripComments(src.slice(restOffset, end)).trim();
			switch (name) {
				case 'if':
				case 'ifdef':
				case 'ifndef': {
					const outer = live();
					let value = false;
					if (outer) {
						if (name === 'if') value = evalCondition(rest, hash);
						else {
							const id = /^\w+/.exec(rest)?.[0] ?? '';
							value = macros.has(id) === (name === 'ifdef');
						}
					}
					conds.push({ live: outer && value, taken: value, outerLive: outer, offset: hash });
					return undefined;
				}
				case 'elif': {
					const top = conds[conds.length - 1];
					if (!top) return unmatched(hash, name);
					if (top.taken || !top.outerLive) {
						top.live = false;
					} else {
						const value = evalCondition(rest, hash);
						top.live = value;
						top.taken = value;
					}
					return undefined;
				}
				case 'else': {
					const top = conds[conds.length - 1];
					if (!top) return unmatched(hash, name);
					top.live = top.outerLive && !top.taken;
					top.taken = true;
					return undefined;
				}
				case 'endif':
					if (!conds.pop()) unmatched(hash, name);
					return undefined;
			}
			if (!live()) return undefined;
			switch (name) {
				case 'include':
				case 'include_next':
					return include(rest, hash);
				case 'define':
					defineMacro(hash, restOffset, end);
					return undefined;
				case 'undef':
					macros.delete(/^\w+/.exec(rest)?.[0] ?? '');
					return undefined;
				case 'pragma':
					if (/^once\b/.test(rest)) once.add(path);
					return undefined;
				case 'line':
				case '':
					return undefined;
				case 'error':
					diagnostics.push(
						langDiagnostic('preprocessor-unsupported', span(hash), { text: `#error ${rest}` }),
					);
					return undefined;
				default:
					diagnostics.push(langDiagnostic('preprocessor-ignored', span(hash), { directive: name }));
					return undefined;
			}
		}

		/** `#include "x"` / `<x>`: a given file to splice in, a provided header, or a missing one. */
		function include(rest: string, hash: number): IncludedFile | undefined {
			const angled = rest.startsWith('<');
			const header = rest.replace(/^[<"]|[>"]$/g, '');
			const known = KNOWN_HEADERS.has(header);
			const file = angled && known ? undefined : options.resolveInclude?.(header, path, angled);
			if (file) {
				if (once.has(file.path)) return undefined;
				if (open.includes(file.path) || depth + 1 > MAX_INCLUDE_DEPTH) {
					diagnostics.push(
						langDiagnostic('include-cycle', span(hash), { header: rest, depth: MAX_INCLUDE_DEPTH }),
					);
					return undefined;
				}
				if (!included.includes(file.path)) included.push(file.path);
				return file;
			}
			if (!known) {
				diagnostics.push(langDiagnostic('include-skipped', span(hash), { header: rest }));
				missing.push({ header, span: span(hash) });
			}
			return undefined;
		}

		function unmatched(hash: number, name: string): undefined {
			diagnostics.push(
				langDiagnostic('preprocessor-unsupported', span(hash), { text: `#${name}` }),
			);
			return undefined;
		}

		function defineMacro(hash: number, restOffset: number, end: number): void {
			let i = restOffset;
			while (i < end && /\s/.test(src[i]!)) i++;
			const nameStart = i;
			while (i < end && /\w/.test(src[i]!)) i++;
			const name = src.slice(nameStart, i);
			if (!name) return;
			let params: string[] | undefined;
			if (src[i] === '(') {
				const close = src.indexOf(')', i);
				if (close < 0 || close > end) return;
				params = src
					.slice(i + 1, close)
					.split(',')
					.map((p) => p.trim())
					.filter((p) => p.length > 0);
				i = close + 1;
			}
			const bodyChars = src.slice(i, end).split('');
			// Blank comments and line continuations so offsets inside the body stay exact.
			blankComments(bodyChars);
			for (let k = 0; k < bodyChars.length; k++) {
				if (bodyChars[k] === '\\' && (bodyChars[k + 1] === '\n' || bodyChars[k + 1] === '\r')) {
					bodyChars[k] = ' ';
				}
			}
			const def: MacroDef = { name, body: bodyChars.join(''), bodyOffset: at(i), offset: at(hash) };
			if (params) def.params = params;
			macros.set(name, def);
		}

		function evalCondition(text: string, hash: number): boolean {
			const value = evalPreprocessorExpression(text, macros);
			if (value === undefined) {
				diagnostics.push(langDiagnostic('preprocessor-unsupported', span(hash), { text }));
				return false;
			}
			return value !== 0;
		}
	}

	const combined = rawParts.join('');
	const out = outParts.join('').split('');
	const blankAll = (from: number, to: number) => {
		for (let i = from; i < to; i++) {
			const c = out[i];
			if (c !== '\n' && c !== '\r') out[i] = ' ';
		}
	};
	// Qualifiers: blank them where the text is live code.
	const text0 = out.join('');
	const globalOffsets: number[] = [];
	QUALIFIER_RE.lastIndex = 0;
	for (let m = QUALIFIER_RE.exec(text0); m; m = QUALIFIER_RE.exec(text0)) {
		if (m[0] === '__global__') globalOffsets.push(m.index);
		blankAll(m.index, m.index + m[0].length);
	}
	const text1 = out.join('');
	const launchOffsets: number[] = [];
	const LAUNCH_RE = /<<<([^;{}]*?)>>>/g;
	for (let m = LAUNCH_RE.exec(text1); m; m = LAUNCH_RE.exec(text1)) {
		launchOffsets.push(m.index);
		out[m.index] = '(';
		out[m.index + 1] = out[m.index + 2] = ' ';
		const close = m.index + m[0].length - 3;
		out[close] = ')';
		out[close + 1] = out[close + 2] = ' ';
	}
	const text2 = out.join('');
	const mask = codeMask(text2);
	blankTemplateDisambiguators(out, text2, mask);
	parenthesizeBareConditions(out, text2, mask);
	braceInitializersAsCopyLists(out, text2, mask);
	tilingDefinitionsAsStructs(out, text2, mask);
	const macroArgs = new Map<number, string[]>();
	setAsideMacroArguments(
		out,
		text2,
		mask,
		(name) =>
			macros.get(name)?.params !== undefined
				? 'defined'
				: HELPER_CONVENTIONS.has(name)
					? 'assumed'
					: undefined,
		macroArgs,
	);
	return {
		source: combined,
		text: out.join(''),
		macroArgs,
		braceInits: new Set(),
		fieldInits: new Map(),
		segments,
		missing,
		included,
		macros,
		globalOffsets,
		launchOffsets,
		diagnostics,
	};
}

/** Returns whether a block comment is still open at the end of `[from, to)`. */
function scanComments(source: string, from: number, to: number, open: boolean): boolean {
	let inString: string | null = null;
	for (let i = from; i < to; i++) {
		const c = source[i];
		if (open) {
			if (c === '*' && source[i + 1] === '/') {
				open = false;
				i++;
			}
			continue;
		}
		if (inString) {
			if (c === '\\') i++;
			else if (c === inString) inString = null;
			continue;
		}
		if (c === '"' || c === "'") inString = c;
		else if (c === '/' && source[i + 1] === '/') return false;
		else if (c === '/' && source[i + 1] === '*') {
			open = true;
			i++;
		}
	}
	return open;
}

function blankComments(chars: string[]): void {
	let inString: string | null = null;
	for (let i = 0; i < chars.length; i++) {
		const c = chars[i];
		if (inString) {
			if (c === '\\') i++;
			else if (c === inString) inString = null;
			continue;
		}
		if (c === '"' || c === "'") inString = c;
		else if (c === '/' && chars[i + 1] === '/') {
			for (let k = i; k < chars.length && chars[k] !== '\n'; k++) chars[k] = ' ';
			return;
		} else if (c === '/' && chars[i + 1] === '*') {
			let k = i;
			for (; k < chars.length && !(chars[k] === '*' && chars[k + 1] === '/'); k++) {
				if (chars[k] !== '\n') chars[k] = ' ';
			}
			if (k < chars.length) chars[k] = chars[k + 1] = ' ';
			i = k + 1;
		}
	}
}

function stripComments(text: string): string {
	const chars = text.split('');
	blankComments(chars);
	return chars.join('');
}

/**
 * Evaluates a `#if` expression: integers, `defined`, macros that expand to integers, and the
 * C operators. Unknown identifiers are 0, as in C. Returns undefined when it cannot be read.
 */
export function evalPreprocessorExpression(
	text: string,
	macros: ReadonlyMap<string, MacroDef>,
	depth = 0,
): number | undefined {
	if (depth > 16) return undefined;
	const tokens = text.match(
		/\d+[uUlL]*|0[xX][0-9a-fA-F]+[uUlL]*|\w+|&&|\|\||<<|>>|<=|>=|==|!=|[-+*/%()!~<>&|^?:]/g,
	);
	if (!tokens) return undefined;
	let i = 0;
	const peek = () => tokens[i];
	const fail = { failed: false };
	const primary = (): number => {
		const t = tokens[i++];
		if (t === undefined) {
			fail.failed = true;
			return 0;
		}
		if (t === '(') {
			const v = ternary();
			if (tokens[i++] !== ')') fail.failed = true;
			return v;
		}
		if (t === '!') return primary() ? 0 : 1;
		if (t === '-') return -primary();
		if (t === '+') return primary();
		if (t === '~') return ~primary();
		if (t === 'defined') {
			let name = tokens[i++];
			if (name === '(') {
				name = tokens[i++];
				if (tokens[i++] !== ')') fail.failed = true;
			}
			return name !== undefined && macros.has(name) ? 1 : 0;
		}
		if (/^\d/.test(t)) return Number.parseInt(t.replace(/[uUlL]+$/, ''));
		if (/^\w+$/.test(t)) {
			const m = macros.get(t);
			if (!m || m.params) return 0;
			const v = evalPreprocessorExpression(m.body, macros, depth + 1);
			if (v === undefined) fail.failed = true;
			return v ?? 0;
		}
		fail.failed = true;
		return 0;
	};
	const binary = (minPrec: number): number => {
		let left = primary();
		for (;;) {
			const op = peek();
			const prec = op === undefined ? undefined : BINARY_PRECEDENCE[op];
			if (prec === undefined || prec < minPrec) return left;
			i++;
			const right = binary(prec + 1);
			left = applyBinary(op!, left, right);
		}
	};
	const ternary = (): number => {
		const cond = binary(1);
		if (peek() !== '?') return cond;
		i++;
		const a = ternary();
		if (tokens[i++] !== ':') fail.failed = true;
		const b = ternary();
		return cond ? a : b;
	};
	const value = ternary();
	if (fail.failed || i !== tokens.length) return undefined;
	return value;
}

function applyBinary(op: string, a: number, b: number): number {
	switch (op) {
		case '||':
			return a || b ? 1 : 0;
		case '&&':
			return a && b ? 1 : 0;
		case '|':
			return a | b;
		case '^':
			return a ^ b;
		case '&':
			return a & b;
		case '==':
			return a === b ? 1 : 0;
		case '!=':
			return a !== b ? 1 : 0;
		case '<':
			return a < b ? 1 : 0;
		case '>':
			return a > b ? 1 : 0;
		case '<=':
			return a <= b ? 1 : 0;
		case '>=':
			return a >= b ? 1 : 0;
		case '<<':
			return a << b;
		case '>>':
			return a >> b;
		case '+':
			return a + b;
		case '-':
			return a - b;
		case '*':
			return a * b;
		case '/':
			return b === 0 ? 0 : Math.trunc(a / b);
		case '%':
			return b === 0 ? 0 : a % b;
	}
	return 0;
}
