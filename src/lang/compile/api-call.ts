/**
 * Calls of catalog APIs: the argument count and types are checked against the row's signatures
 * when the call is compiled (a wrong count is `call-arity`, naming the signatures; an argument
 * that cannot be the parameter is `call-arg-type`), the form is picked once where the static
 * types decide it, and the call's static type is the form's return type.
 */
import { stageCopy } from '../bindings/host-staging.ts';
import type { SyntaxNode } from '@lezer/common';
import type { Localized } from '../../triage/localized.ts';
import {
	HANDLE_TYPE_NAMES,
	paramKind,
	STRUCT_TYPE_NAMES,
	type ApiSignature,
	type ApiTemplateValue,
} from '../../api/index.ts';
import { BoundCall, type BoundApi } from '../bindings/api-binder.ts';
import { returnType, structRecord, templateArgs, valuesFit } from '../bindings/api-values.ts';
import { T, typeName, type CType, type TemplateArg } from '../types.ts';
import { SimObject, type Value } from '../values.ts';
import type { Scope } from '../scope.ts';
import type { CompileContext, Ev, Ex } from './context.ts';
import { EXTERNAL_PREFIX } from './externals.ts';
import { compileBraceValue, compileExpr } from './expressions.ts';
import { lookupPath } from './names.ts';
import { compileLvalue } from './lvalues.ts';

/** A reason an argument's static type cannot be a parameter, or undefined when it can be. */
function mismatch(sig: ApiSignature, index: number, t: CType): Localized | undefined {
	const p = sig.params[index];
	if (!p || p.variadic) return undefined;
	// An external type (compile/externals.ts) is unknown: its values may be anything.
	if (t.k === 'sim' && t.name.startsWith(EXTERNAL_PREFIX)) return undefined;
	switch (paramKind(p, sig, STRUCT_TYPE_NAMES)) {
		case 'out': {
			if (p.reference) return undefined;
			if (t.k === 'int' || t.k === 'float' || t.k === 'bool' || t.k === 'enum')
				return {
					zh: `类型为 \`${typeName(t)}\` 的值，而不是地址`,
					en: `a value of type \`${typeName(t)}\`, not an address`,
				};
			const depth = pointerDepth(t);
			const needed = p.pointers + (HANDLE_TYPE_NAMES.has(p.base) ? 1 : 0);
			if (depth !== undefined && depth < needed) return typeWords(t);
			return undefined;
		}
		case 'number':
			if (t.k === 'sim' || t.k === 'class')
				return {
					zh: `类型为 \`${typeName(t)}\` 的对象`,
					en: `an object of type \`${typeName(t)}\``,
				};
			// A plain integer parameter does not take an array (`mask` vs `mask[]` forms).
			if (p.pointers === 0 && !HANDLE_TYPE_NAMES.has(p.base) && t.k === 'array')
				return typeWords(t);
			return undefined;
		case 'words':
			if (t.k === 'int' || t.k === 'float' || t.k === 'bool') return typeWords(t);
			return undefined;
		case 'struct':
			if (t === BRACE_LIST || t.k === 'unknown') return undefined;
			// A struct of another type does not convert (DataCopyParams is no Nd2NzParams).
			if (t.k === 'class' && (t.cls.name === p.base || !STRUCT_TYPE_NAMES.has(t.cls.name)))
				return undefined;
			return typeWords(t);
		case 'local-tensor':
			if (t.k === 'sim' && t.name !== 'LocalTensor') return typeWords(t, true);
			if (t.k === 'class' || t.k === 'int' || t.k === 'float') return typeWords(t);
			return undefined;
		case 'global-tensor':
			if (t.k === 'sim' && t.name !== 'GlobalTensor') return typeWords(t, true);
			if (t.k === 'class' || t.k === 'int' || t.k === 'float') return typeWords(t);
			return undefined;
		default:
			return undefined;
	}
}

/** The static type of a brace-list argument until the parameter it initialises is known. */
const BRACE_LIST: CType = { k: 'unknown' };

/**
 * Compiles the arguments of an API call; a brace list (`{1, 1, 1, 8, 8, 8}`) is left for
 * {@link compileApiCall}, which builds it as the struct its parameter names.
 */
export function compileApiArgs(
	ctx: CompileContext,
	argNodes: readonly SyntaxNode[],
	scope: Scope,
	api?: BoundApi,
): Ex[] {
	return argNodes.map((a, i) => {
		if (a.name === 'InitializerList') return { ev: () => undefined, t: BRACE_LIST };
		// An out-parameter taken by reference (`uint32_t& maxValue`, `LayerNormTiling& tiling`)
		// gets the argument's address, so the semantics can write it.
		if (api?.forms.some((f) => isReferenceOut(f.sig.params[i]))) {
			const lv = compileLvalue(ctx, a, scope);
			// A simulator object (`LocalTensor<T>& dst`) is written through its handle instead.
			if (lv && lv.t.k !== 'sim' && lv.t.k !== 'unknown') return { ev: lv.addr, t: lv.t };
		}
		return compileExpr(ctx, a, scope);
	});
}

function isReferenceOut(p: ApiSignature['params'][number] | undefined): boolean {
	return p !== undefined && p.direction === 'out' && p.reference && !p.isConst;
}

/**
 * Whether every brace-list argument can initialise its parameter in `sig`: a struct with a
 * constructor of as many parameters, or with at least as many fields (`{1, 1, 1, 8, 8, 8}` is a
 * BinaryRepeatParams, `{m, 2, 0, 8}` a DataCopyParams rather than an Nd2NzParams).
 */
function bracesFit(
	ctx: CompileContext,
	sig: ApiSignature,
	args: readonly Ex[],
	argNodes: readonly SyntaxNode[],
): boolean {
	for (let k = 0; k < args.length; k++) {
		if (args[k]!.t !== BRACE_LIST) continue;
		const p = sig.params[k];
		const t = p ? ctx.bindings.types.get(p.base)?.ctype?.([]) : undefined;
		if (!t || t.k !== 'class') return false;
		const n = ctx.parts(argNodes[k]!).length;
		const ctors = t.cls.fieldConstructors ?? [];
		const fits = ctors.length > 0 ? ctors.some((c) => c.length === n) : n <= t.cls.fields.length;
		if (n > 0 && !fits) return false;
	}
	return true;
}

/** Builds the brace-list arguments of a call as the struct of the form's parameter. */
function buildBraceArgs(
	ctx: CompileContext,
	sig: ApiSignature,
	args: Ex[],
	argNodes: readonly SyntaxNode[],
	targs: readonly TemplateArg[],
	scope: Scope,
): void {
	for (let k = 0; k < args.length; k++) {
		if (args[k]!.t !== BRACE_LIST) continue;
		const p = sig.params[k];
		const nt = p ? ctx.bindings.types.get(p.base) : undefined;
		if (!p || !nt?.ctype) {
			args[k] = ctx.unsupported(argNodes[k]!, 'brace-list');
			continue;
		}
		const structArgs = p.typeArgs.map((name) => deducedType(sig, args, targs, name) ?? T.f32);
		args[k] = compileBraceValue(ctx, argNodes[k]!, nt.ctype(structArgs), scope);
	}
}

/** The type a template parameter stands for: explicit, or the element type of a tensor argument. */
function deducedType(
	sig: ApiSignature,
	args: readonly Ex[],
	targs: readonly TemplateArg[],
	name: string,
): TemplateArg | undefined {
	const explicit = sig.templateParams.findIndex((t) => t.name === name);
	if (explicit >= 0 && targs[explicit] !== undefined) return targs[explicit];
	for (let i = 0; i < sig.params.length && i < args.length; i++) {
		const t = args[i]!.t;
		if (sig.params[i]!.typeArgs[0] === name && t.k === 'sim' && t.targs[0] !== undefined)
			return t.targs[0];
	}
	return undefined;
}

/** An argument's type as the call-arg-type message quotes it: `` `T` `` or `` a `T` ``. */
function typeWords(t: CType, article = false): Localized {
	const name = `\`${typeName(t)}\``;
	return { zh: ` ${name}`, en: article ? `a ${name}` : name };
}

/** How many pointer levels `t` has, when every level is known. */
function pointerDepth(t: CType): number | undefined {
	let depth = 0;
	let cur = t;
	while (cur.k === 'ptr') {
		depth++;
		cur = cur.to;
	}
	return cur.k === 'unknown' || cur.k === 'array' ? undefined : depth;
}

/** Whether the static types choose `sig` outright (tensor parameters get tensors of their kind). */
function staticallyFits(sig: ApiSignature, args: readonly Ex[]): boolean {
	return args.every((a, i) => {
		const p = sig.params[i];
		if (!p || a.t.k !== 'sim') return true;
		const kind = paramKind(p, sig, STRUCT_TYPE_NAMES);
		if (kind === 'local-tensor') return a.t.name === 'LocalTensor';
		if (kind === 'global-tensor') return a.t.name === 'GlobalTensor';
		return true;
	});
}

/**
 * Compiles a call of `api` with arguments `args` (their nodes in `argNodes`), explicit template
 * arguments `targs`, and for a member function the object `self`.
 */
export function compileApiCall(
	ctx: CompileContext,
	api: BoundApi,
	args: Ex[],
	argNodes: readonly SyntaxNode[],
	targs: readonly TemplateArg[],
	at: SyntaxNode,
	self: Ex | null,
	scope: Scope,
): Ex {
	const n = args.length;
	const forms = api.forms;
	const byCount = forms.flatMap((f, i) => (n >= f.sig.minArgs && n <= f.sig.maxArgs ? [i] : []));
	if (byCount.length === 0)
		return ctx.bad('call-arity', at, {
			name: api.name,
			count: n,
			signatures: api.signatureText,
		});
	const typed = byCount.filter((i) => args.every((a, k) => !mismatch(forms[i]!.sig, k, a.t)));
	if (typed.length === 0) {
		const sig = forms[byCount[0]!]!.sig;
		const k = args.findIndex((a, j) => mismatch(sig, j, a.t));
		const p = sig.params[k]!;
		return ctx.bad('call-arg-type', argNodes[k] ?? at, {
			index: k + 1,
			name: api.name,
			actual: mismatch(sig, k, args[k]!.t)!,
			param: p.name,
			type: p.type,
		});
	}
	const braced = typed.filter((i) => bracesFit(ctx, forms[i]!.sig, args, argNodes));
	const exact = (braced.length > 0 ? braced : typed).filter((i) =>
		staticallyFits(forms[i]!.sig, args),
	);
	const fitting = exact.length > 0 ? exact : braced.length > 0 ? braced : typed;
	// Forms that differ only in their template parameters (`Alloc<half, 1024>()`,
	// `Alloc<TPosition::VECIN, half, 1024>()`): the explicit template arguments decide.
	const byTemplate =
		targs.length > 0
			? fitting.filter((i) => forms[i]!.sig.templateParams.length === targs.length)
			: [];
	const candidates = byTemplate.length > 0 ? byTemplate : fitting;
	if (args.some((a) => a.t === BRACE_LIST))
		buildBraceArgs(ctx, forms[candidates[0]!]!.sig, args, argNodes, targs, scope);
	const fixed = candidates.length === 1 ? candidates[0]! : -1;
	const selfType = self?.t;
	const t =
		fixed >= 0
			? returnType(forms[fixed]!.sig, targs, selfType)
			: sameReturn(candidates.map((i) => forms[i]!.sig))
				? returnType(forms[candidates[0]!]!.sig, targs, selfType)
				: T.unknown;
	const ctargs = forms.map((f) => templateArgs(f.sig, targs));
	const structTargs = forms.map((f) => structTemplateArgs(ctx, f.sig, at, scope));
	const evs = args.map((a) => a.ev);
	const selfEv: Ev | undefined = self?.ev;
	const rt = ctx.rt;
	const env = rt.env;
	const span = ctx.span(at);
	const site = rt.siteOfCall();
	const name = api.name;
	const texts = api.row.kind === 'macro' ? argNodes.map((a) => ctx.text(a)) : undefined;
	const staged = api.stagesCopies;
	const pick = (vals: readonly Value[]): number => {
		for (const i of candidates) if (valuesFit(forms[i]!.sig, vals)) return i;
		return candidates[0]!;
	};
	return {
		ev: (f) => {
			const vals = new Array<Value>(n);
			for (let i = 0; i < n; i++) vals[i] = evs[i]!(f);
			let o: unknown;
			if (selfEv) {
				const v = selfEv(f);
				o = v instanceof SimObject ? v.handle : v;
			}
			const top = rt.stack[rt.stack.length - 1];
			if (top) {
				top.line = span.line;
				top.column = span.column;
			}
			const form = fixed >= 0 ? fixed : pick(vals);
			const call = new BoundCall(name, vals, o, undefined, site, rt, span, env);
			call.form = form;
			call.texts = texts;
			const structs = structTargs[form]!;
			if (structs.length === 0) call.targs = ctargs[form]!;
			else {
				const given: ApiTemplateValue[] = [...ctargs[form]!];
				for (const [i, ex] of structs) given[i] = structRecord(ex.ev(f)) as ApiTemplateValue;
				call.targs = given;
			}
			const convert = forms[form]!.convert;
			const m = n < convert.length ? n : convert.length;
			// A copy from or to an object of the program (`&tiling`, a stack array) moves its bytes.
			const after = staged ? stageCopy(api.row.name, vals, rt.memory) : undefined;
			for (let i = 0; i < m; i++) vals[i] = convert[i]!(vals[i], call) as Value;
			let r: Value;
			try {
				r = api.invoke(call, targs);
			} finally {
				after?.();
			}
			if (rt.steps >= rt.nextCheck || rt.clock.now >= rt.dueAt) rt.check();
			return r;
		},
		t,
	};
}

/**
 * The template arguments of a call at `at` that name a struct constant the signature takes by
 * reference (`LayerNorm<float, float, false, cfg>` for `const LayerNormConfig& config`), each
 * compiled as an expression so the call reads the constant's fields, wherever it was declared.
 */
function structTemplateArgs(
	ctx: CompileContext,
	sig: ApiSignature,
	at: SyntaxNode,
	scope: Scope,
): [number, Ex][] {
	const callee = at.name === 'CallExpression' ? at.firstChild : null;
	const list = callee?.name === 'TemplateFunction' ? callee.getChild('TemplateArgumentList') : null;
	if (!list) return [];
	const nodes = ctx.parts(list);
	const out: [number, Ex][] = [];
	sig.templateParams.forEach((t, i) => {
		const base = t.kind
			.replace(/\bconst\b|&/g, '')
			.trim()
			.replace(/^AscendC::/, '');
		const given = nodes[i];
		// A plain name in a template argument list parses as a type descriptor.
		const inner = given?.name === 'TypeDescriptor' ? ctx.parts(given) : [];
		const node = inner.length === 1 ? inner[0] : given;
		if (!node || !STRUCT_TYPE_NAMES.has(base)) return;
		// A name the program does not declare (a library constant such as LNCFG_NORM) is left to
		// the row's default.
		const text = ctx.text(node).replace(/\s+/g, '');
		if (/^[\w:]+$/.test(text) && !lookupPath(ctx, text.split('::'), scope)) return;
		out.push([i, compileExpr(ctx, node, scope)]);
	});
	return out;
}

function sameReturn(sigs: readonly ApiSignature[]): boolean {
	return sigs.every((s) => s.returns === sigs[0]!.returns);
}
