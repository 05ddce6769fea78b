/**
 * A user class or struct, instantiated: one `ClassDef` per class and per list of template
 * arguments (`KernelAdd<half>` and `KernelAdd<float>` are two). It knows its fields in
 * declaration order (that is the construction order), their types and offsets, and its member
 * functions. Invariant: `fieldIndex.get(name)` is the index of `name` in `fields` (or, for an
 * alias a union declares, of the field it shares its storage with).
 */
import type { SyntaxNode } from '@lezer/common';
import type { Scope } from './scope.ts';
import { alignOf, sizeOf, type CType, type TemplateArg } from './types.ts';
import type { FuncDef } from './func-def.ts';
import type { Value } from './values.ts';
import { TILING_ALIGN, tilingFieldLayout } from './tiling-layout.ts';

/** One data member. */
export interface FieldDef {
	name: string;
	type: CType;
	/** The default member initializer, if any (`int x = 3;`). */
	init?: SyntaxNode;
	/** Declarator dimensions of an array member, already evaluated. */
	arrayDims?: number[];
	/** A constant default (catalog structs, whose defaults are data rather than syntax). */
	value?: Value;
}

/** An instantiated class; see the file comment. */
export class ClassDef {
	/** Unqualified name, e.g. `KernelAdd`. */
	readonly name: string;
	/** Qualified name as C++ prints it, e.g. `ns::KernelAdd`. */
	readonly qualName: string;
	readonly targs: readonly TemplateArg[];
	readonly fields: FieldDef[] = [];
	readonly fieldIndex = new Map<string, number>();
	readonly methods = new Map<string, FuncDef[]>();
	/**
	 * Member functions declared in the class body and defined out of class, by name: their
	 * declarators, whose default arguments the definition does not repeat.
	 */
	readonly declared = new Map<string, SyntaxNode[]>();
	/** Static members and nested constants: name → value cell. */
	readonly statics = new Map<string, { type: CType; cell: { v: unknown } }>();
	/** Base classes of the program, in declaration order. */
	readonly bases: ClassDef[] = [];
	/** The class's own scope (members, template parameters), child of its enclosing scope. */
	scope!: Scope;
	/** Whether fields and methods have been collected. */
	complete = false;
	/**
	 * Constructors of a catalog struct, each as the fields its parameters set, in order (the
	 * program's own classes have real constructors among `methods` instead).
	 */
	fieldConstructors: ReadonlyArray<readonly number[]> | undefined;
	/**
	 * A tiling class (`BEGIN_TILING_DATA_DEF`, a `TilingDef` subclass): laid out by the tiling
	 * rule of tiling-def.ts instead of the compiler's, with the TilingDef member functions.
	 */
	tiling = false;
	#size = -1;
	#align = 1;
	#offsets: number[] = [];

	constructor(name: string, qualName: string, targs: readonly TemplateArg[]) {
		this.name = name;
		this.qualName = qualName;
		this.targs = targs;
	}

	/** Adds a data member. */
	addField(field: FieldDef): void {
		this.fieldIndex.set(field.name, this.fields.length);
		this.fields.push(field);
	}

	/** Makes `alias` another name of field `name` (a union member of the same storage). */
	addAlias(alias: string, name: string): void {
		const index = this.fieldIndex.get(name);
		if (index !== undefined) this.fieldIndex.set(alias, index);
	}

	/** Adds a member function (overloads accumulate). */
	addMethod(def: FuncDef): void {
		const list = this.methods.get(def.name);
		if (list) list.push(def);
		else this.methods.set(def.name, [def]);
	}

	/** `sizeof` with natural alignment of each field, as a C++ compiler lays it out. */
	sizeOf(_targs?: readonly TemplateArg[]): number {
		if (this.#size < 0) this.#layout();
		return this.#size;
	}

	/** Alignment of the class. */
	alignOf(_targs?: readonly TemplateArg[]): number {
		if (this.#size < 0) this.#layout();
		return this.#align;
	}

	/** The byte offset of field `index` in an object, as a C++ compiler lays it out. */
	fieldOffset(index: number): number {
		if (this.#size < 0) this.#layout();
		return this.#offsets[index] ?? 0;
	}

	#layout(): void {
		let offset = 0;
		let align = 1;
		this.#offsets = [];
		for (const f of this.fields) {
			const t: CType = f.arrayDims?.length
				? f.arrayDims.reduceRight<CType>((of, n) => ({ k: 'array', of, n }), f.type)
				: f.type;
			const { align: a, size } = this.tiling
				? tilingFieldLayout(t)
				: { align: alignOf(t), size: sizeOf(t) };
			offset = Math.ceil(offset / a) * a;
			this.#offsets.push(offset);
			offset += size;
			align = Math.max(align, a);
		}
		if (this.tiling) align = TILING_ALIGN;
		this.#align = align;
		this.#size = Math.max(1, Math.ceil(offset / align) * align);
	}
}
