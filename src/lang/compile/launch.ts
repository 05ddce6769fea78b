/**
 * Kernel launch syntax: `kernel<<<blocks, l2, stream>>>(args)`, rewritten by the preprocessor into
 * a call of a call.
 */
import type { SyntaxNode } from '@lezer/common';
import { Scope } from '../scope.ts';
import { T } from '../types.ts';
import { Ptr, type Value } from '../values.ts';
import { instantiateFunction, signatureOf } from './functions.ts';
import { resolveTemplateArgs } from './type-resolution.ts';
import { lookupPath } from './names.ts';
import { compileExpr } from './expressions.ts';
import { makeCallInfo } from './calls.ts';
import type { Ev, Ex, CompileContext } from './context.ts';
import { constEx } from './closures.ts';
import { derefPtr, numOf } from './value-ops.ts';
import type { Frame } from '../runtime.ts';
import type { FuncDef } from '../func-def.ts';

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
	return launchEx(ctx, def, name, cfg[0]!, cfg[2], args, n);
}

/** The prefix of the launch functions of CANN's generated `aclrtlaunch_<kernel>.h` headers. */
export const GENERATED_LAUNCH_PREFIX = 'aclrtlaunch_';

/**
 * `aclrtlaunch_add_custom(blockDim, stream, x, y, z)`, the launch function the kernel build
 * generates (what `ACLRT_LAUNCH_KERNEL(add_custom)(…)` names): `add_custom<<<blockDim, nullptr,
 * stream>>>(x, y, z)`, returning 0. A struct the kernel takes by value is passed by pointer, as
 * the generated stub takes it. Undefined when `name` names no kernel of the program.
 */
export function compileGeneratedLaunch(
	ctx: CompileContext,
	name: string,
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
): Ex | undefined {
	if (!name.startsWith(GENERATED_LAUNCH_PREFIX)) return undefined;
	const kernelName = name.slice(GENERATED_LAUNCH_PREFIX.length);
	const e = lookupPath(ctx, [kernelName], scope) ?? ctx.global.lookupOwn(kernelName);
	const def =
		e?.kind === 'func' ? (e.defs.find((d) => d.node && d.kernel) ?? undefined) : undefined;
	if (!def || def.tparams.length > 0) return undefined;
	if (argNodes.length < 2) return ctx.unsupported(n, 'launch-without-blocks');
	const params = signatureOf(ctx, def).params;
	const [blocks, stream] = argNodes.slice(0, 2).map((a) => compileExpr(ctx, a, scope).ev);
	const args = argNodes.slice(2).map((a, i) => {
		const ex = compileExpr(ctx, a, scope);
		const p = params[i];
		if (p && p.type.k === 'class' && !p.ref && ex.t.k === 'ptr') {
			const type = p.type;
			return (f: Frame) => {
				const v = ex.ev(f);
				return v instanceof Ptr ? derefPtr(new Ptr(v.base, v.offset, type)) : v;
			};
		}
		return ex.ev;
	});
	const launch = launchEx(ctx, def, kernelName, blocks!, stream, args, n);
	return { ev: (f) => (launch.ev(f), 0), t: T.u32 };
}

/** The launch of `kernel` on `blocks` blocks and `stream` with `args`. */
function launchEx(
	ctx: CompileContext,
	def: FuncDef,
	name: string,
	blocks: Ev,
	stream: Ev | undefined,
	args: Ev[],
	n: SyntaxNode,
): Ex {
	const info = makeCallInfo(ctx, n, name, [], []);
	const launch = ctx.launch;
	const kernel = def;
	const argc = args.length;
	return {
		ev: (f) => {
			const count = numOf(blocks(f));
			const on = stream ? stream(f) : null;
			const vals = new Array<Value>(argc);
			for (let i = 0; i < argc; i++) vals[i] = args[i]!(f);
			return launch(kernel, count, on, vals, info(f, vals));
		},
		t: T.void,
	};
}
