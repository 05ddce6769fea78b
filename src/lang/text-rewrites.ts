/**
 * Equal-length rewrites of preprocessed text that let the Lezer C++ grammar read code real
 * compilers accept: the `template` disambiguator after `.`, `->` and `::`; `if NAME {` where
 * NAME is a macro that expands to a parenthesised condition (`if ASCEND_IS_AIV {`); brace
 * initialisation `T name{a, b, c};`, which the grammar can take for a function body, written as
 * `T name={a, b, c};` (a space inside the braces makes room for the `=`); and calls
 * of function-like macros whose arguments hold statements (`CHECK_RET(ok, LOG(...); return 1)`),
 * whose argument text is kept aside for the compiler and blanked in the parsed text.
 *
 * Invariant: every rewrite keeps the text's length and line breaks, and touches only code (never
 * string or character literals or comments).
 */

/** Which characters of `text` are code: not inside a string, a character literal or a comment. */
export function codeMask(text: string): Uint8Array {
	const mask = new Uint8Array(text.length);
	let i = 0;
	while (i < text.length) {
		const c = text[i]!;
		const d = text[i + 1];
		if (c === '/' && d === '/') {
			while (i < text.length && text[i] !== '\n') i++;
			continue;
		}
		if (c === '/' && d === '*') {
			const end = text.indexOf('*/', i + 2);
			i = end < 0 ? text.length : end + 2;
			continue;
		}
		if (c === '"' || c === "'") {
			// A raw string R"delim( … )delim" ends at its own closer.
			if (c === '"' && text[i - 1] === 'R') {
				const open = text.indexOf('(', i);
				const delim = open < 0 ? '' : text.slice(i + 1, open);
				const close = open < 0 ? -1 : text.indexOf(`)${delim}"`, open);
				i = close < 0 ? text.length : close + delim.length + 2;
				continue;
			}
			i++;
			while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
			i++;
			continue;
		}
		mask[i] = 1;
		i++;
	}
	return mask;
}

/** `x.template f<T>()`, `p->template f<T>()`, `T::template X<U>`: the keyword becomes spaces. */
export function blankTemplateDisambiguators(out: string[], text: string, mask: Uint8Array): void {
	const re = /(\.|->|::)(\s*)template\b/g;
	for (let m = re.exec(text); m; m = re.exec(text)) {
		const at = m.index + m[1]!.length + m[2]!.length;
		if (!mask[at]) continue;
		for (let k = at; k < at + 'template'.length; k++) out[k] = ' ';
	}
}

/** `if NAME {` becomes `if(NAME){`: the macro's own parentheses are not in the text. */
export function parenthesizeBareConditions(out: string[], text: string, mask: Uint8Array): void {
	const re = /\bif(\s+)([A-Za-z_]\w*)(\s+)\{/g;
	for (let m = re.exec(text); m; m = re.exec(text)) {
		if (!mask[m.index] || m[2] === 'constexpr') continue;
		const open = m.index + 2;
		const close = open + m[1]!.length + m[2]!.length + m[3]!.length - 1;
		out[open] = '(';
		out[close] = ')';
	}
}

/** Words after which `word name {` is not a variable with a brace initialiser. */
const NOT_A_TYPE = new Set([
	'struct',
	'class',
	'union',
	'enum',
	'namespace',
	'public',
	'private',
	'protected',
	'virtual',
	'return',
	'case',
	'goto',
	'new',
	'delete',
	'typename',
	'using',
	'throw',
	'else',
	'do',
	'auto',
	'operator',
]);

/** Names that end a function's or a class's head rather than name a variable. */
const NOT_A_NAME = new Set([
	'final',
	'override',
	'const',
	'noexcept',
	'volatile',
	'mutable',
	'try',
	'else',
	'do',
]);

/**
 * `Type name{a, b, c};` (or `vector<T> name {…};`) becomes `Type name={a, b, c};`: the same
 * list initialisation, which the grammar cannot take for a function body without a parameter
 * list. Only where the braces close before `;` or `,`; the `=` takes a space before the `{` or
 * the first space inside the braces (text between moves one column right). `auto x{1}` is left
 * alone (there the `=` would change the type).
 */
export function braceInitializersAsCopyLists(out: string[], text: string, mask: Uint8Array): void {
	const re = /([A-Za-z_]\w*|[>*&])([ \t]+)([A-Za-z_]\w*)([ \t]*)\{/g;
	let closers: Map<number, number> | undefined;
	for (let m = re.exec(text); m; m = re.exec(text)) {
		re.lastIndex = m.index + m[1]!.length;
		if (!mask[m.index] || NOT_A_TYPE.has(m[1]!) || NOT_A_NAME.has(m[3]!)) continue;
		if (/\w/.test(m[1]!) && m.index > 0 && /[\w.]/.test(text[m.index - 1]!)) continue;
		// A declaration starts after `;`, `{` or `}`; a function's or a lambda's head before the
		// brace has a `)` (`f() const {`, `[&](int x) -> int {`), an assignment an `=`.
		if (/[)=\]]|->/.test(text.slice(statementStart(text, mask, m.index), m.index))) continue;
		const open = m.index + m[0].length - 1;
		closers ??= matchingBraces(text, mask);
		const close = closers.get(open);
		if (close === undefined || !/^\s*[;,]/.test(text.slice(close + 1, close + 40))) continue;
		if (m[4]!.length > 0) {
			out[open - 1] = '=';
			continue;
		}
		let space = -1;
		for (let k = open + 1; k < close; k++) {
			if (text[k] === '\n') break;
			if (mask[k] && (text[k] === ' ' || text[k] === '\t')) {
				space = k;
				break;
			}
		}
		if (space < 0) continue;
		for (let k = space; k > open; k--) out[k] = text[k - 1]!;
		out[open] = '=';
	}
}

/** Where the statement holding `at` starts: after the last code `;`, `{` or `}` before it. */
function statementStart(text: string, mask: Uint8Array, at: number): number {
	for (let i = at - 1; i >= 0; i--) if (mask[i] && /[;{}]/.test(text[i]!)) return i + 1;
	return 0;
}

/** The offset of the `}` matching each code `{` (one pass; unclosed braces are absent). */
function matchingBraces(text: string, mask: Uint8Array): Map<number, number> {
	const closers = new Map<number, number>();
	const open: number[] = [];
	for (let i = 0; i < text.length; i++) {
		if (!mask[i]) continue;
		if (text[i] === '{') open.push(i);
		else if (text[i] === '}' && open.length > 0) closers.set(open.pop()!, i);
	}
	return closers;
}

/**
 * Calls `NAME(…)` of macros: `macro(NAME)` says whether NAME is a function-like macro of the
 * program (`'defined'`: every call is set aside, since macro arguments are text and need not
 * parse as expressions, e.g. a type name) or one assumed by convention (`'assumed'`: only calls
 * whose arguments hold statements, such as `return x` or `a; b`, are set aside). The argument
 * texts (split at top-level commas) are recorded by the offset of `(`, and the parsed text keeps
 * `NAME(` … `)` with blanks in between.
 */
export function setAsideMacroArguments(
	out: string[],
	text: string,
	mask: Uint8Array,
	macro: (name: string) => 'defined' | 'assumed' | undefined,
	found: Map<number, string[]>,
): void {
	const re = /\b([A-Za-z_]\w*)\s*\(/g;
	for (let m = re.exec(text); m; m = re.exec(text)) {
		if (!mask[m.index]) continue;
		const kind = macro(m[1]!);
		if (!kind || (m.index > 0 && /[\w.>:]/.test(text[m.index - 1]!))) continue;
		const open = m.index + m[0].length - 1;
		const args = splitArguments(text, mask, open);
		if (!args || (kind === 'assumed' && !args.statements)) continue;
		found.set(open, args.texts);
		for (let k = open + 1; k < args.close; k++)
			if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
		re.lastIndex = args.close;
	}
}

/** An argument that is a statement rather than an expression. */
const STATEMENT_START = /^\s*(?:return|break|continue|throw|goto)\b/;

/** The arguments of the call whose `(` is at `open`, or undefined when it never closes. */
function splitArguments(
	text: string,
	mask: Uint8Array,
	open: number,
): { texts: string[]; close: number; statements: boolean } | undefined {
	let parens = 0;
	let others = 0;
	let start = open + 1;
	let statements = false;
	const texts: string[] = [];
	for (let i = open + 1; i < text.length; i++) {
		if (!mask[i]) continue;
		const c = text[i];
		if (c === '(') parens++;
		else if (c === '[' || c === '{') others++;
		else if (c === ']' || c === '}') others--;
		else if (c === ')') {
			if (parens === 0) {
				texts.push(text.slice(start, i));
				const empty = texts.length === 1 && texts[0]!.trim() === '';
				if (texts.some((t) => STATEMENT_START.test(t))) statements = true;
				return { texts: empty ? [] : texts, close: i, statements };
			}
			parens--;
		} else if (c === ';' && parens === 0) statements = true;
		else if (c === ',' && parens === 0 && others === 0) {
			texts.push(text.slice(start, i));
			start = i + 1;
		}
	}
	return undefined;
}

const TILING_MACRO_RE =
	/\b(BEGIN_TILING_DATA_DEF|TILING_DATA_FIELD_DEF(?:_ARR|_STRUCT)?|END_TILING_DATA_DEF|REGISTER_TILING_DATA_CLASS)\b/g;

/**
 * A tiling class written with the framework's macros (tilingdata_base.h) becomes the struct it
 * declares: `BEGIN_TILING_DATA_DEF(Name)` → `struct Name : TilingDef {`,
 * `TILING_DATA_FIELD_DEF(T, f)` → `T f`, `TILING_DATA_FIELD_DEF_ARR(T, n, f)` → `T f[n]`,
 * `TILING_DATA_FIELD_DEF_STRUCT(S, f)` → `S f`, `END_TILING_DATA_DEF` → `}` (and its `;`), and
 * `REGISTER_TILING_DATA_CLASS(Op, Name)`, which only registers the class, becomes blanks. The
 * compiler gives a `TilingDef` class its layout and member functions (tiling-layout.ts,
 * compile/tiling-methods.ts). Only a `BEGIN` with its `END` is rewritten; a definition that
 * never ends is left for the compiler to report.
 */
export function tilingDefinitionsAsStructs(out: string[], text: string, mask: Uint8Array): void {
	if (!text.includes('END_TILING_DATA_DEF')) return;
	const uses: Array<{ at: number; name: string }> = [];
	for (let m = TILING_MACRO_RE.exec(text); m; m = TILING_MACRO_RE.exec(text)) {
		if (!mask[m.index] || (m.index > 0 && /[\w.>:]/.test(text[m.index - 1]!))) continue;
		uses.push({ at: m.index, name: m[1]! });
	}
	let open = false;
	let rewrote = false;
	for (let i = 0; i < uses.length; i++) {
		const { at, name } = uses[i]!;
		if (name === 'BEGIN_TILING_DATA_DEF') {
			const next = uses
				.slice(i + 1)
				.find((u) => u.name.startsWith('BEGIN') || u.name.startsWith('END'));
			open = next?.name === 'END_TILING_DATA_DEF' && rewriteTilingCall(out, text, mask, at, name);
			rewrote ||= open;
		} else if (name === 'END_TILING_DATA_DEF' && open) {
			const semicolon = /^\s*;/.test(text.slice(at + name.length, at + name.length + 40));
			placeWords(out, text, at, at + name.length, [semicolon ? '}' : '};']);
			open = false;
		} else if (name === 'REGISTER_TILING_DATA_CLASS' ? rewrote : open) {
			rewriteTilingCall(out, text, mask, at, name);
		}
	}
}

/** Rewrites one tiling macro call at `at`; false when its arguments do not read. */
function rewriteTilingCall(
	out: string[],
	text: string,
	mask: Uint8Array,
	at: number,
	name: string,
): boolean {
	const open = text.indexOf('(', at + name.length);
	if (open < 0 || text.slice(at + name.length, open).trim() !== '') return false;
	const args = splitArguments(text, mask, open);
	if (!args) return false;
	const a = args.texts.map((t) => t.trim().replace(/\s+/g, ' '));
	const words =
		name === 'BEGIN_TILING_DATA_DEF' && a.length === 1
			? ['struct', a[0]!, ':', 'TilingDef', '{']
			: (name === 'TILING_DATA_FIELD_DEF' || name === 'TILING_DATA_FIELD_DEF_STRUCT') &&
				  a.length === 2
				? [a[0]!, a[1]!]
				: name === 'TILING_DATA_FIELD_DEF_ARR' && a.length === 3
					? [a[0]!, `${a[2]!}[${a[1]!}]`]
					: name === 'REGISTER_TILING_DATA_CLASS' && a.length === 2
						? []
						: undefined;
	return words !== undefined && placeWords(out, text, at, args.close + 1, words);
}

/**
 * Writes `words` over `text[from, to)`, separated by spaces, each word on one line (a word that
 * does not fit before a line break goes after it); the rest becomes blanks and line breaks stay.
 * False (and nothing written) when the words do not fit.
 */
function placeWords(
	out: string[],
	text: string,
	from: number,
	to: number,
	words: readonly string[],
): boolean {
	const chars: string[] = [];
	let k = from;
	for (const word of words) {
		for (;;) {
			let end = k;
			while (end < to && end - k < word.length && text[end] !== '\n' && text[end] !== '\r') end++;
			if (end - k === word.length) break;
			if (end >= to) return false;
			while (k <= end) (chars.push(text[k] === '\n' || text[k] === '\r' ? text[k]! : ' '), k++);
		}
		chars.push(...word);
		k += word.length;
		if (k < to) {
			chars.push(text[k] === '\n' || text[k] === '\r' ? text[k]! : ' ');
			k++;
		}
	}
	for (; k < to; k++) chars.push(text[k] === '\n' || text[k] === '\r' ? text[k]! : ' ');
	for (let i = 0; i < chars.length; i++) out[from + i] = chars[i]!;
	return true;
}
