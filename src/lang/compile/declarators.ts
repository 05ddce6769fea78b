/**
 * Variable declarations: declarators, initialisers, array initialisers, construction and field
 * initialisers.
 */
import type { SyntaxNode } from '@lezer/common';
import { constructParams } from '../../diagnostics/index.ts';
import { ClassDef } from '../class-def.ts';
import { Frame, NORMAL } from '../runtime.ts';
import { Scope } from '../scope.ts';
import { sizeOf, T, type CType } from '../types.ts';
import {
	ArrayStore,
	BraceList,
	CellStore,
	Instance,
	Ptr,
	SimObject,
	convert,
	isStore,
	type ArrayStoreOptions,
	type Value,
} from '../values.ts';
import { bindingPlaces } from '../std/associative.ts';
import { declareEnum } from './declarations.ts';
import { declareClass } from './classes.ts';
import { resolveType, evalConstValue } from './type-resolution.ts';
import { lookupPath, resolveSimConstant } from './names.ts';
import { badStatement } from './statements.ts';
import { compileBraceValue, compileExpr } from './expressions.ts';
import { compileLvalue } from './lvalues.ts';
import { parseExpression, swapSource } from './macros.ts';
import { registerCleanup } from './cleanup.ts';
import { EXTERNAL_PREFIX } from './externals.ts';
import { compileNativeCall, pickOverload, compileArgEvaluator } from './calls.ts';
import type { Ev, St, Ex, CompileContext } from './context.ts';
import { isTypeNode, isDeclaratorNode, firstLine } from './syntax.ts';
import {
	isScalarLike,
	elemOf,
	defaultValue,
	newInstance,
	buildInstance,
	convertArg,
	copyFor,
	cloneValue,
} from './value-ops.ts';

/** Name, derived type and initializer of one declarator. */
export function compileDeclarator(
	ctx: CompileContext,
	d: SyntaxNode,
	base: CType,
	scope: Scope,
): {
	name: string;
	type: CType;
	ref: boolean;
	init?: SyntaxNode;
	nameNode?: SyntaxNode;
	arrayUnsized?: boolean;
} {
	let type = base;
	let ref = false;
	let init: SyntaxNode | undefined;
	let arrayUnsized = false;
	const dims: Array<number | undefined> = [];
	let cur: SyntaxNode | null = d;
	let nameNode: SyntaxNode | undefined;
	while (cur) {
		switch (cur.name) {
			case 'InitDeclarator': {
				const kids = ctx.parts(cur);
				const target = kids[0]!;
				init = kids[kids.length - 1] !== target ? kids[kids.length - 1] : undefined;
				cur = target;
				continue;
			}
			case 'PointerDeclarator': {
				const stars =
					(
						ctx
							.text(cur)
							.match(/^[\s*&]*(?:const\s*)?[\s*]*/)?.[0]
							.match(/\*/g) ?? []
					).length || 1;
				void stars;
				type = { k: 'ptr', to: type };
				cur = ctx.parts(cur).find((c) => isDeclaratorNode(c.name)) ?? null;
				continue;
			}
			case 'ReferenceDeclarator':
				ref = true;
				cur = ctx.parts(cur).find((c) => isDeclaratorNode(c.name)) ?? null;
				continue;
			case 'ArrayDeclarator': {
				const kids = ctx.parts(cur);
				const inner = kids[0]!;
				const sizeNode = kids[1];
				if (sizeNode) {
					const v = evalConstValue(ctx, sizeNode, scope);
					dims.push(typeof v === 'number' ? v : 0);
				} else {
					dims.push(undefined);
					arrayUnsized = true;
				}
				cur = inner;
				continue;
			}
			case 'Identifier':
			case 'FieldIdentifier':
			case 'TypeIdentifier':
			case 'DestructorName':
				nameNode = cur;
				cur = null;
				continue;
			case 'ScopedIdentifier':
				nameNode = cur;
				cur = null;
				continue;
			default:
				cur = null;
		}
	}
	for (let i = dims.length - 1; i >= 0; i--) type = { k: 'array', of: type, n: dims[i] ?? 0 };
	const out: {
		name: string;
		type: CType;
		ref: boolean;
		init?: SyntaxNode;
		nameNode?: SyntaxNode;
		arrayUnsized?: boolean;
	} = {
		name: nameNode ? ctx.text(nameNode) : '',
		type,
		ref,
	};
	if (init) out.init = init;
	if (nameNode) out.nameNode = nameNode;
	if (arrayUnsized) out.arrayUnsized = true;
	return out;
}

/** Compiles a namespace-scope variable declaration into a global initialiser (prototypes are skipped). */
export function compileGlobalDeclaration(ctx: CompileContext, n: SyntaxNode, scope: Scope): void {
	const kids = ctx.parts(n);
	const fnDecl = kids.find((c) => c.name === 'FunctionDeclarator');
	if (fnDecl) return; // A prototype; the definition comes elsewhere (or from a binding).
	const st = compileDeclaration(ctx, n, scope, true);
	ctx.globalInits.push((f) => void st(f));
}

/**
 * Compiles a declaration statement. Locals get frame slots; at file level (`global`) each
 * variable gets a cell (constants with constant initializers are folded).
 */
export function compileDeclaration(
	ctx: CompileContext,
	n: SyntaxNode,
	scope: Scope,
	global: boolean,
): St {
	const kids = ctx.parts(n);
	const isStatic = kids.some((c) => c.name === 'static');
	const isConst = kids.some((c) => c.name === 'constexpr' || c.name === 'const');
	const typeNode = kids.find((c) => isTypeNode(c.name));
	if (!typeNode) {
		return badStatement(
			ctx,
			n,
			'construct-unsupported',
			constructParams('untyped-declaration', { text: firstLine(ctx.text(n)) }),
		);
	}
	const fnDecl = kids.find((c) => c.name === 'FunctionDeclarator');
	if (fnDecl) {
		// `Foo q(a, b);` in a body, with `a` and `b` variables, constructs `q` (the grammar reads
		// it as a function declaration); a real local function declaration does nothing.
		return (!global && compileVexingConstruction(ctx, typeNode, fnDecl, scope)) || (() => NORMAL);
	}
	let base: CType;
	if (
		(typeNode.name === 'StructSpecifier' || typeNode.name === 'ClassSpecifier') &&
		typeNode.getChild('FieldDeclarationList')
	) {
		const cls = declareClass(ctx, typeNode, scope, []);
		base = cls ? { k: 'class', cls, targs: [] } : T.unknown;
	} else if (typeNode.name === 'EnumSpecifier' && typeNode.getChild('EnumeratorList')) {
		base = declareEnum(ctx, typeNode, scope);
	} else base = resolveType(ctx, typeNode, scope);
	const steps: St[] = [];
	for (const d of kids.slice(kids.indexOf(typeNode) + 1)) {
		if (!isDeclaratorNode(d.name)) continue;
		const target = d.name === 'InitDeclarator' ? d.firstChild : d;
		const unwrapped =
			target?.name === 'ReferenceDeclarator'
				? ctx.parts(target).find((c) => c.name !== '&')
				: target;
		if (unwrapped?.name === 'StructuredBindingDeclarator') {
			steps.push(declareStructuredBinding(ctx, d, unwrapped, target !== unwrapped, scope));
			continue;
		}
		steps.push(declareOne(ctx, d, base, scope, global || isStatic, isConst));
	}
	if (steps.length === 1) return steps[0]!;
	return (f) => {
		for (const s of steps) s(f);
		return NORMAL;
	};
}

/** `auto [a, b] = value;` (`auto& [a, b]` binds the parts themselves). */
function declareStructuredBinding(
	ctx: CompileContext,
	d: SyntaxNode,
	binding: SyntaxNode,
	byRef: boolean,
	scope: Scope,
): St {
	const initNode = d.name === 'InitDeclarator' ? ctx.parts(d).pop() : undefined;
	if (!initNode || initNode === binding)
		return badStatement(
			ctx,
			d,
			'construct-unsupported',
			constructParams('binding-without-initializer'),
		);
	const value = compileExpr(ctx, initNode, scope).ev;
	const names = binding.getChildren('Identifier').map((id) => ctx.text(id));
	const slots = names.map(() => ctx.fn.slots++);
	names.forEach((name, i) =>
		scope.declare(name, { kind: 'local', slot: slots[i]!, type: T.unknown, ref: byRef }),
	);
	return (f) => {
		const v = value(f);
		const parts =
			bindingPlaces(v, names.length) ??
			(v instanceof Instance
				? names.map((_, i) => ({
						get: () => v.fields[i],
						set: (x: Value) => void (v.fields[i] = x),
					}))
				: []);
		slots.forEach((slot, i) => {
			const p = parts[i];
			f.s[slot] = byRef
				? p
					? new Ptr(new CellStore(p.get, p.set, names[i]!), 0, T.unknown)
					: undefined
				: cloneValue(p?.get());
		});
		return NORMAL;
	};
}

/** Whether `typeNode` names a class of the program (resolved without reporting anything). */
function constructsClass(ctx: CompileContext, typeNode: SyntaxNode, scope: Scope): boolean {
	const saved = ctx.diagnostics.length;
	const t = resolveType(ctx, typeNode, scope);
	ctx.diagnostics.length = saved;
	return t.k === 'class';
}

/** Whether `id` names a type the program or the simulator knows (checked without reporting). */
/** Whether `id` names a type (of the program or of the simulator), without diagnosing it. */
export function namesType(ctx: CompileContext, id: SyntaxNode, scope: Scope): boolean {
	const saved = ctx.diagnostics.length;
	const noted = new Set(ctx.noted);
	const t = resolveType(ctx, id, scope);
	ctx.diagnostics.length = saved;
	for (const key of ctx.noted) if (!noted.has(key)) ctx.noted.delete(key);
	return t.k !== 'unknown' && !(t.k === 'sim' && t.name.startsWith(EXTERNAL_PREFIX));
}

/**
 * `T x(a, b)` read as a function declaration whose "parameter types" are all names of values in
 * scope: the construction it is. Undefined when some parameter is a real type.
 */
function compileVexingConstruction(
	ctx: CompileContext,
	typeNode: SyntaxNode,
	fnDecl: SyntaxNode,
	scope: Scope,
): St | undefined {
	const nameNode = fnDecl.firstChild;
	const list = fnDecl.getChild('ParameterList');
	if (!nameNode || nameNode.name !== 'Identifier' || !list) return undefined;
	const params = ctx.parts(list);
	const values: SyntaxNode[] = [];
	for (const p of params) {
		const parts = p.name === 'ParameterDeclaration' ? ctx.parts(p) : [];
		const id = parts[0];
		if (!id || (id.name !== 'TypeIdentifier' && id.name !== 'ScopedTypeIdentifier'))
			return undefined;
		const path = ctx.text(id).split('::');
		const e = lookupPath(ctx, path, scope);
		const value = e
			? ['local', 'global', 'const', 'field', 'func'].includes(e.kind)
			: // A simulator constant (`std::ios::binary`) is a value; so is a name that is
				// neither declared nor a type (`ACL_FLOAT16` of a missing header) when a class
				// of the program is being constructed.
				resolveSimConstant(ctx, path) !== undefined ||
				(constructsClass(ctx, typeNode, scope) && !namesType(ctx, id, scope));
		if (!value) return undefined;
		if (parts.length === 1) {
			values.push(id);
			continue;
		}
		// `v(shape[0])` or `p(*q)`: the "parameter" is an expression over a value; read it as one.
		const expr = parseExpression(ctx, ctx.text(p));
		if (!expr) return undefined;
		values.push(expr);
	}
	if (values.length === 0) return undefined;
	const type = resolveType(ctx, typeNode, scope);
	const name = ctx.text(nameNode);
	const args = values.map((v) => compileExpr(ctx, v, scope));
	const make: Ev =
		type.k === 'class' || type.k === 'sim'
			? compileConstruct(ctx, type, args, fnDecl, false, name)
			: (f) => convert(args[0]!.ev(f), type);
	const slot = ctx.fn.slots++;
	scope.declare(name, { kind: 'local', slot, type, ref: false });
	registerCleanup(ctx, scope, slot, type, fnDecl);
	return (f) => {
		f.s[slot] = make(f);
		return NORMAL;
	};
}

function declareOne(
	ctx: CompileContext,
	d: SyntaxNode,
	base: CType,
	scope: Scope,
	global: boolean,
	isConst: boolean,
): St {
	const info = compileDeclarator(ctx, d, base, scope);
	const name = info.name;
	let type = info.type;
	const initNode = info.init;
	// Initializer
	let initEx: Ex | undefined;
	let ctorArgs: Ex[] | undefined;
	let listItems: SyntaxNode[] | undefined;
	if (initNode) {
		if (
			initNode.name === 'InitializerList' ||
			(initNode.name === 'ArgumentList' && ctx.parsed.pre.braceInits.has(initNode.from))
		)
			listItems = ctx.parts(initNode);
		else if (initNode.name === 'ArgumentList')
			ctorArgs = ctx.parts(initNode).map((a) => compileExpr(ctx, a, scope));
		else initEx = compileExpr(ctx, initNode, scope);
	}
	if (type.k === 'unknown' && initEx)
		type = initEx.t.k === 'array' ? { k: 'ptr', to: elemOf(initEx.t) } : initEx.t;
	if (type.k === 'array' && info.arrayUnsized && listItems) {
		type = { k: 'array', of: type.of, n: listItems.length };
	}
	// Constants fold at compile time; `const T *p` is a pointer to constants, itself variable.
	const pointsToConst = type.k === 'ptr' && base.k !== 'ptr';
	if (isConst && initEx?.c && !info.ref && !pointsToConst && isScalarLike(type)) {
		const v = convert(initEx.ev(new Frame(0, null)), type);
		scope.declare(name, { kind: 'const', value: v, type });
		return () => NORMAL;
	}
	let make: Ev;
	if (info.ref) {
		if (!initEx)
			return badStatement(
				ctx,
				d,
				'construct-unsupported',
				constructParams('reference-without-initializer'),
			);
		if (isScalarLike(type)) {
			const lv = compileLvalue(ctx, initNode!, scope);
			if (!lv) return () => NORMAL;
			make = lv.addr;
		} else make = initEx.ev;
	} else if (type.k === 'array') {
		const array = compileArrayInit(ctx, type, listItems, scope, name, d);
		if (global) make = array;
		else {
			// A local array's storage ends with its block (see compileBlock).
			const autos = ctx.rt.autos;
			ctx.autoArrays++;
			make = (f) => {
				const p = array(f) as Ptr;
				autos.push(p.base as ArrayStore);
				return p;
			};
		}
	} else if (type.k === 'class' || type.k === 'sim') {
		if (initEx) {
			const ev = initEx.ev;
			const copy = copyFor(type, ctx.bindings);
			make = (f) => copy(ev(f));
		} else if (listItems) {
			make = compileConstruct(
				ctx,
				type,
				listItems.map((a) => compileExpr(ctx, a, scope)),
				d,
				true,
				name,
			);
		} else {
			make = compileConstruct(ctx, type, ctorArgs ?? [], d, false, name);
		}
	} else if (initEx) {
		const ev = initEx.ev;
		const t = type;
		make = (f) => convertArg(ev(f), t);
	} else if (listItems) {
		const first = listItems[0] ? compileExpr(ctx, listItems[0], scope) : undefined;
		const t = type;
		make = first ? (f) => convert(first.ev(f), t) : () => defaultValue(t);
	} else if (ctorArgs) {
		const first = ctorArgs[0];
		const t = type;
		make = first ? (f) => convert(first.ev(f), t) : () => defaultValue(t);
	} else {
		const v = defaultValue(type);
		make = () => v;
	}
	if (global) {
		const cell: { v: Value } = { v: defaultValue(type) };
		scope.declare(name, { kind: 'global', cell, type });
		// Initialised once per process (globals at start, statics on first pass).
		let done = -1;
		const rt = ctx.rt;
		return (f) => {
			if (done !== rt.generation) {
				done = rt.generation;
				cell.v = make(f);
			}
			return NORMAL;
		};
	}
	const slot = ctx.fn.slots++;
	const refScalar = info.ref && isScalarLike(type);
	const st: St = (f) => {
		f.s[slot] = make(f);
		return NORMAL;
	};
	scope.declare(name, { kind: 'local', slot, type, ref: refScalar });
	if (!info.ref) registerCleanup(ctx, scope, slot, type, d);
	return st;
}

/**
 * Compiles the creation of an array of `type`: storage is made lazily (see ArrayStore) and
 * charged to the run's memory budget as the program touches it; initializer items are stored
 * when the array is made. Nested arrays are made when their outer element is first touched.
 */
export function compileArrayInit(
	ctx: CompileContext,
	type: Extract<CType, { k: 'array' }>,
	items: SyntaxNode[] | undefined,
	scope: Scope,
	name: string,
	at?: SyntaxNode,
): Ev {
	const elem = type.of;
	const n = type.n;
	const exprs = (items ?? []).map((a) => compileExpr(ctx, a, scope));
	const inner =
		elem.k === 'array' ? compileArrayInit(ctx, elem, undefined, scope, name, at) : undefined;
	const budget = ctx.rt.recorder.memory;
	const span = at ? ctx.span(at) : undefined;
	const objects = elem.k === 'class' || elem.k === 'sim';
	return (f) => {
		const options: ArrayStoreOptions = { budget };
		if (span) options.span = span;
		if (inner) options.make = () => inner(f);
		else if (objects)
			options.make = () => (elem.k === 'class' ? newInstance(elem) : defaultValue(elem));
		const store = new ArrayStore(elem, n, name, options);
		for (let i = 0; i < exprs.length && i < n; i++) {
			if (!inner) store.set(i, convert(exprs[i]!.ev(f), elem));
		}
		return new Ptr(store, 0, elem);
	};
}

/** Builds a value of class/sim type from constructor or brace arguments. */
export function compileConstruct(
	ctx: CompileContext,
	type: CType,
	args: Ex[],
	at: SyntaxNode | null,
	brace = false,
	declName?: string,
): Ev {
	if (type.k === 'sim') {
		const nt = ctx.bindings.types.get(type.name);
		if (!nt?.construct || args.length < (nt.constructMinArgs ?? 0)) {
			if (args.length === 1) return args[0]!.ev;
			return () => new SimObject(type.name, type.targs, null);
		}
		return compileNativeCall(ctx, nt.construct, args, type.targs, at, type.name, declName, brace);
	}
	if (type.k === 'class') {
		const cls = type.cls;
		if (cls.fieldConstructors) return compileFieldConstruct(ctx, cls, args, at, brace);
		const ctors = (cls.methods.get(cls.name) ?? []).filter((c) => c.node);
		const fieldInit = compileFieldInitializers(ctx, cls);
		if (ctors.length === 0 || (brace && !ctors.some((c) => c.paramCount === args.length))) {
			// Aggregate initialisation: fields in order.
			const evs = args.map((a) => a.ev);
			const fields = cls.fields;
			if (at && args.length > fields.length) {
				ctx.diag('args-mismatch', at, {
					name: cls.name,
					expected: fields.length,
					got: args.length,
				});
			}
			return (f) => {
				const inst = fieldInit(f);
				for (let i = 0; i < evs.length && i < fields.length; i++) {
					inst.fields[i] = aggregateField(ctx, f, fields[i]!, evs[i]!(f), inst.fields[i]);
				}
				return inst;
			};
		}
		if (!at) {
			// A member default-constructed as part of its enclosing object.
			const ctor0 = ctors.find((c) => c.paramCount - c.defaults === 0);
			return (f) => {
				const inst = fieldInit(f);
				ctor0?.compiled?.invoke(inst, []);
				return inst;
			};
		}
		const ctor = pickOverload(ctx, ctors, args, at, cls.name);
		if (!ctor) return () => undefined;
		const callArgs = compileArgEvaluator(ctx, ctor, args, at);
		const site = ctx.span(at);
		const rt = ctx.rt;
		return (f) => {
			const inst = fieldInit(f);
			const top = rt.stack[rt.stack.length - 1];
			if (top) {
				top.line = site.line;
				top.column = site.column;
			}
			ctor.compiled!.invoke(inst, callArgs(f));
			return inst;
		};
	}
	if (args.length === 1) {
		const a = args[0]!;
		return (f) => convert(a.ev(f), type);
	}
	return () => defaultValue(type);
}

/**
 * The value of one field of an aggregate initialised from `v`: a nested brace list builds a
 * struct field (`{4, 5}` for an `Inner in`) field by field, or fills an array field
 * (`{6, 7, 8}` for `int arr[3]`, nested lists of a 2-D array flattened in order); any other
 * value is converted to the field's type.
 */
function aggregateField(
	ctx: CompileContext,
	f: Frame,
	field: ClassDef['fields'][number],
	v: Value,
	current: Value,
): Value {
	if (!(v instanceof BraceList)) return convertArg(v, field.type);
	if (field.arrayDims?.length) {
		if (!(current instanceof Ptr && current.base instanceof ArrayStore)) return current;
		const store = current.base;
		const flat: Value[] = [];
		const walk = (x: Value): void => {
			if (x instanceof BraceList) x.items.forEach(walk);
			else flat.push(x);
		};
		walk(v);
		const first = store.index(current.offset);
		const elem = store.elem;
		for (let i = 0; i < flat.length && i < store.length - first; i++)
			store.set(first + i, elem.k === 'class' ? flat[i]! : convert(flat[i]!, elem));
		return current;
	}
	const t = field.type;
	if (t.k !== 'class') return convertArg(v.items[0], t);
	const inst = compileFieldInitializers(ctx, t.cls)(f);
	const fields = t.cls.fields;
	for (let i = 0; i < v.items.length && i < fields.length; i++)
		inst.fields[i] = aggregateField(ctx, f, fields[i]!, v.items[i], inst.fields[i]);
	return inst;
}

/**
 * Constructs a catalog struct: the constructor whose parameter count matches sets its fields in
 * order, the others keep their defaults; a brace list no constructor takes initialises the
 * fields in declaration order, as an aggregate would.
 */
function compileFieldConstruct(
	ctx: CompileContext,
	cls: ClassDef,
	args: Ex[],
	at: SyntaxNode | null,
	brace: boolean,
): Ev {
	const fieldInit = compileFieldInitializers(ctx, cls);
	if (args.length === 0) return fieldInit;
	const ctor = cls.fieldConstructors!.find((c) => c.length === args.length);
	const targets = ctor ?? (brace ? cls.fields.map((_, i) => i).slice(0, args.length) : undefined);
	if (!targets || args.length > cls.fields.length) {
		if (at) {
			ctx.diag('args-mismatch', at, {
				name: cls.name,
				expected: cls.fieldConstructors!.map((c) => c.length).join(' / ') || 0,
				got: args.length,
			});
		}
		return fieldInit;
	}
	const evs = args.map((a) => a.ev);
	const fields = cls.fields;
	return (f) => {
		const inst = fieldInit(f);
		for (let i = 0; i < evs.length; i++) {
			const k = targets[i]!;
			const field = fields[k]!;
			const v = evs[i]!(f);
			// An array member (`elementLengths[4]` of MrgSort4Info) copies the array it is given.
			if (field.arrayDims?.length) copyElements(inst.fields[k], v, field.arrayDims[0]!);
			else inst.fields[k] = convertArg(v, field.type);
		}
		return inst;
	};
}

/** Copies `n` elements from the array `from` points at into the array member `to`. */
/** Copies `n` elements from pointer `from` into the array member `to` points to. */
export function copyElements(to: Value, from: Value, n: number): void {
	if (!(to instanceof Ptr && to.base instanceof ArrayStore)) return;
	if (!(from instanceof Ptr) || !isStore(from.base)) return;
	const size = Math.max(1, sizeOf(from.elem));
	for (let i = 0; i < n; i++)
		to.base.items[to.base.index(to.offset) + i] = convert(
			from.base.load(from.offset + i * size, from.elem),
			to.base.elem,
		);
}

/** A function that creates an instance with every field default-constructed or initialised. */
export function compileFieldInitializers(
	ctx: CompileContext,
	cls: ClassDef,
): (f: Frame) => Instance {
	const makers: Array<Ev | undefined> = [];
	const cached = (cls as ClassDef & { makers?: Array<Ev | undefined> }).makers;
	if (cached) return (f) => buildInstance(cls, cached, f);
	(cls as ClassDef & { makers?: Array<Ev | undefined> }).makers = makers;
	for (const field of cls.fields) {
		const full: CType = field.arrayDims?.length
			? field.arrayDims.reduceRight<CType>((of, n) => ({ k: 'array', of, n }), field.type)
			: field.type;
		if (full.k === 'array') {
			makers.push(
				compileArrayInit(
					ctx,
					full,
					field.init?.name === 'InitializerList' ? ctx.parts(field.init) : undefined,
					cls.scope,
					field.name,
				),
			);
		} else if (field.value !== undefined) {
			const v = field.value;
			makers.push(() => v);
		} else if (full.k === 'class' && field.init) {
			// `Shape s{3, 4};` or `Shape s = {3, 4};` in the class body: built from its list.
			const saved = swapSource(ctx, ctx.foreign.get(field.init));
			const ex =
				field.init.name === 'InitializerList'
					? compileBraceValue(ctx, field.init, full, cls.scope)
					: compileExpr(ctx, field.init, cls.scope);
			swapSource(ctx, saved);
			makers.push(ex.ev);
		} else if (full.k === 'sim' || full.k === 'class') {
			makers.push(compileConstruct(ctx, full, [], null, false, field.name));
		} else if (field.init) {
			// The initialiser is in the program's text, or in its own (set aside by the parser).
			const saved = swapSource(ctx, ctx.foreign.get(field.init));
			const init = field.init.name === 'InitializerList' ? ctx.parts(field.init)[0] : field.init;
			const ex = init ? compileExpr(ctx, init, cls.scope) : undefined;
			swapSource(ctx, saved);
			makers.push(ex ? (f) => convert(ex.ev(f), full) : undefined);
		} else makers.push(undefined);
	}
	return (f) => buildInstance(cls, makers, f);
}
