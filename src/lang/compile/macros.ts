/**
 * Macros: object-like and function-like macro expansions parsed in their own text and compiled in
 * place.
 */
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/cpp';
import { formatBytes, LimitStop } from '../../sim/limits.ts';
import { expandMacro } from '../macro-expand.ts';
import { ShiftedText, type SourceText } from '../shifted-text.ts';
import { blankQualifiers, type MacroDef } from '../preprocess.ts';
import { Scope } from '../scope.ts';
import { T } from '../types.ts';
import { compileBlock } from './statements.ts';
import { compileExpr } from './expressions.ts';
import type { Ex, CompileContext } from './context.ts';
import { constEx } from './closures.ts';

/** An object-like macro used as a value: its body compiled at the use site. */
export function expandObjectMacro(
	ctx: CompileContext,
	name: string,
	scope: Scope,
	at: SyntaxNode | undefined,
): Ex | undefined {
	const m = ctx.macros.get(name)!;
	if (ctx.macroDepth.includes(name)) return undefined;
	if (m.params) {
		if (at) return ctx.unsupported(at, 'macro-without-args', { name });
		return undefined;
	}
	const body = parseMacroBody(ctx, m, 'expr');
	if (body === null) {
		if (m.predefined) return predefinedValue(ctx, m, scope, at);
		if (m.body.trim() === '') return constEx(1, T.i32);
		// A macro whose body is statements (`#define RUN op.Init(); op.Process()`), used as one.
		const stmts = at ? parseMacroBody(ctx, m, 'stmt') : null;
		if (stmts && at) {
			ctx.macroDepth.push(name);
			const saved = swapSource(ctx, ctx.foreign.get(stmts));
			const savedAt = ctx.spanAt;
			ctx.spanAt = savedAt ?? ctx.span(at);
			try {
				const st = compileBlock(ctx, stmts, scope, false);
				return { ev: (f) => void st(f), t: T.void, st };
			} finally {
				ctx.spanAt = savedAt;
				swapSource(ctx, saved);
				ctx.macroDepth.pop();
			}
		}
		if (at) return ctx.unsupported(at, 'macro-body', { name });
		return undefined;
	}
	if (ctx.macroDepth.length === 0) ctx.expansionRoot = { name, span: ctx.span(at ?? 0) };
	countExpansion(ctx, name, m.body.length, at);
	ctx.macroDepth.push(name);
	const saved = swapSource(ctx, ctx.foreign.get(body));
	try {
		return compileExpr(ctx, body, scope);
	} finally {
		swapSource(ctx, saved);
		ctx.macroDepth.pop();
	}
}

/**
 * A macro given before the program (the simulator's own, or `-D NAME=VALUE`): an integer body
 * is that integer; any other expression (`2.5f`, `half(1)`, `(8 * 1024)`) is compiled at the
 * use site, as the compiler would see it after substitution; an empty one is 1 (`-DNAME`); a
 * body that is no expression is reported where it is used.
 */
function predefinedValue(
	ctx: CompileContext,
	m: MacroDef,
	scope: Scope,
	at: SyntaxNode | undefined,
): Ex {
	const text = m.body.trim();
	if (/^-?\d+$/.test(text)) return constEx(Number(text), T.i32);
	const parsed = text === '' ? null : parseExpansion(ctx, text);
	if (parsed?.kind !== 'expr') {
		if (at && text !== '') return ctx.unsupported(at, 'macro-body', { name: m.name });
		return constEx(text === '' ? 1 : 0, T.i32);
	}
	if (ctx.macroDepth.length === 0) ctx.expansionRoot = { name: m.name, span: ctx.span(at ?? 0) };
	countExpansion(ctx, m.name, text.length, at);
	const savedAt = ctx.spanAt;
	if (at) ctx.spanAt = savedAt ?? ctx.span(at);
	const savedSrc = swapSource(ctx, parsed.text);
	ctx.macroDepth.push(m.name);
	try {
		return compileExpr(ctx, parsed.node, scope);
	} finally {
		ctx.macroDepth.pop();
		swapSource(ctx, savedSrc);
		ctx.spanAt = savedAt;
	}
}

/**
 * Parses a macro body once. The text keeps the body at its own offsets (everything before it
 * reads as blanks) and puts a wrapper in the space of `#define NAME`, so positions stay exact.
 */
export function parseMacroBody(
	ctx: CompileContext,
	m: MacroDef,
	kind: 'expr' | 'stmt',
): SyntaxNode | null {
	const key = `${kind}:${m.offset}:${m.name}`;
	if (ctx.macroTrees.has(key)) return ctx.macroTrees.get(key)!;
	let result: SyntaxNode | null = null;
	if (m.bodyOffset >= 0 && m.body.trim() !== '') {
		const room = m.bodyOffset - m.offset;
		const open = kind === 'expr' ? 'int m=(' : 'void m(){';
		const close = kind === 'expr' ? ');' : ';}';
		if (room >= open.length) {
			const text = new ShiftedText(m.offset, open.padEnd(room, ' ') + m.body + close);
			const tree = parser.parse(text.text);
			let bad = false;
			tree.iterate({
				enter: (node) => {
					if (node.type.isError) bad = true;
					return !bad;
				},
			});
			if (!bad) {
				const top = tree.topNode;
				if (kind === 'expr') {
					const decl = top.getChild('Declaration');
					const init = decl?.getChild('InitDeclarator');
					const paren = init?.lastChild;
					const inner = paren?.name === 'ParenthesizedExpression' ? ctx.parts(paren)[0] : undefined;
					result = inner ?? null;
				} else {
					const fn = top.getChild('FunctionDefinition');
					result = fn?.getChild('CompoundStatement') ?? null;
				}
				if (result) ctx.foreign.set(result, text);
				ctx.treeText.set(tree, text);
			}
		}
	}
	ctx.macroTrees.set(key, result);
	return result;
}

/** A function-like macro call: expanded as text, then compiled at the call site. */
export function expandMacroCall(
	ctx: CompileContext,
	m: MacroDef,
	args: SyntaxNode[],
	scope: Scope,
	at: SyntaxNode,
): Ex {
	if (ctx.macroDepth.includes(m.name)) {
		return ctx.unsupported(at, 'macro-recursive', { name: m.name });
	}
	// Arguments that hold statements were set aside by the preprocessor (text-rewrites.ts).
	const list = at.getChild('ArgumentList');
	const aside =
		list && ctx.src === ctx.program ? ctx.parsed.pre.macroArgs.get(list.from) : undefined;
	const expansion = expandMacro(m, aside ?? args.map((a) => ctx.text(a)));
	if ('error' in expansion) {
		return ctx.bad('args-mismatch', at, {
			name: m.name,
			expected: (m.params ?? []).filter((p) => p !== '...').length,
			got: args.length,
		});
	}
	if (ctx.macroDepth.length === 0) ctx.expansionRoot = { name: m.name, span: ctx.span(at) };
	countExpansion(ctx, m.name, expansion.text.length, at);
	const parsed = parseExpansion(ctx, expansion.text);
	if (!parsed) {
		return ctx.unsupported(at, 'macro-expansion', { name: m.name });
	}
	// Everything in the expansion is reported at the macro call, as compilers do.
	const savedAt = ctx.spanAt;
	ctx.spanAt = savedAt ?? ctx.span(at);
	const savedSrc = swapSource(ctx, parsed.text);
	ctx.macroDepth.push(m.name);
	try {
		if (parsed.kind === 'expr') return compileExpr(ctx, parsed.node, scope);
		// Declarations a statement macro makes stay visible after it, as with textual expansion.
		const st = compileBlock(ctx, parsed.node, scope, false);
		return {
			ev: (f) => {
				st(f);
				return undefined;
			},
			t: T.void,
			st,
		};
	} finally {
		ctx.macroDepth.pop();
		swapSource(ctx, savedSrc);
		ctx.spanAt = savedAt;
	}
}

/** Parses a macro expansion as an expression, else as statements (cached by text). */
function parseExpansion(ctx: CompileContext, body: string): ParsedExpansion | null {
	const cached = ctx.expansions.get(body);
	if (cached !== undefined) return cached;
	let result: ParsedExpansion | null = null;
	const code = blankQualifiers(body);
	for (const kind of ['expr', 'stmt'] as const) {
		const text = kind === 'expr' ? `int m=(${code});` : `void m(){${code};}`;
		const tree = parser.parse(text);
		ctx.treeText.set(tree, text);
		let bad = false;
		tree.iterate({
			enter: (node) => {
				if (node.type.isError) bad = true;
				return !bad;
			},
		});
		if (bad) continue;
		const top = tree.topNode;
		if (kind === 'expr') {
			const paren = top.getChild('Declaration')?.getChild('InitDeclarator')?.lastChild;
			const inner = paren?.name === 'ParenthesizedExpression' ? ctx.parts(paren)[0] : undefined;
			if (inner) result = { kind, node: inner, text };
		} else {
			const block = top.getChild('FunctionDefinition')?.getChild('CompoundStatement');
			if (block) result = { kind, node: block, text };
		}
		if (result) break;
	}
	ctx.expansions.set(body, result);
	return result;
}

/**
 * Counts `chars` of text added by expanding `name` at a use site; past the source-size limit the
 * compile stops (each use compiles the expansion again, so nested macros that double their
 * text per level would otherwise take exponential time).
 */
function countExpansion(
	ctx: CompileContext,
	name: string,
	chars: number,
	at: SyntaxNode | undefined,
): void {
	ctx.expandedChars += chars;
	const limit = ctx.rt.limits.maxSourceBytes;
	if (ctx.expandedChars <= limit) return;
	// Reported at the use the program wrote, naming the macro used there.
	const root = ctx.expansionRoot ?? { name, span: ctx.span(at ?? 0) };
	throw new LimitStop(
		'maxSourceBytes',
		{ name: root.name, size: formatBytes(ctx.expandedChars), limit: formatBytes(limit) },
		root.span,
		'macro-expansion-too-large',
	);
}

/** An expression parsed from `text` on its own (its nodes refer to that text: see `foreign`). */
export function parseExpression(ctx: CompileContext, text: string): SyntaxNode | undefined {
	const parsed = parseExpansion(ctx, text);
	if (parsed?.kind !== 'expr') return undefined;
	ctx.foreign.set(parsed.node, parsed.text);
	return parsed.node;
}

/** Switches the text that node offsets refer to; returns the previous one. */
export function swapSource(ctx: CompileContext, text: SourceText | undefined): SourceText {
	const prev = ctx.src;
	ctx.src = text ?? ctx.program;
	return prev;
}

/** A macro expansion parsed in its own text. */
export interface ParsedExpansion {
	kind: 'expr' | 'stmt';
	node: SyntaxNode;
	text: string;
}

/** Framework macros that need the operator build system. */
export const FRAMEWORK_MACROS = new Set(['BEGIN_TILING_DATA_DEF', 'TILING_DATA_FIELD_DEF']);
