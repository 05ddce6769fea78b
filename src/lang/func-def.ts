/**
 * A function of the user's program: a free function, a member function, a constructor or a
 * function template (instantiated on use, one `FuncDef` per template argument list).
 */
import type { SyntaxNode } from '@lezer/common';
import type { ClassDef } from './class-def.ts';
import type { Scope } from './scope.ts';
import type { CType, TemplateArg } from './types.ts';
import type { Value } from './values.ts';

/** A template parameter: a type (`typename T`) or a value (`int N`), with its default. */
export interface TemplateParam {
	name: string;
	kind: 'type' | 'value';
	/** Default argument node, if any. */
	def?: SyntaxNode;
}

/** A function after compilation: its frame size and a body that runs in a fresh frame. */
export interface CompiledFunc {
	/** Slots in the frame (parameters first). */
	slots: number;
	/** Runs the body; the caller reads the return value from the frame. */
	invoke: (self: Value, args: Value[]) => Value;
	/** Parameter types after template substitution. */
	params: Array<{ name: string; type: CType; ref: boolean }>;
	ret: CType;
	/**
	 * The body has no statements and there is no constructor initialiser: invoking it only
	 * counts a step (and converts arguments nothing reads), so a launch may skip running it.
	 */
	empty?: boolean;
}

/** See the file comment. */
export interface FuncDef {
	/** Unqualified name, e.g. `Compute`. */
	name: string;
	/** Qualified name, e.g. `KernelAdd::Compute`. */
	qualName: string;
	/** The `FunctionDefinition` node; absent for a declaration without a body (yet). */
	node?: SyntaxNode;
	/** The scope the body is compiled in (namespace or class scope). */
	scope: Scope;
	cls?: ClassDef;
	tparams: TemplateParam[];
	/** Template arguments of this instance (function templates only). */
	targs?: readonly TemplateArg[];
	isCtor: boolean;
	isStatic: boolean;
	externC: boolean;
	/** Declared `__global__`: a kernel entry. */
	kernel: boolean;
	/** Parameter count and how many have defaults. */
	paramCount: number;
	defaults: number;
	/** The declaration in the class body of a member defined out of class (its default arguments). */
	declaredAt?: SyntaxNode;
	/**
	 * The namespace scope an out-of-class member definition is written in: its body sees that
	 * scope's names after the class's (the class may have been declared by another unit).
	 */
	definedIn?: Scope;
	compiled?: CompiledFunc;
	/** Instances of a function template, by template-argument key. */
	instances?: Map<string, FuncDef>;
}
