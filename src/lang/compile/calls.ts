/**
 * Calls: native bindings, user functions with overloads and template deduction, methods and calls
 * through values.
 */
import type { SyntaxNode } from '@lezer/common';
import type { NativeCall, NativeResult } from '../bindings/binding.ts';
import type { FuncDef } from '../func-def.ts';
import { Frame } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { PRIMITIVE_TYPES, T, typeName, type CType, type TemplateArg } from '../types.ts';
import {
	BRACE_LIST,
	BraceList,
	CellStore,
	FuncValue,
	Instance,
	OStream,
	Ptr,
	SimObject,
	convert,
	type Value,
} from '../values.ts';
import { STREAM_TYPE } from '../std/streams.ts';
import { instantiateFunction, signatureOf } from './functions.ts';
import { resolveNamedType, resolveTemplateArgs } from './type-resolution.ts';
import { resolveSimName, lookupPath } from './names.ts';
import { compileConstruct } from './declarators.ts';
import { compileExpr, compileEntityValue, compileBraceValue } from './expressions.ts';
import { expandMacroCall, FRAMEWORK_MACROS } from './macros.ts';
import { compileExternalCall, isExternalHandle } from './externals.ts';
import { HELPER_FUNCTIONS, helperConvention } from '../helper-conventions.ts';
import { compileCast } from './operators.ts';
import { compileArrowObject, compileLvalue } from './lvalues.ts';
import { CALL_INTRINSICS, METHOD_INTRINSICS } from './intrinsics.ts';
import {
	isLaunch,
	compileLaunch,
	compileGeneratedLaunch,
	GENERATED_LAUNCH_PREFIX,
} from './launch.ts';
import type { Ev, Ex, CompileContext } from './context.ts';
import { constEx } from './closures.ts';
import { isTypeNode, findFunctionDeclarator } from './syntax.ts';
import { isScalarLike, defaultValue, describe, numOf } from './value-ops.ts';
import { compileApiArgs, compileApiCall } from './api-call.ts';
import { nearestName } from '../../api/nearest-name.ts';
import { compileNumericLimit } from './numeric-limits.ts';
import { compileTilingMethod } from './tiling-methods.ts';

/** The spellings of inline assembly. */
const INLINE_ASM: ReadonlySet<string> = new Set(['asm', '__asm__', '__asm']);

/** Builds the NativeCall for a binding invocation at node `n`. */
export function makeCallInfo(
	ctx: CompileContext,
	n: SyntaxNode | null,
	name: string,
	targs: readonly TemplateArg[],
	argTypes: readonly CType[],
	declName?: string,
	brace?: boolean,
): (f: Frame, args: Value[]) => NativeCall {
	const rt = ctx.rt;
	const fixed = n ? ctx.span(n) : undefined;
	const site = rt.siteOfCall();
	return (_f, args) => {
		const top = rt.stack[rt.stack.length - 1];
		let span = fixed;
		if (top && fixed) {
			top.line = fixed.line;
			top.column = fixed.column;
		} else if (!span) span = top ? { line: top.line, column: top.column } : { line: 1, column: 1 };
		const call: NativeCall = { args, argTypes, targs, rt, site, span: span!, name };
		if (declName !== undefined) call.declName = declName;
		if (brace) call.brace = true;
		return call;
	};
}

/** Compiles a call of a simulator binding: evaluates the arguments, builds the NativeCall, runs the slow check after it. */
export function compileNativeCall(
	ctx: CompileContext,
	fn: (call: NativeCall) => NativeResult,
	args: Ex[],
	targs: readonly TemplateArg[],
	at: SyntaxNode | null,
	name: string,
	declName?: string,
	brace?: boolean,
): Ev {
	const evs = args.map((a) => a.ev);
	const info = makeCallInfo(
		ctx,
		at,
		name,
		targs,
		args.map((a) => a.t),
		declName,
		brace,
	);
	const rt = ctx.rt;
	const n = evs.length;
	return (f) => {
		const vals = new Array<Value>(n);
		for (let i = 0; i < n; i++) vals[i] = evs[i]!(f);
		const r = fn(info(f, vals));
		if (rt.steps >= rt.nextCheck || rt.clock.now >= rt.dueAt) rt.check();
		return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
	};
}

/** Compiles a call expression: launches, casts, macros, user functions, constructors, methods and bindings. */
export function compileCall(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const kids = ctx.parts(n);
	const callee = kids[0]!;
	const argList = n.getChild('ArgumentList');
	const argNodes = argList ? ctx.parts(argList) : [];
	// Kernel launch: `kernel<<<b, l2, s>>>(args)` was rewritten to `kernel(b, l2, s)(args)`.
	if (callee.name === 'CallExpression' && isLaunch(ctx, callee))
		return compileLaunch(ctx, callee, argNodes, scope, n);
	// `ACLRT_LAUNCH_KERNEL(k)(blockDim, stream, args…)`: the generated `aclrtlaunch_k`.
	const launched = callee.name === 'CallExpression' ? generatedLaunchName(ctx, callee) : undefined;
	if (launched) {
		const ex = compileGeneratedLaunch(ctx, launched, argNodes, scope, n);
		if (ex) return ex;
	}
	let nameNode = callee;
	let targNodes: SyntaxNode | null = null;
	if (callee.name === 'TemplateFunction') {
		nameNode = callee.firstChild!;
		targNodes = callee.getChild('TemplateArgumentList');
	}
	if (callee.name === 'FieldExpression') return compileMethodCall(ctx, callee, argNodes, scope, n);
	if (
		nameNode.name === 'Identifier' ||
		nameNode.name === 'ScopedIdentifier' ||
		nameNode.name === 'QualifiedIdentifier' ||
		nameNode.name === 'TypeIdentifier' ||
		nameNode.name === 'ScopedTypeIdentifier' ||
		nameNode.name === 'PrimitiveType'
	) {
		const text = ctx.text(nameNode).replace(/\s+/g, '');
		const path = text.split('::');
		const last = path[path.length - 1]!;
		// C++ casts.
		if (path.length === 1 && /^(static|reinterpret|const|dynamic)_cast$/.test(last) && targNodes) {
			const t = resolveTemplateArgs(ctx, targNodes, scope)[0];
			const v = argNodes[0];
			if (!v || !t || typeof t === 'number') return ctx.unsupported(n, 'cast');
			return compileCast(ctx, t, compileExpr(ctx, v, scope));
		}
		if (path.length === 1 && ctx.macros.has(text) && !ctx.macroDepth.includes(text)) {
			const m = ctx.macros.get(text)!;
			if (m.params) return expandMacroCall(ctx, m, argNodes, scope, n);
		}
		if (path.length === 1 && INLINE_ASM.has(text) && !lookupPath(ctx, path, scope)) {
			ctx.noteOnce('asm-skipped', 'asm', nameNode, {});
			return constEx(undefined, T.void);
		}
		const convention =
			path.length === 1 && !ctx.macros.has(text) ? helperConvention(text) : undefined;
		if (convention && !ctx.macroDepth.includes(text) && !lookupPath(ctx, path, scope)) {
			ctx.noteOnce(
				convention.framework ? 'framework-assumed' : 'helper-assumed',
				`helper:${text}`,
				nameNode,
				{
					name: text,
					meaning: convention.meaning,
					source: convention.source,
				},
			);
			return expandMacroCall(ctx, convention.macro, argNodes, scope, n);
		}
		if (FRAMEWORK_MACROS.has(last) && !lookupPath(ctx, path, scope)) {
			return ctx.bad('macro-framework', nameNode, { name: last });
		}
		const limit = compileNumericLimit(ctx, text, nameNode, scope);
		if (limit) return limit;
		const e = lookupPath(ctx, path, scope);
		const targs = targNodes ? resolveTemplateArgs(ctx, targNodes, scope) : [];
		if (e) {
			switch (e.kind) {
				case 'func':
					return compileUserCall(ctx, e.defs, argNodes, targs, scope, n, null, text);
				case 'class':
				case 'classTemplate':
				case 'type': {
					const t = resolveNamedType(ctx, text, nameNode, scope, targs);
					const args = argNodes.map((a) => compileExpr(ctx, a, scope));
					return { ev: compileConstruct(ctx, t, args, n), t };
				}
				case 'targ': {
					if (typeof e.value === 'number') break;
					const t = e.value;
					const args = argNodes.map((a) => compileExpr(ctx, a, scope));
					return { ev: compileConstruct(ctx, t, args, n), t };
				}
				case 'local':
				case 'global':
				case 'field': {
					const fv = compileEntityValue(ctx, e, nameNode, text);
					return compileDynamicCall(ctx, fv, argNodes, scope, n, text);
				}
				default:
					break;
			}
		}
		const methods = path.length === 1 ? scope.cls?.methods.get(last) : undefined;
		if (methods)
			return compileUserCall(
				ctx,
				methods,
				argNodes,
				targs,
				scope,
				n,
				null,
				`${scope.cls!.qualName}::${last}`,
			);
		if (path.length === 2) {
			const owner = lookupPath(ctx, [path[0]!], scope);
			const statics = owner?.kind === 'class' ? owner.cls.methods.get(last) : undefined;
			if (statics) return compileUserCall(ctx, statics, argNodes, targs, scope, n, null, text);
		}
		const prim = path.length === 1 ? PRIMITIVE_TYPES[text] : undefined;
		if (prim) {
			const a = argNodes[0];
			return a
				? compileCast(ctx, prim, compileExpr(ctx, a, scope))
				: constEx(defaultValue(prim), prim);
		}
		const simName = resolveSimName(ctx, path);
		if (simName !== undefined) {
			const intrinsic = CALL_INTRINSICS[simName];
			const special = intrinsic?.(ctx, targs, argNodes, scope, n);
			if (special) return special;
			const api = ctx.bindings.apis.get(simName);
			if (api && api.row.owner === undefined) {
				const args = compileApiArgs(ctx, argNodes, scope, api);
				return compileApiCall(ctx, api, args, argNodes, targs, n, null, scope);
			}
			const fn = ctx.bindings.functions.get(simName);
			if (fn) {
				const refs = ctx.bindings.refArgs.get(simName);
				const args = argNodes.map((a, i) => {
					// A reference parameter gets the argument's address (`getline(f, line)`).
					const lv = refs?.includes(i) ? compileLvalue(ctx, a, scope) : undefined;
					return lv
						? { ev: lv.addr, t: { k: 'ptr', to: lv.t } as CType }
						: compileArgument(ctx, a, scope);
				});
				const helper = HELPER_FUNCTIONS.get(simName);
				if (helper && !ctx.macros.has(simName))
					ctx.noteOnce('helper-assumed', `helper:${simName}`, nameNode, {
						name: simName,
						meaning: helper.meaning,
						source: helper.source,
					});
				const ret = ctx.bindings.returns.get(simName)?.(
					targs,
					args.map((a) => a.t),
				);
				return {
					ev: compileNativeCall(ctx, fn, args, targs, n, simName),
					t: ret ?? fn.ret ?? T.unknown,
				};
			}
			const nt = ctx.bindings.types.get(simName);
			if (nt) {
				const t: CType = nt.ctype ? nt.ctype(targs) : { k: 'sim', name: nt.name, targs };
				const args = argNodes.map((a) => compileExpr(ctx, a, scope));
				return { ev: compileConstruct(ctx, t, args, n), t };
			}
		}
		// The launch function of a generated `aclrtlaunch_<kernel>.h` of a kernel of the program.
		const generated = compileGeneratedLaunch(ctx, text, argNodes, scope, n);
		if (generated) return generated;
		// A near miss of a known name is a typo; otherwise an API of a missing header or of a
		// CANN library the simulator does not model is an external stub.
		// A near miss of a known name is a typo, unless the name is an API of a library the
		// simulator models in part (a CANN API it lacks looks like a misspelt one): that is an
		// external stub whose warning names the near name.
		const suggestion = nearestName(last, ctx.bindings.functions.keys());
		return (
			compileExternalCall(ctx, text, argNodes, scope, nameNode, suggestion) ??
			(suggestion
				? ctx.bad('call-misspelt', nameNode, { name: text, suggestion })
				: ctx.bad('call-unknown', nameNode, { name: text }))
		);
	}
	const fv = compileExpr(ctx, callee, scope);
	return compileDynamicCall(ctx, fv, argNodes, scope, n, ctx.text(callee));
}

/**
 * `aclrtlaunch_k` for the call `ACLRT_LAUNCH_KERNEL(k)` (the generated header's macro, assumed
 * when the header is not there); undefined for any other call.
 */
function generatedLaunchName(ctx: CompileContext, call: SyntaxNode): string | undefined {
	const fn = call.firstChild;
	const list = call.getChild('ArgumentList');
	const args = list ? ctx.parts(list) : [];
	if (!fn || ctx.text(fn) !== LAUNCH_MACRO || args.length !== 1) return undefined;
	const convention = helperConvention(LAUNCH_MACRO);
	if (convention && !ctx.macros.has(LAUNCH_MACRO))
		ctx.noteOnce('helper-assumed', `helper:${LAUNCH_MACRO}`, fn, {
			name: LAUNCH_MACRO,
			meaning: convention.meaning,
			source: convention.source,
		});
	return GENERATED_LAUNCH_PREFIX + ctx.text(args[0]!).trim();
}

/** The generated launch header's macro. */
const LAUNCH_MACRO = 'ACLRT_LAUNCH_KERNEL';

function compileDynamicCall(
	ctx: CompileContext,
	fv: Ex,
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
	name: string,
): Ex {
	// `t(i)` on a simulator object: its catalog `operator()` (LocalTensor element access).
	const call = fv.t.k === 'sim' ? ctx.bindings.apis.get(`${fv.t.name}::operator()`) : undefined;
	if (call) {
		const callArgs = compileApiArgs(ctx, argNodes, scope);
		return compileApiCall(ctx, call, callArgs, argNodes, [], n, fv, scope);
	}
	const args = argNodes.map((a) => compileExpr(ctx, a, scope).ev);
	const span = ctx.span(n);
	const rt = ctx.rt;
	return {
		ev: (f) => {
			const fn = fv.ev(f);
			if (!(fn instanceof FuncValue)) return rt.stop('value-not-callable', span, { name });
			const top = rt.stack[rt.stack.length - 1];
			if (top) {
				top.line = span.line;
				top.column = span.column;
			}
			return fn.call(args.map((a) => a(f)));
		},
		t: T.unknown,
	};
}

/** Chooses among overloads by argument count, then by how well static types match. */
export function pickOverload(
	ctx: CompileContext,
	defs: FuncDef[],
	args: Ex[],
	at: SyntaxNode,
	name: string,
): FuncDef | undefined {
	const withBody = defs.filter((d) => d.node);
	const fits = withBody.filter(
		(d) => args.length <= d.paramCount && args.length >= d.paramCount - d.defaults,
	);
	if (fits.length === 0) {
		const d = withBody[0] ?? defs[0];
		if (!d?.node) {
			ctx.diag('call-unknown', at, { name });
			return undefined;
		}
		ctx.diag('args-mismatch', at, { name, expected: d.paramCount, got: args.length });
		return undefined;
	}
	if (fits.length === 1) return fits[0];
	let best = fits[0]!;
	let bestScore = -1;
	for (const d of fits) {
		if (d.tparams.length > 0) continue;
		const sig = signatureOf(ctx, d);
		let score = 0;
		args.forEach((a, i) => {
			const p = sig.params[i];
			if (!p) return;
			if (a.t.k === p.type.k) score += 2;
			if (
				a.t.k === 'int' &&
				p.type.k === 'int' &&
				a.t.bits === p.type.bits &&
				a.t.signed === p.type.signed
			)
				score += 1;
		});
		if (score > bestScore) {
			best = d;
			bestScore = score;
		}
	}
	return best;
}

/** Evaluates arguments for `def`, taking addresses for reference parameters of scalar type. */
export function compileArgEvaluator(
	ctx: CompileContext,
	def: FuncDef,
	args: Ex[],
	at: SyntaxNode,
): (f: Frame) => Value[] {
	const sig = signatureOf(ctx, def);
	const evs: Ev[] = [];
	const argNodes = (
		at.getChild('ArgumentList') ? ctx.parts(at.getChild('ArgumentList')!) : []
	) as SyntaxNode[];
	sig.params.forEach((p, i) => {
		const a = args[i];
		if (!a) {
			if (p.def) {
				const d = compileExpr(ctx, p.def, def.scope);
				evs.push(d.ev);
			} else evs.push(() => undefined);
			return;
		}
		if (p.ref && isScalarLike(p.type)) {
			const node = argNodes[i];
			const lv = node ? compileLvalue(ctx, node, ctx.argScope ?? def.scope) : undefined;
			if (lv) {
				evs.push(lv.addr);
				return;
			}
			// A temporary bound to a const reference.
			const ev = a.ev;
			evs.push((f) => {
				let v = ev(f);
				return new Ptr(
					new CellStore(
						() => v,
						(x) => void (v = x),
						p.name,
					),
					0,
					p.type,
				);
			});
			return;
		}
		evs.push(a.ev);
	});
	const n = evs.length;
	return (f) => {
		const out = new Array<Value>(n);
		for (let i = 0; i < n; i++) out[i] = evs[i]!(f);
		return out;
	};
}

function compileUserCall(
	ctx: CompileContext,
	defs: FuncDef[],
	argNodes: SyntaxNode[],
	targs: TemplateArg[],
	scope: Scope,
	n: SyntaxNode,
	self: Ev | null,
	name: string,
): Ex {
	// A brace-list argument takes its type from the parameter it initialises, once the
	// overload is known.
	const braces = argNodes.map((a) => a.name === 'InitializerList');
	const args = argNodes.map((a, i) =>
		braces[i] ? { ev: () => undefined, t: T.unknown } : compileExpr(ctx, a, scope),
	);
	let def = pickOverload(ctx, defs, args, n, name);
	if (!def) return constEx(undefined, T.unknown);
	if (def.tparams.length > 0) {
		const deduced = deduceTemplateArgs(ctx, def, targs, args);
		const inst = instantiateFunction(ctx, def, deduced, n);
		if (!inst) return constEx(undefined, T.unknown);
		def = inst;
	}
	if (braces.some((b) => b)) {
		const params = signatureOf(ctx, def).params;
		braces.forEach((b, i) => {
			if (b) args[i] = compileBraceValue(ctx, argNodes[i]!, params[i]?.type ?? T.unknown, scope);
		});
	}
	const saved = ctx.argScope;
	ctx.argScope = scope;
	const callArgs = compileArgEvaluator(ctx, def, args, n);
	ctx.argScope = saved;
	const span = ctx.span(n);
	const rt = ctx.rt;
	const target = def;
	const ret = signatureOf(ctx, def).ret;
	const implicitSelf = !self && def.cls && !def.isStatic;
	if (implicitSelf && !scope.cls) {
		return ctx.bad('call-unknown', n, { name });
	}
	return {
		ev: (f) => {
			const vals = callArgs(f);
			const top = rt.stack[rt.stack.length - 1];
			if (top) {
				top.line = span.line;
				top.column = span.column;
			}
			const s = self ? self(f) : implicitSelf ? f.self : null;
			return target.compiled!.invoke(s, vals);
		},
		t: ret,
	};
}

/** Template arguments of a call: the explicit ones, then deduced from argument types. */
function deduceTemplateArgs(
	ctx: CompileContext,
	def: FuncDef,
	explicit: TemplateArg[],
	args: Ex[],
): TemplateArg[] {
	const out = [...explicit];
	if (out.length >= def.tparams.length) return out;
	const decl = findFunctionDeclarator(def.node!)!;
	const plist = decl.getChild('ParameterList');
	const params = plist ? ctx.parts(plist) : [];
	for (let i = out.length; i < def.tparams.length; i++) {
		const tp = def.tparams[i]!;
		let found: TemplateArg | undefined;
		params.forEach((p, k) => {
			if (found !== undefined) return;
			const a = args[k];
			if (!a) return;
			const typeNode = ctx.parts(p).find((c) => isTypeNode(c.name));
			if (!typeNode) return;
			found = unifyTemplateArg(ctx, typeNode, tp.name, a.t);
		});
		if (found === undefined) {
			if (tp.def) break;
			found = T.unknown;
		}
		out.push(found);
	}
	return out;
}

function unifyTemplateArg(
	ctx: CompileContext,
	typeNode: SyntaxNode,
	name: string,
	t: CType,
): TemplateArg | undefined {
	const text = ctx.text(typeNode).replace(/\s+/g, '');
	if (text === name) return t.k === 'array' ? { k: 'ptr', to: t.of } : t;
	if (typeNode.name === 'TemplateType' && (t.k === 'sim' || t.k === 'class')) {
		const args = typeNode.getChild('TemplateArgumentList');
		const parts = args ? ctx.parts(args) : [];
		for (let i = 0; i < parts.length; i++) {
			const a = parts[i]!;
			if (ctx.text(a).replace(/\s+/g, '') === name) return t.targs[i];
		}
	}
	return undefined;
}

function compileMethodCall(
	ctx: CompileContext,
	callee: SyntaxNode,
	argNodes: SyntaxNode[],
	scope: Scope,
	n: SyntaxNode,
): Ex {
	const kids = ctx.children(callee);
	const objNode = kids[0]!;
	const memberNode = kids[kids.length - 1]!;
	// `->` is an anonymous token of the grammar: read it from the text between the two sides.
	const arrow = ctx.sourceOf(objNode).slice(objNode.to, memberNode.from).includes('->');
	let method = ctx.text(memberNode);
	let targs: TemplateArg[] = [];
	if (memberNode.name === 'TemplateMethod') {
		method = ctx.text(memberNode.firstChild!);
		targs = resolveTemplateArgs(ctx, memberNode.getChild('TemplateArgumentList'), scope);
	}
	const span = ctx.span(n);
	const rt = ctx.rt;
	let obj: Ex;
	if (objNode.name === 'this')
		obj = {
			ev: (f) => f.self,
			t: scope.cls ? { k: 'class', cls: scope.cls, targs: scope.cls.targs } : T.unknown,
		};
	else {
		const raw = compileExpr(ctx, objNode, scope);
		obj = arrow ? compileArrowObject(ctx, raw, objNode, span) : raw;
	}
	if (obj.t.k === 'class') {
		const defs = obj.t.cls.methods.get(method);
		const tiling = !defs && obj.t.cls.tiling;
		if (tiling) {
			const call = compileTilingMethod(ctx, obj.t.cls, obj, method, argNodes, scope);
			if (call) return call;
		}
		if (!defs) {
			// `this->tensor(0)` or `api.fn(x)`: a data member called, through its type's
			// `operator()` or as the function it points to.
			if (obj.t.cls.fieldIndex.has(method) || obj.t.cls.statics.has(method))
				return compileDynamicCall(
					ctx,
					compileExpr(ctx, callee, scope),
					argNodes,
					scope,
					n,
					ctx.text(callee),
				);
			return ctx.bad('method-unknown', memberNode, { type: obj.t.cls.qualName, name: method });
		}
		return compileUserCall(
			ctx,
			defs,
			argNodes,
			targs,
			scope,
			n,
			obj.ev,
			`${obj.t.cls.qualName}::${method}`,
		);
	}
	if (obj.t.k === 'sim') {
		const nt = ctx.bindings.types.get(obj.t.name);
		const intrinsic = METHOD_INTRINSICS[method];
		const special = intrinsic?.(ctx, obj, argNodes, scope, n);
		if (special) return special;
		const api = ctx.bindings.apis.get(`${obj.t.name}::${method}`);
		if (api)
			return compileApiCall(
				ctx,
				api,
				compileApiArgs(ctx, argNodes, scope),
				argNodes,
				targs,
				n,
				obj,
				scope,
			);
		const args = argNodes.map((a) => compileArgument(ctx, a, scope));
		const t = nt?.returns?.[method]?.(obj.t.targs) ?? T.unknown;
		const mutator = nt?.mutators?.[method];
		if (mutator && !arrow) {
			// A value-like object (std::string) changed in place: the new value is stored back.
			const lv = compileLvalue(ctx, objNode, scope);
			if (lv) {
				const ev = compileMutation(ctx, mutator, lv, args, targs, n, method, ctx.text(objNode));
				return { ev, t };
			}
		}
		const m = nt?.methods[method];
		if (!m) return ctx.bad('method-unknown', memberNode, { type: typeName(obj.t), name: method });
		return {
			ev: compileBoundMethod(ctx, m, obj.ev, args, targs, n, `${nt!.name}::${method}`),
			t,
		};
	}
	if (isScalarType(obj.t) && ATOMIC_METHODS.has(method)) {
		const atomic = compileAtomicMethod(ctx, objNode, method, argNodes, scope);
		if (atomic) return atomic;
	}
	const args = argNodes.map((a) => compileArgument(ctx, a, scope));
	// Unknown static type: dispatch on the value at run time.
	const evs = args.map((a) => a.ev);
	const info = makeCallInfo(
		ctx,
		n,
		method,
		targs,
		args.map((a) => a.t),
	);
	const b = ctx.bindings;
	return {
		ev: (f) => {
			const o = obj.ev(f);
			const vals = evs.map((e) => e(f));
			const type =
				o instanceof SimObject
					? o.type
					: typeof o === 'string'
						? 'string'
						: o instanceof OStream
							? STREAM_TYPE
							: undefined;
			if (type !== undefined) {
				const m = b.types.get(type)?.methods[method];
				if (m) {
					const r = m(o, info(f, vals));
					return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
				}
			}
			if (o instanceof Instance) {
				const defs = o.cls.methods
					.get(method)
					?.filter((d) => d.compiled && d.paramCount >= vals.length);
				const d = defs?.[0];
				if (d) {
					info(f, vals);
					return d.compiled!.invoke(o, vals);
				}
			}
			// `platform->GetCoreNum()` on what an external `GetInstance()` returned: a stub too.
			if (isExternalHandle(o)) return 0;
			return rt.stop('method-unknown', span, { type: describe(o), name: method });
		},
		t: T.unknown,
	};
}

/** A mutator of a value-like object: reads the object, stores the changed value, returns the result. */
function compileMutation(
	ctx: CompileContext,
	m: (self: Value, call: NativeCall) => [Value, NativeResult],
	lv: { get: Ev; set: (f: Frame, v: Value) => void },
	args: Ex[],
	targs: readonly TemplateArg[],
	at: SyntaxNode,
	name: string,
	target: string,
): Ev {
	const evs = args.map((a) => a.ev);
	const info = makeCallInfo(
		ctx,
		at,
		name,
		targs,
		args.map((a) => a.t),
		// The object changed, as a memory stop names it.
		target,
	);
	return (f) => {
		const vals = evs.map((e) => e(f));
		const [next, r] = m(lv.get(f), info(f, vals));
		lv.set(f, next);
		return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
	};
}

/**
 * A call argument: an expression, or a brace list, which becomes a {@link BraceList} value the
 * callee (a simulator API, which knows what it wants) builds its object from.
 */
export function compileArgument(ctx: CompileContext, a: SyntaxNode, scope: Scope): Ex {
	if (a.name !== 'InitializerList') return compileExpr(ctx, a, scope);
	const items = ctx.parts(a).map((c) => compileArgument(ctx, c, scope));
	return {
		ev: (f) =>
			new BraceList(
				items.map((i) => i.ev(f)),
				items.map((i) => i.t),
			),
		t: { k: 'sim', name: BRACE_LIST, targs: [] },
	};
}

function compileBoundMethod(
	ctx: CompileContext,
	m: (self: Value, call: NativeCall) => NativeResult,
	self: Ev,
	args: Ex[],
	targs: readonly TemplateArg[],
	at: SyntaxNode,
	name: string,
): Ev {
	const evs = args.map((a) => a.ev);
	const info = makeCallInfo(
		ctx,
		at,
		name,
		targs,
		args.map((a) => a.t),
	);
	const rt = ctx.rt;
	const n = evs.length;
	return (f) => {
		const o = self(f);
		const vals = new Array<Value>(n);
		for (let i = 0; i < n; i++) vals[i] = evs[i]!(f);
		const r = m(o, info(f, vals));
		if (rt.steps >= rt.nextCheck || rt.clock.now >= rt.dueAt) rt.check();
		return typeof r === 'boolean' ? (r ? 1 : 0) : (r as Value);
	};
}

/** The member functions of `std::atomic<T>`, whose objects are plain values here. */
const ATOMIC_METHODS = new Set(['load', 'store', 'exchange', 'fetch_add', 'fetch_sub']);

function isScalarType(t: CType): boolean {
	return t.k === 'int' || t.k === 'bool' || t.k === 'float' || t.k === 'enum';
}

/**
 * `a.load()`, `a.store(v)`, `a.exchange(v)`, `a.fetch_add(v)`, `a.fetch_sub(v)` on an atomic:
 * threads switch only at API calls and lock operations, so each is one plain step.
 */
function compileAtomicMethod(
	ctx: CompileContext,
	objNode: SyntaxNode,
	method: string,
	argNodes: readonly SyntaxNode[],
	scope: Scope,
): Ex | undefined {
	const lv = compileLvalue(ctx, objNode, scope);
	if (!lv || lv.readOnly) return undefined;
	const t = lv.t;
	const arg = argNodes[0] ? compileExpr(ctx, argNodes[0], scope).ev : undefined;
	const value = (f: Frame) => (arg ? arg(f) : 0);
	switch (method) {
		case 'load':
			return { ev: lv.get, t };
		case 'store':
			return { ev: (f) => void lv.set(f, convert(value(f), t)), t: T.void };
		case 'exchange':
			return {
				ev: (f) => {
					const old = lv.get(f);
					lv.set(f, convert(value(f), t));
					return old;
				},
				t,
			};
		default: {
			const sign = method === 'fetch_add' ? 1 : -1;
			return {
				ev: (f) => {
					const old = lv.get(f);
					lv.set(f, convert(numOf(old) + sign * numOf(value(f)), t));
					return old;
				},
				t,
			};
		}
	}
}
