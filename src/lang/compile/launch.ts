/**
 * Kernel launch syntax: `kernel<<<blocks, l2, stream>>>(args)`, rewritten by the preprocessor into
 * a call of a call.
 */
import type { SyntaxNode } from '@lezer/common';
import { Scope } from '../scope.ts';
import { T } from '../types.ts';
import type { Value } from '../values.ts';
import { instantiateFunction } from './functions.ts';
import { resolveTemplateArgs } from './type-resolution.ts';
import { lookupPath } from './names.ts';
import { compileExpr } from './expressions.ts';
import { makeCallInfo } from './calls.ts';
import type { Ex, CompileContext } from './context.ts';
import { constEx } from './closures.ts';
import { numOf } from './value-ops.ts';

/** Whether call `n` is the inner call of a rewritten `<<<…>>>` launch. */
export function isLaunch(ctx: CompileContext, n: SyntaxNode): boolean {
	const args = n.getChild('ArgumentList');
	return !!args && ctx.parsed.pre.launchOffsets.includes(args.from);
}

/** Compiles a kernel launch into a call of the runner's launch hook. */
export function compileLaunch(
	ctx: CompileContext,
	inner: SyntaxNode,
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
): Ex {
	const kernelNode = inner.firstChild!;
	const name = ctx.text(kernelNode).replace(/\s+/g, '');
	const cfgNodes = ctx.parts(inner.getChild('ArgumentList')!);
	const e = lookupPath(ctx, name.replace(/<.*$/, '').split('::'), scope);
	if (!e || e.kind !== 'func') return ctx.bad('call-unknown', kernelNode, { name });
	let def = e.defs.find((d) => d.node) ?? e.defs[0]!;
	if (def.tparams.length > 0) {
		const targNode =
			kernelNode.name === 'TemplateFunction' ? kernelNode.getChild('TemplateArgumentList') : null;
		const inst = instantiateFunction(
			ctx,
			def,
			resolveTemplateArgs(ctx, targNode, scope),
			kernelNode,
		);
		if (!inst) return constEx(0, T.i32);
		def = inst;
	}
	const cfg = cfgNodes.map((c) => compileExpr(ctx, c, scope).ev);
	const args = argNodes.map((a) => compileExpr(ctx, a, scope).ev);
	if (cfg.length < 1) return ctx.unsupported(n, 'launch-without-blocks');
	const info = makeCallInfo(ctx, n, name, [], []);
	const launch = ctx.launch;
	const kernel = def;
	const argc = args.length;
	return {
		ev: (f) => {
			const blocks = numOf(cfg[0]!(f));
			const stream = cfg[2] ? cfg[2](f) : null;
			const vals = new Array<Value>(argc);
			for (let i = 0; i < argc; i++) vals[i] = args[i]!(f);
			return launch(kernel, blocks, stream, vals, info(f, vals));
		},
		t: T.void,
	};
}
