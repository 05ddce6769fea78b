/**
 * Functions: declaration, template instantiation, signatures after substitution, frame names and
 * compiling a body into an invocable closure.
 */
import type { SyntaxNode } from '@lezer/common';
import { ClassDef } from '../class-def.ts';
import { LangStop } from '../diagnostics.ts';
import type { CompiledFunc, FuncDef, TemplateParam } from '../func-def.ts';
import { Frame, NORMAL } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { T, argsKey, type CType, type TemplateArg } from '../types.ts';
import { Instance, convert } from '../values.ts';
import { fillTemplateDefaults, attachOutOfClass, MAX_INSTANTIATIONS } from './classes.ts';
import { resolveType } from './type-resolution.ts';
import { lookupPath } from './names.ts';
import { compileDeclarator, compileConstruct } from './declarators.ts';
import { compileBlock } from './statements.ts';
import { compileExpr } from './expressions.ts';
import { compileArgEvaluator, pickOverload } from './calls.ts';
import type { St, Signature, FnState, CompileContext } from './context.ts';
import { nop } from './closures.ts';
import { isTypeNode, isDeclaratorNode, findFunctionDeclarator } from './syntax.ts';
import { isScalarLike, elemOf, cloneValue, copyFor } from './value-ops.ts';
import { demangled, demangledArg } from './demangle.ts';

/** Declares a function (or function template, or method of `cls`) and queues its body to compile. */
export function declareFunction(
	ctx: CompileContext,
	n: SyntaxNode,
	scope: Scope,
	externC: boolean,
	tparams: TemplateParam[],
	cls?: ClassDef,
): void {
	const decl = findFunctionDeclarator(n);
	if (!decl) {
		ctx.unsupported(n, 'function-definition');
		return;
	}
	const nameNode = decl.firstChild;
	if (!nameNode) return;
	let name = ctx.text(nameNode);
	let owner = cls;
	let ownerScope = scope;
	let definedIn: Scope | undefined;
	const scoped = nameNode.name === 'ScopedIdentifier' || nameNode.name === 'QualifiedIdentifier';
	// A member of a class template instance defined out of class: its name is the last part.
	if (cls && scoped) name = splitScoped(name).pop()!;
	if (!cls && scoped) {
		// `void KernelAdd::Init(...) {…}` or `template<…> void K<T>::F() {…}`.
		const path = splitScoped(name);
		name = path.pop()!;
		const ownerName = path.join('::').replace(/<.*>$/, '');
		const e = lookupPath(ctx, ownerName.split('::'), scope);
		if (e?.kind === 'class') {
			owner = e.cls;
			ownerScope = e.cls.scope;
			definedIn = scope;
		} else if (e?.kind === 'classTemplate') {
			e.tpl.outOfClass.push({ node: n, tparams });
			for (const inst of e.tpl.instances.values()) attachOutOfClass(ctx, inst, n, tparams);
			return;
		} else if (e?.kind === 'namespace') {
			ownerScope = e.scope;
		} else {
			ctx.diag('type-unknown', nameNode, { name: ownerName });
			return;
		}
	}
	// A destructor is the member function `~Name`; cleanup.ts runs it when an object goes.
	if (nameNode.name === 'DestructorName' || name.startsWith('~'))
		name = `~${name.replace(/^~\s*/, '')}`;
	const params = decl.getChild('ParameterList');
	const plist = params ? ctx.parts(params) : [];
	const paramCount = paramsOf(ctx, params).length;
	let defaults = plist.filter((p) => p.name === 'OptionalParameterDeclaration').length;
	// An out-of-class definition takes the default arguments of the declaration in the class.
	const declaredAt = owner?.declared.get(name)?.find((d) => {
		const dl = d.getChild('ParameterList');
		return (dl ? paramsOf(ctx, dl) : []).length === paramCount;
	});
	if (declaredAt) {
		const dl = declaredAt.getChild('ParameterList');
		const declaredDefaults = (dl ? paramsOf(ctx, dl) : []).filter(
			(p) => p.name === 'OptionalParameterDeclaration',
		).length;
		defaults = Math.max(defaults, declaredDefaults);
	}
	// `static` is written on the declaration in the class, not on an out-of-class definition.
	let declaration: SyntaxNode | null = declaredAt ?? null;
	while (declaration && declaration.name !== 'FieldDeclaration') declaration = declaration.parent;
	const isStatic = [n, declaration].some(
		(d) => d !== null && ctx.children(d).some((c) => c.name === 'static'),
	);
	// `__global__` (blanked before parsing) stood between the previous declaration and this
	// function's name: the function is a kernel entry.
	const from = n.prevSibling?.to ?? n.parent?.from ?? 0;
	const kernel = ctx.parsed.pre.globalOffsets.some((o) => o >= from && o < decl.from);
	const def: FuncDef = {
		name,
		qualName: (owner ? owner.qualName + '::' : ownerScope.prefix()) + name,
		node: n,
		scope: ownerScope,
		tparams,
		isCtor: !!owner && name === owner.name,
		isStatic,
		externC,
		kernel,
		paramCount,
		defaults,
	};
	if (owner) def.cls = owner;
	if (declaredAt) def.declaredAt = declaredAt;
	if (definedIn) def.definedIn = definedIn;
	if (tparams.length > 0) def.instances = new Map();
	if (owner) {
		const list = owner.methods.get(name) ?? [];
		// A definition replaces a bare declaration, and a derived class's member function
		// hides the inherited one with the same parameter count.
		const same = list.findIndex((d) => d.paramCount === paramCount && (!d.node || d.cls !== owner));
		if (same >= 0) list.splice(same, 1);
		owner.addMethod(def);
	} else {
		addFunction(ownerScope, name, def);
		// Linked for the other translation units, unless it has internal linkage.
		const linked = isStatic ? undefined : ctx.linkedScope(ownerScope);
		if (linked && linked !== ownerScope) addFunction(linked, name, def);
	}
	if (tparams.length === 0) {
		ctx.functions.push(def);
		ctx.pending.push(def);
	}
}

/** The parameters of a parameter list (`(void)` has none). */
function paramsOf(ctx: CompileContext, list: SyntaxNode | null): SyntaxNode[] {
	return (list ? ctx.parts(list) : []).filter(
		(p) => p.name !== 'PrimitiveType' || ctx.text(p) !== 'void',
	);
}

function addFunction(scope: Scope, name: string, def: FuncDef): void {
	const e = scope.names.get(name);
	if (e?.kind === 'func') e.defs.push(def);
	else scope.declare(name, { kind: 'func', defs: [def] });
}

/** The parts of `A<B::C>::D` split at the `::` outside template argument lists. */
function splitScoped(text: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let start = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (c === '<') depth++;
		else if (c === '>') depth--;
		else if (c === ':' && text[i + 1] === ':' && depth === 0) {
			parts.push(text.slice(start, i).trim());
			start = i + 2;
			i++;
		}
	}
	parts.push(text.slice(start).trim());
	return parts;
}

/** Counts an instantiation; past the cap (runaway recursive templates) reports and refuses. */
export function mayInstantiate(ctx: CompileContext, at: SyntaxNode): boolean {
	if (++ctx.instantiations <= MAX_INSTANTIATIONS) return true;
	ctx.unsupported(at, 'instantiations', { max: MAX_INSTANTIATIONS });
	return false;
}

/** The instance of function template `def` for `targs` (compiled through the queue). */
export function instantiateFunction(
	ctx: CompileContext,
	def: FuncDef,
	targs: TemplateArg[],
	at: SyntaxNode,
): FuncDef | undefined {
	const full = fillTemplateDefaults(ctx, def.tparams, targs, def.scope, at);
	if (!full) return undefined;
	const key = argsKey(full);
	const cached = def.instances!.get(key);
	if (cached) return cached;
	if (!mayInstantiate(ctx, at)) return undefined;
	const scope = new Scope(def.scope, 'block');
	def.tparams.forEach((p, i) => scope.declare(p.name, { kind: 'targ', value: full[i]! }));
	const inst: FuncDef = {
		...def,
		scope,
		tparams: [],
		targs: full,
		instances: undefined,
		compiled: undefined,
	};
	delete (inst as FuncDef & { sig?: Signature }).sig;
	def.instances!.set(key, inst);
	ctx.functions.push(inst);
	ctx.pending.push(inst);
	return inst;
}

/** Parameter types of `def` (resolved once, in its own scope). */
export function signatureOf(ctx: CompileContext, def: FuncDef): Signature {
	const cached = (def as FuncDef & { sig?: Signature }).sig;
	if (cached) return cached;
	const n = def.node!;
	const decl = findFunctionDeclarator(n)!;
	const scope = def.scope;
	const params: Array<{ name: string; type: CType; ref: boolean; def?: SyntaxNode }> = [];
	const plist = decl.getChild('ParameterList');
	const declared = def.declaredAt ? paramsOf(ctx, def.declaredAt.getChild('ParameterList')) : [];
	for (const p of plist ? ctx.parts(plist) : []) {
		if (p.name !== 'ParameterDeclaration' && p.name !== 'OptionalParameterDeclaration') {
			if (p.name === 'VariadicParameterDeclaration' || ctx.text(p) === '...') {
				ctx.unsupported(p, 'variadic-parameter');
			}
			continue;
		}
		const kids = ctx.parts(p);
		const typeNode = kids.find((c) => isTypeNode(c.name));
		if (!typeNode) continue;
		const base = resolveType(ctx, typeNode, scope);
		if (base.k === 'void' && kids.length === 1) continue;
		const d = kids.find((c, i) => i > kids.indexOf(typeNode) && isDeclaratorNode(c.name));
		const info = d ? compileDeclarator(ctx, d, base, scope) : { name: '', type: base, ref: false };
		const entry: { name: string; type: CType; ref: boolean; def?: SyntaxNode } = {
			name: info.name,
			type: info.type.k === 'array' ? { k: 'ptr', to: elemOf(info.type) } : info.type,
			ref: info.ref,
		};
		if (p.name === 'OptionalParameterDeclaration') {
			const last = kids[kids.length - 1];
			if (last && last !== d && last !== typeNode) entry.def = last;
		} else if (declared[params.length]?.name === 'OptionalParameterDeclaration') {
			const dkids = ctx.parts(declared[params.length]!);
			entry.def = dkids[dkids.length - 1];
		}
		params.push(entry);
	}
	const typeNode = ctx.children(n).find((c) => isTypeNode(c.name));
	let ret: CType = typeNode ? resolveType(ctx, typeNode, scope) : T.void;
	// `T* f()` / `T& f()`: the declarator wraps the function declarator.
	for (let d: SyntaxNode | null = decl.parent; d && d !== n; d = d.parent) {
		if (d.name === 'PointerDeclarator') ret = { k: 'ptr', to: ret };
	}
	const sig = { params, ret };
	(def as FuncDef & { sig?: typeof sig }).sig = sig;
	return sig;
}

/** How C++ prints the function in a backtrace, e.g. `KernelAdd::Compute(int)`. */
function frameNameOf(ctx: CompileContext, def: FuncDef): string {
	if (def.externC || def.qualName === 'main') return def.qualName;
	const sig = signatureOf(ctx, def);
	const targs = def.targs?.length ? `<${def.targs.map(demangledArg).join(', ')}>` : '';
	const params = sig.params.map((p) => demangled(p.type) + (p.ref ? '&' : '')).join(', ');
	const prefix = def.targs?.length && sig.ret.k !== 'class' ? `${demangled(sig.ret)} ` : '';
	const owner = def.cls
		? `${def.cls.qualName}${def.cls.targs.length ? `<${def.cls.targs.map(demangledArg).join(', ')}>` : ''}::`
		: def.qualName.slice(0, def.qualName.length - def.name.length);
	return `${prefix}${owner}${def.name}${targs}(${params})`;
}

/** Compiles the body of `def` into `def.compiled`, an invocable closure with its own frame. */
export function compileBody(ctx: CompileContext, def: FuncDef): void {
	const n = def.node;
	if (!n) return;
	ctx.enterUnitAt(n.from);
	const body = n.getChild('CompoundStatement');
	const saved = ctx.fn;
	const sig = signatureOf(ctx, def);
	const fs: FnState = { slots: 0, ret: sig.ret, def };
	ctx.fn = fs;
	const scope = new Scope(def.cls ? def.cls.scope : def.scope, 'function', def.name);
	if (def.definedIn) scope.definedIn = def.definedIn;
	if (def.cls && def.scope !== def.cls.scope) {
		// Instances of member templates keep their template arguments in def.scope.
		for (const [k, v] of def.scope.names) scope.declare(k, v);
	}
	const paramSlots: Array<{ slot: number; type: CType; ref: boolean }> = [];
	for (const p of sig.params) {
		const slot = fs.slots++;
		const refScalar = p.ref && isScalarLike(p.type);
		if (p.name) scope.declare(p.name, { kind: 'local', slot, type: p.type, ref: refScalar });
		paramSlots.push({ slot, type: p.type, ref: refScalar });
	}
	let init: St | undefined;
	if (def.isCtor && def.cls) init = compileCtorInit(ctx, def.cls, n, scope);
	let bodySt: St = () => NORMAL;
	try {
		if (body) bodySt = compileBlock(ctx, body, scope, false);
		else if (!n.getChild('CompoundStatement')) bodySt = () => NORMAL;
	} catch (e) {
		if (e instanceof LangStop) ctx.diagnostics.push(e.diagnostic);
		else throw e;
	}
	ctx.fn = saved;
	const rt = ctx.rt;
	const name = frameNameOf(ctx, def);
	const at = ctx.span(n);
	const line = at.line;
	const file = at.file;
	const slots = () => fs.slots;
	const ret = sig.ret;
	const retConv = isScalarLike(ret) && ret.k !== 'ptr';
	const classRet = ret.k === 'class' || ret.k === 'sim';
	const nparams = paramSlots.length;
	const copies = paramSlots.map((p) => copyFor(p.type, ctx.bindings));
	const byRef = paramSlots.map((p, i) => p.ref || sig.params[i]?.ref === true);
	const compiled: CompiledFunc = {
		slots: 0,
		params: sig.params,
		ret,
		empty: !init && bodySt === nop,
		invoke: (self, args) => {
			rt.tick();
			if (rt.stack.length >= rt.maxDepth) {
				const at = rt.here() ?? { line, column: 1 };
				rt.stop('recursion-too-deep', at, { depth: rt.maxDepth, name, flag: '--max-depth' });
			}
			const f = new Frame(slots(), self);
			for (let i = 0; i < nparams; i++) {
				const p = paramSlots[i]!;
				const a = args[i];
				f.s[p.slot] = byRef[i] ? a : copies[i]!(a);
			}
			rt.stack.push({ func: name, line, column: 1, file });
			if (init) init(f);
			bodySt(f);
			rt.stack.pop();
			const r = f.ret;
			return retConv ? convert(r, ret) : classRet ? cloneValue(r) : r;
		},
	};
	def.compiled = compiled;
}

/** Field construction in declaration order, then the constructor's initializer list. */
function compileCtorInit(ctx: CompileContext, cls: ClassDef, n: SyntaxNode, scope: Scope): St {
	const list = n.getChild('FieldInitializerList');
	const inits = new Map<string, SyntaxNode>();
	for (const fi of list ? list.getChildren('FieldInitializer') : []) {
		const id = fi.firstChild;
		if (id) inits.set(ctx.text(id), fi);
	}
	const steps: Array<(f: Frame) => void> = [];
	// Bases first: the one the list names with its arguments, the others by their default
	// constructor (base fields are the first fields of the object, where a base's constructor
	// writes them).
	for (const base of cls.bases) {
		const fi = inits.get(base.name);
		inits.delete(base.name);
		const ctors = (base.methods.get(base.name) ?? []).filter((c) => c.node && c.cls === base);
		if (ctors.length === 0) continue;
		const argsNode = fi ? (fi.getChild('ArgumentList') ?? fi.getChild('InitializerList')) : null;
		const args = argsNode ? ctx.parts(argsNode).map((a) => compileExpr(ctx, a, scope)) : [];
		const ctor = fi
			? pickOverload(ctx, ctors, args, fi, base.name)
			: ctors.find((c) => c.paramCount - c.defaults === 0);
		if (!ctor) continue;
		const callArgs = fi ? compileArgEvaluator(ctx, ctor, args, fi) : () => [];
		steps.push((f) => void ctor.compiled?.invoke(f.self, callArgs(f)));
	}
	for (const [name, fi] of inits) {
		const index = cls.fieldIndex.get(name);
		if (index === undefined) {
			ctx.diag('member-unknown', fi, { type: cls.qualName, name });
			continue;
		}
		const field = cls.fields[index]!;
		const argsNode = fi.getChild('ArgumentList') ?? fi.getChild('InitializerList');
		const args = argsNode ? ctx.parts(argsNode).map((a) => compileExpr(ctx, a, scope)) : [];
		if (field.type.k === 'sim' || field.type.k === 'class') {
			const make = compileConstruct(ctx, field.type, args, fi);
			steps.push((f) => {
				(f.self as Instance).fields[index] = make(f);
			});
		} else {
			const a = args[0];
			const t = field.type;
			if (a) steps.push((f) => void ((f.self as Instance).fields[index] = convert(a.ev(f), t)));
		}
	}
	return (f) => {
		for (const s of steps) s(f);
		return NORMAL;
	};
}
