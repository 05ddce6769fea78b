/**
 * Places (lvalues): locals, globals, fields, subscripts and pointer elements that can be read,
 * written and addressed.
 */
import type { SyntaxNode } from '@lezer/common';
import type { SourceSpan } from '../../sim/trace.ts';
import { Frame, type Runtime } from '../runtime.ts';
import { Scope, type Entity } from '../scope.ts';
import { PRIMITIVE_TYPES, T, sizeOf, typeName, type CType } from '../types.ts';
import { hostElement } from '../host-element.ts';
import {
	ArrayStore,
	CellStore,
	SlotStore,
	Instance,
	ObjectStore,
	Ptr,
	SimObject,
	isStore,
	type Value,
} from '../values.ts';
import { lookupPath } from './names.ts';
import { compileExpr } from './expressions.ts';
import { compileFieldInitializers } from './declarators.ts';
import { parseMacroBody, swapSource } from './macros.ts';
import { compileDerefLV } from './operators.ts';
import { makeCallInfo } from './calls.ts';
import { compileApiCall } from './api-call.ts';
import type { Ev, Ex, LV, CompileContext } from './context.ts';
import { firstLine } from './syntax.ts';
import { nestedExternalType, newExternalObject } from './externals.ts';
import { convertArg, numOf, derefPtr, storePtr, fieldLV, describe } from './value-ops.ts';

/** A member of a value that is not a variable (e.g. `f().x`): outside the subset. */
export function compileRvalueMember(ctx: CompileContext, n: SyntaxNode): Ex {
	return ctx.unsupported(n, 'rvalue-member', { text: firstLine(ctx.text(n)) });
}

/** Compiles an expression as a place, or undefined when it is not one. */
export function compileLvalue(ctx: CompileContext, n: SyntaxNode, scope: Scope): LV | undefined {
	switch (n.name) {
		case 'ParenthesizedExpression': {
			const inner = ctx.parts(n)[0];
			return inner ? compileLvalue(ctx, inner, scope) : undefined;
		}
		case 'Identifier':
		case 'ScopedIdentifier':
		case 'FieldIdentifier': {
			const text = ctx.text(n).replace(/\s+/g, '');
			if (ctx.macros.has(text)) {
				const m = parseMacroBody(ctx, ctx.macros.get(text)!, 'expr');
				if (m && !ctx.macroDepth.includes(text)) {
					ctx.macroDepth.push(text);
					const saved = swapSource(ctx, ctx.foreign.get(m));
					try {
						return compileLvalue(ctx, m, scope);
					} finally {
						swapSource(ctx, saved);
						ctx.macroDepth.pop();
					}
				}
			}
			const e = lookupPath(ctx, text.split('::'), scope);
			if (!e) {
				ctx.bad('name-unknown', n, { name: text });
				return undefined;
			}
			return compileEntityLV(ctx, e, text);
		}
		case 'FieldExpression':
			return compileFieldLV(ctx, n, scope);
		case 'CallExpression':
			return compileElementCallLV(ctx, n, scope);
		case 'SubscriptExpression':
			return compileSubscriptLV(ctx, n, scope);
		case 'PointerExpression': {
			const kids = ctx.children(n);
			if (ctx.text(n).trimStart()[0] !== '*' || kids.length === 0) return undefined;
			return compileDerefLV(ctx, kids[kids.length - 1]!, scope, n);
		}
		default:
			return undefined;
	}
}

/** The storage of each constant whose address a program takes. */
const constStores = new WeakMap<Entity, CellStore>();

function compileEntityLV(ctx: CompileContext, e: Entity, text: string): LV | undefined {
	switch (e.kind) {
		case 'local': {
			const slot = e.slot;
			const t = e.type;
			if (e.ref) {
				return {
					get: (f) => derefPtr(f.s[slot] as Ptr),
					set: (f, v) => storePtr(f.s[slot] as Ptr, v),
					addr: (f) => f.s[slot] as Ptr,
					t,
				};
			}
			return {
				get: (f) => f.s[slot],
				set: (f, v) => void (f.s[slot] = v),
				addr: (f) => {
					const v = f.s[slot];
					if (t.k === 'array' && v instanceof Ptr) return v;
					if (t.k === 'class' || t.k === 'sim') return new Ptr(new ObjectStore(v, text), 0, t);
					return new Ptr(new SlotStore(f.s, slot, text), 0, t);
				},
				t,
			};
		}
		case 'global': {
			const cell = e.cell;
			const t = e.type;
			return {
				get: () => cell.v,
				set: (_f, v) => void (cell.v = v),
				addr: () =>
					t.k === 'class' || t.k === 'sim'
						? new Ptr(new ObjectStore(cell.v, text), 0, t)
						: new Ptr(
								new CellStore(
									() => cell.v,
									(x) => void (cell.v = x),
									text,
								),
								0,
								t,
							),
				t,
			};
		}
		case 'field': {
			const index = e.index;
			const t = e.type;
			return fieldLV((f) => f.self as Instance, index, t, text);
		}
		case 'const': {
			// A constant folded at compile time still has storage when its address is taken
			// (`&kCondTrue` passed to aclrtMemcpy): one cell per constant, so `&k == &k`.
			let store = constStores.get(e);
			if (!store) {
				const value = e.value;
				store = new CellStore(
					() => value,
					() => {},
					text,
				);
				constStores.set(e, store);
			}
			const cell = store;
			const t = e.type;
			return {
				get: () => e.value,
				set: () => {},
				addr: () => new Ptr(cell, 0, t),
				t,
				readOnly: true,
			};
		}
		default:
			return undefined;
	}
}

/**
 * The object of `a.b` in `a.b.c`. When `a` is of an external type, `a.b` is a struct member
 * whose type is not known; used as an object, it is an external object too, made and stored
 * in `a` at its first use (so `info.param.size = 4` then `info.param.size` reads 4).
 */
function nestedObject(ctx: CompileContext, n: SyntaxNode, scope: Scope): Ex {
	const lv = compileLvalue(ctx, n, scope);
	if (!lv) return compileRvalueMember(ctx, n);
	if (!lv.externalMember) return { ev: lv.get, t: lv.t };
	const kids = ctx.children(n);
	const t = nestedExternalType(ctx, ctx.text(kids[kids.length - 1]!));
	const name = t.name;
	return {
		ev: (f) => {
			const o = lv.get(f);
			// Only a member never written (read as 0) is made: whatever the program stored stays.
			if (o !== 0 && o !== undefined) return o;
			const made = newExternalObject(ctx, name);
			lv.set(f, made);
			return made;
		},
		t,
	};
}

/**
 * `t(i)` as a place, on a simulator object whose catalog has both `operator()` (the read) and
 * `SetValue` (the write): `tensor(0) = x` is `tensor.SetValue(0, x)`.
 */
function compileElementCallLV(ctx: CompileContext, n: SyntaxNode, scope: Scope): LV | undefined {
	const callee = n.firstChild;
	const list = n.getChild('ArgumentList');
	const argNodes = list ? ctx.parts(list) : [];
	if (!callee || argNodes.length !== 1 || !ctx.fn) return undefined;
	const self = compileExpr(ctx, callee, scope);
	if (self.t.k !== 'sim') return undefined;
	const read = ctx.bindings.apis.get(`${self.t.name}::operator()`);
	const write = ctx.bindings.apis.get(`${self.t.name}::SetValue`);
	if (!read || !write) return undefined;
	const index = compileExpr(ctx, argNodes[0]!, scope);
	const slot = ctx.fn.slots++;
	const value: Ex = { ev: (f) => f.s[slot], t: T.unknown };
	const get = compileApiCall(ctx, read, [index], argNodes, [], n, self, scope);
	const put = compileApiCall(ctx, write, [index, value], [argNodes[0]!, n], [], n, self, scope).ev;
	return {
		get: get.ev,
		set: (f, v) => {
			f.s[slot] = v;
			put(f);
		},
		addr: () => new Ptr({}, 0, T.unknown),
		t: get.t,
	};
}

function compileFieldLV(ctx: CompileContext, n: SyntaxNode, scope: Scope): LV | undefined {
	const kids = ctx.children(n);
	const objNode = kids[0]!;
	const fieldNode = kids[kids.length - 1]!;
	// `->` is an anonymous token of the grammar: read it from the text between the two sides.
	const arrow = ctx.sourceOf(objNode).slice(objNode.to, fieldNode.from).includes('->');
	const field = ctx.text(fieldNode);
	if (fieldNode.name === 'TemplateMethod') return undefined;
	const span = ctx.span(n);
	const rt = ctx.rt;
	if (objNode.name === 'this') {
		const cls = scope.cls;
		const index = cls?.fieldIndex.get(field);
		if (!cls || index === undefined) {
			ctx.bad('member-unknown', fieldNode, { type: cls?.qualName ?? 'this', name: field });
			return undefined;
		}
		return fieldLV((f) => f.self as Instance, index, cls.fields[index]!.type, field);
	}
	const obj =
		!arrow && objNode.name === 'FieldExpression'
			? nestedObject(ctx, objNode, scope)
			: compileExpr(ctx, objNode, scope);
	const target = arrow ? compileArrowObject(ctx, obj, objNode, span) : obj;
	const ot = target.t;
	const getObj = target.ev;
	if (ot.k === 'class') {
		const index = ot.cls.fieldIndex.get(field);
		if (index === undefined) {
			const st = ot.cls.statics.get(field);
			if (st)
				return {
					get: () => st.cell.v as Value,
					set: (_f, v) => void (st.cell.v = v),
					addr: () =>
						new Ptr(
							new CellStore(
								() => st.cell.v as Value,
								(x) => void (st.cell.v = x),
								field,
							),
							0,
							st.type,
						),
					t: st.type,
				};
			ctx.bad('member-unknown', fieldNode, { type: ot.cls.qualName, name: field });
			return undefined;
		}
		const f0 = ot.cls.fields[index]!;
		const t: CType = f0.arrayDims?.length
			? f0.arrayDims.reduceRight<CType>((of, k) => ({ k: 'array', of, n: k }), f0.type)
			: f0.type;
		return fieldLV(getObj as (f: Frame) => Instance, index, t, field);
	}
	if (ot.k === 'sim') {
		const nt = ctx.bindings.types.get(ot.name);
		const getter = nt?.fields?.[field];
		const member = nt?.member;
		if (!getter && member) {
			const b = ctx.bindings;
			// The object may be of another simulator type at run time (a tiling struct seen
			// through a pointer to an external type): its own type answers first.
			const of = (o: Value) =>
				(o instanceof SimObject ? b.types.get(o.type)?.member : undefined) ?? member;
			return {
				get: (f) => {
					const o = getObj(f);
					return of(o).get(o, field);
				},
				set: (f, v) => {
					const o = getObj(f);
					of(o).set(o, field, v);
				},
				addr: (f) => {
					const o = getObj(f);
					return new Ptr(
						new CellStore(
							() => of(o).get(o, field),
							(x) => of(o).set(o, field, x),
							field,
						),
						0,
						T.unknown,
					);
				},
				t: T.unknown,
				externalMember: nt.external === true,
			};
		}
		if (!getter) {
			ctx.bad('member-unknown', fieldNode, { type: typeName(ot), name: field });
			return undefined;
		}
		return {
			get: (f) => getter(getObj(f)),
			set: () => undefined,
			addr: () => new Ptr({}, 0, T.unknown),
			t: T.unknown,
		};
	}
	// Unknown static type: look the field up by name at run time.
	const b = ctx.bindings;
	const memberOf = (o: Value) => (o instanceof SimObject ? b.types.get(o.type)?.member : undefined);
	return {
		get: (f) => {
			const o = getObj(f);
			if (o instanceof Instance) {
				const i = o.cls.fieldIndex.get(field);
				if (i !== undefined) return o.fields[i];
			}
			const m = memberOf(o);
			if (m) return m.get(o, field);
			return rt.stop('member-unknown', span, { type: describe(o), name: field });
		},
		set: (f, v) => {
			const o = getObj(f);
			if (o instanceof Instance) {
				const i = o.cls.fieldIndex.get(field);
				if (i !== undefined) {
					o.fields[i] = convertArg(v, o.cls.fields[i]!.type);
					return;
				}
			}
			const m = memberOf(o);
			if (m) return m.set(o, field, v);
			rt.stop('member-unknown', span, { type: describe(o), name: field });
		},
		addr: (f) => {
			const o = getObj(f);
			if (o instanceof Instance) {
				const i = o.cls.fieldIndex.get(field);
				if (i !== undefined)
					return new Ptr(
						new CellStore(
							() => o.fields[i],
							(x) => void (o.fields[i] = x),
							field,
						),
						0,
						o.cls.fields[i]!.type,
					);
			}
			return rt.stop('member-unknown', span, { type: describe(o), name: field });
		},
		t: T.unknown,
	};
}

/**
 * What `p->` reaches: the object a pointer points at, or what a simulator object that acts as
 * a pointer (a smart pointer, an iterator) points at; stops at a null pointer.
 */
export function compileArrowObject(
	ctx: CompileContext,
	obj: Ex,
	objNode: SyntaxNode,
	span: SourceSpan,
): Ex {
	const rt = ctx.rt;
	const b = ctx.bindings;
	const nt = obj.t.k === 'sim' ? b.types.get(obj.t.name) : undefined;
	const t =
		obj.t.k === 'ptr'
			? obj.t.to
			: obj.t.k === 'sim' && nt?.pointeeType
				? nt.pointeeType(obj.t.targs)
				: T.unknown;
	const name = ctx.text(objNode);
	const ev = obj.ev;
	const object = t.k === 'class' ? hostObject(ctx, rt, t) : undefined;
	return {
		ev: (f: Frame): Value => {
			let p = ev(f);
			if (p instanceof SimObject) {
				const pointee = b.types.get(p.type)?.pointee;
				if (pointee) p = pointee(p);
			}
			if (p instanceof Ptr) return isStore(p.base) ? p.base.load(p.offset, p.elem) : p.base;
			if (p === null || p === undefined || p === 0)
				return rt.stop('null-dereference', span, { name });
			if (object && typeof p === 'number') return object(f, p);
			return p;
		},
		t,
	};
}

/**
 * The struct of type `t` at a host address (`(S *)malloc(…)`, `new S[n]`): the object kept at
 * that address, made with its fields default-initialised on first use and kept there, so
 * `m->n = 9` then `m->n` reads 9 and `arr[1].n` is another object than `arr[0].n`.
 */
function hostObject(
	ctx: CompileContext,
	rt: Runtime,
	t: Extract<CType, { k: 'class' }>,
): (f: Frame, address: number) => Value {
	const make = compileFieldInitializers(ctx, t.cls);
	return (f, address) => {
		const kept = rt.memory.load(address, undefined);
		if (kept instanceof Instance) return kept;
		const inst = make(f);
		rt.memory.store(address, undefined, inst);
		return inst;
	};
}

function compileSubscriptLV(ctx: CompileContext, n: SyntaxNode, scope: Scope): LV | undefined {
	const parts = ctx.parts(n);
	const arrNode = parts[0]!;
	const idxNode = parts[1];
	if (!idxNode) return undefined;
	const arr = externalArrayMember(ctx, arrNode, n, scope) ?? compileExpr(ctx, arrNode, scope);
	const idx = compileExpr(ctx, idxNode, scope).ev;
	const span = ctx.span(n);
	const rt = ctx.rt;
	const name = ctx.text(arrNode);
	const container = compileContainerElement(ctx, arr, idxNode, scope, n, name);
	if (container) return container;
	if (arr.t.k === 'sim' || arr.t.k === 'unknown') {
		const nt = arr.t.k === 'sim' ? ctx.bindings.types.get(arr.t.name) : undefined;
		const b = ctx.bindings;
		const call = makeCallInfo(ctx, n, name, [], []);
		const simIndex = (o: Value, i: number, f: Frame): Value => {
			const t = nt ?? (o instanceof SimObject ? b.types.get(o.type) : undefined);
			if (t?.index) return t.index(o, i, call(f, [i])) as Value;
			return undefined;
		};
		if (arr.t.k === 'sim') {
			return {
				get: (f) => simIndex(arr.ev(f), numOf(idx(f)), f),
				set: () => undefined,
				addr: () => new Ptr({}, 0, T.unknown),
				t: arr.t,
			};
		}
		const elemLV = compilePtrElementLV(ctx, arr.ev, idx, T.unknown, span, name, rt);
		// A container of unknown static type (`auto& v = …`): its own type answers at run time.
		const storeOf = (o: Value) =>
			o instanceof SimObject ? b.types.get(o.type)?.store?.(o) : undefined;
		const viaStore = (o: Value, f: Frame) => {
			const store = storeOf(o);
			return store ? new Ptr(store, 0, store.elem).add(numOf(idx(f))) : undefined;
		};
		return {
			get: (f) => {
				const o = arr.ev(f);
				const p = viaStore(o, f);
				if (p) return derefPtr(p);
				if (o instanceof SimObject) return simIndex(o, numOf(idx(f)), f);
				return elemLV.get(f);
			},
			set: (f, v) => {
				const p = viaStore(arr.ev(f), f);
				if (p) storePtr(p, v);
				else elemLV.set(f, v);
			},
			addr: (f) => viaStore(arr.ev(f), f) ?? elemLV.addr(f),
			t: T.unknown,
		};
	}
	const elem = arr.t.k === 'ptr' ? arr.t.to : arr.t.k === 'array' ? arr.t.of : T.unknown;
	return compilePtrElementLV(ctx, arr.ev, idx, elem, span, name, rt);
}

/** Elements of the array an unwritten external member stands for (illustrative; none is charged until used). */
const EXTERNAL_ARRAY_LENGTH = 1 << 16;

/**
 * `a.m` in `a.m[i]`, when `a` is of an external type (a struct of a missing header): the member
 * is an array whose declaration is missing. Never written, it reads as a zero-initialised array,
 * made and stored in `a` at its first use (so `a.m[2] = 5` then `a.m[2]` reads 5); its element
 * type is the one the use implies ({@link inferredElementType}). Undefined for other arrays.
 */
function externalArrayMember(
	ctx: CompileContext,
	arrNode: SyntaxNode,
	subscript: SyntaxNode,
	scope: Scope,
): Ex | undefined {
	if (arrNode.name !== 'FieldExpression') return undefined;
	const lv = compileLvalue(ctx, arrNode, scope);
	if (!lv?.externalMember) return undefined;
	const elem = inferredElementType(ctx, subscript);
	const label = ctx.text(arrNode);
	return {
		ev: (f) => {
			const o = lv.get(f);
			if (o !== 0 && o !== undefined) return o;
			const made = new Ptr(
				new ArrayStore(elem, EXTERNAL_ARRAY_LENGTH, label, { make: () => 0 }),
				0,
				elem,
			);
			lv.set(f, made);
			return made;
		},
		t: { k: 'ptr', to: elem },
	};
}

/**
 * The element type a use of `m[i]` implies: the declared type of the variable it initialises
 * (`int first = info.offsets[0]`), or of a literal assigned to it (`info.scales[1] = 0.5f`);
 * otherwise unknown (elements keep the values written, as numbers).
 */
function inferredElementType(ctx: CompileContext, subscript: SyntaxNode): CType {
	const parent = subscript.parent;
	if (parent?.name === 'InitDeclarator') {
		const typeNode =
			parent.parent?.getChild('PrimitiveType') ?? parent.parent?.getChild('TypeIdentifier');
		const t = typeNode ? PRIMITIVE_TYPES[ctx.text(typeNode)] : undefined;
		if (t) return t;
	}
	if (parent?.name === 'AssignmentExpression' && parent.firstChild === subscript) {
		const rhs = parent.lastChild;
		if (rhs?.name === 'NumberLiteral') {
			const text = ctx.text(rhs);
			if (/^[\d.]+(?:e[-+]?\d+)?f$/i.test(text)) return T.f32;
			if (/[.eE]/.test(text) && !/^0x/i.test(text)) return T.f64;
			return T.i32;
		}
	}
	return T.unknown;
}

/**
 * `c[i]` of a simulator container: an element of a sequence (`vector`, `array`) through its
 * store, or the entry of a map, made on first use. Undefined for other simulator types.
 */
function compileContainerElement(
	ctx: CompileContext,
	arr: Ex,
	idxNode: SyntaxNode,
	scope: Scope,
	n: SyntaxNode,
	name: string,
): LV | undefined {
	if (arr.t.k !== 'sim') return undefined;
	const nt = ctx.bindings.types.get(arr.t.name);
	const elem = nt?.element?.(arr.t.targs) ?? T.unknown;
	const span = ctx.span(n);
	const rt = ctx.rt;
	const idx = compileExpr(ctx, idxNode, scope).ev;
	if (nt?.store) {
		const store = nt.store;
		const base = (f: Frame): Value => {
			const s = store(arr.ev(f));
			return s ? new Ptr(s, 0, elem) : null;
		};
		return compilePtrElementLV(ctx, base, idx, elem, span, name, rt);
	}
	if (nt?.entry) {
		const entry = nt.entry;
		const call = makeCallInfo(ctx, n, name, [], []);
		const place = (f: Frame) => entry(arr.ev(f), idx(f), call(f, []));
		return {
			get: (f) => place(f).get(),
			set: (f, v) => place(f).set(convertArg(v, elem)),
			addr: (f) => {
				const p = place(f);
				return new Ptr(new CellStore(p.get, p.set, name), 0, elem);
			},
			t: elem,
		};
	}
	return undefined;
}

function compilePtrElementLV(
	ctx: CompileContext,
	arr: Ev,
	idx: Ev,
	elem: CType,
	span: SourceSpan,
	name: string,
	rt: Runtime,
): LV {
	const size = Math.max(1, sizeOf(elem));
	const dtype = hostElement(elem);
	const where = { label: name, span };
	const address = (f: Frame): number | undefined => {
		const p = arr(f);
		return typeof p === 'number' && p !== 0 ? p + numOf(idx(f)) * size : undefined;
	};
	const at = (f: Frame): Ptr => {
		const p = arr(f);
		if (!(p instanceof Ptr)) return rt.stop('null-dereference', span, { name });
		const i = numOf(idx(f));
		if (p.base instanceof ArrayStore) {
			const k = p.base.index(p.offset) + i;
			if (k < 0 || k >= p.base.length) {
				return rt.stop('index-out-of-range', span, { index: i, name, size: p.base.length });
			}
		}
		return p.add(i);
	};
	const object = elem.k === 'class' ? hostObject(ctx, rt, elem) : undefined;
	return {
		// The read of `at` without its pointer: the array expression is evaluated once.
		get: (f) => {
			const p = arr(f);
			if (typeof p === 'number' && p !== 0) {
				const a = p + numOf(idx(f)) * size;
				return object ? object(f, a) : (rt.memory.load(a, dtype, where) as Value);
			}
			if (!(p instanceof Ptr)) return rt.stop('null-dereference', span, { name });
			const i = numOf(idx(f));
			const base = p.base;
			if (base instanceof ArrayStore) {
				const k = base.index(p.offset) + i;
				if (k < 0 || k >= base.length) {
					return rt.stop('index-out-of-range', span, { index: i, name, size: base.length });
				}
			}
			if (!isStore(base)) return 0;
			const elemType = p.elem;
			return base.load(p.offset + i * Math.max(1, sizeOf(elemType)), elemType);
		},
		set: (f, v) => {
			const a = address(f);
			if (a !== undefined) {
				rt.memory.store(a, dtype, convertArg(v, elem), where);
				return;
			}
			const q = at(f);
			if (isStore(q.base)) q.base.store(q.offset, q.elem, convertArg(v, elem));
		},
		addr: (f) => {
			const a = address(f);
			if (a === undefined) return at(f);
			const cell = new CellStore(
				() => rt.memory.load(a, dtype, where) as Value,
				(x) => rt.memory.store(a, dtype, x, where),
				name,
			);
			return new Ptr(cell, 0, elem);
		},
		t: elem,
	};
}
