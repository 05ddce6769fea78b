/**
 * The contract between interpreted C++ and the simulator: C++ names (functions, types,
 * constants) mapped to native implementations. The compiler resolves a name to a binding once;
 * running code calls the binding with evaluated arguments and the user's call site.
 */
import type { MemoryBudget } from '../../sim/memory-budget.ts';
import type { CallSite, SourceSpan } from '../../sim/trace.ts';
import type { BoundApi } from './api-binder.ts';
import type { Runtime } from '../runtime.ts';
import type { CType, TemplateArg } from '../types.ts';
import type { ArrayStore, Value } from '../values.ts';

/** What a native function receives on each call. */
export interface NativeCall {
	/** Evaluated arguments, converted to the parameter types the binding declares (if any). */
	args: Value[];
	/** Static types of the argument expressions (unknown where not tracked). */
	argTypes: readonly CType[];
	/** Explicit template arguments, e.g. `half` in `AllocTensor<half>()`. */
	targs: readonly TemplateArg[];
	rt: Runtime;
	/** Where the call is, for the simulator's backtraces and log lines. */
	site: () => CallSite;
	span: SourceSpan;
	/** The name as written (after namespace stripping), e.g. `DataCopy`. */
	name: string;
	/** For a constructor: the variable or field being declared, e.g. `inQueueX`. */
	declName?: string;
	/** For a constructor: the arguments came as a brace list (`std::vector<int> v{1, 2}`). */
	brace?: boolean;
}

/** What a native function may return; `true`/`false` become 1/0, nothing becomes void. */
export type NativeResult = Value | boolean | void;

/** A native function; `ret` is the static type of its result (unknown when absent). */
export interface NativeFunction {
	(call: NativeCall): NativeResult;
	ret?: CType;
}

/** A native member function; `self` is the object's value (usually a SimObject). */
export type NativeMethod = (self: Value, call: NativeCall) => NativeResult;

/** A simulator type usable in declarations, e.g. `TPipe` or `TQue<TPosition::VECIN, 2>`. */
export interface NativeType {
	name: string;
	/** The static type the interpreter gives variables of this type. */
	ctype?: (targs: readonly TemplateArg[]) => CType;
	/** Default or argument construction; undefined when declaring it creates nothing. */
	construct?: (call: NativeCall) => NativeResult;
	/**
	 * The fewest arguments a form of `construct` takes. A declaration or copy with fewer (a
	 * `LocalTensor<T> t;` whose only constructor is the static-tensor one) keeps the plain
	 * meaning: an unset object, or a copy of the one argument.
	 */
	constructMinArgs?: number;
	methods: Readonly<Record<string, NativeMethod>>;
	/** `obj[i]`, e.g. a LocalTensor slice. */
	index?: (self: Value, index: number, call: NativeCall) => Value;
	/** Public data members, e.g. fields of a descriptor struct. */
	fields?: Readonly<Record<string, (self: Value) => Value>>;
	/** Data members read and written by name, for types whose members are not listed. */
	member?: {
		get: (self: Value, name: string) => Value;
		set: (self: Value, name: string, value: Value) => void;
	};
	/** An external type (see compile/externals.ts): any member function is a stub. */
	external?: boolean;
	/** The static type of what a member function returns, when it is not `auto`. */
	returns?: Readonly<Record<string, (targs: readonly TemplateArg[]) => CType>>;
	/** The elements of a sequence (vector, array): `obj[i]`, range-for and `data()` read them. */
	store?: (self: Value) => ArrayStore | undefined;
	/** The element type of a sequence or the mapped type of a map, from the type's arguments. */
	element?: (targs: readonly TemplateArg[]) => CType;
	/** `obj[key]` of an associative container: the element's place, made on first use. */
	entry?: (self: Value, key: Value, call: NativeCall) => Place;
	/** What a range-for over an object that is not a sequence visits, as places (map entries). */
	elements?: (self: Value) => Place[];
	/** `a op b` with an object of this type on either side; undefined when not defined. */
	binary?: (op: string, a: Value, b: Value, site: OperatorSite) => Value | undefined;
	/** The static type of `a op b` for an operator that is not a comparison. */
	binaryType?: (op: string) => CType | undefined;
	/** Whether an object counts as true (`if (file)`, `if (ptr)`). */
	truthy?: (self: Value) => boolean;
	/** Member functions that change a value-like object (std::string): the new value, the result. */
	mutators?: Readonly<Record<string, (self: Value, call: NativeCall) => [Value, NativeResult]>>;
	/** What a smart pointer points at (`p->x`, `*p`), and its static type. */
	pointee?: (self: Value) => Value;
	pointeeType?: (targs: readonly TemplateArg[]) => CType;
	/** Runs when a variable of this type goes out of scope (a lock_guard unlocks). */
	destroy?: (self: Value, call: NativeCall) => void;
	/** Converts the value that initialises or is assigned to a variable of this type. */
	convert?: (value: Value, targs: readonly TemplateArg[]) => Value;
	/** An output stream type: `obj << x` writes to it. */
	stream?: boolean;
	/** `++it` / `--it` of an iterator object: moves it by `delta` and returns it. */
	step?: (self: Value, delta: number) => Value;
}

/**
 * Where an operator on objects runs, for what it makes: the run's memory budget, the
 * expression's text and its place (a string `+` that would pass the budget stops naming them).
 */
export interface OperatorSite {
	readonly budget: MemoryBudget;
	readonly text: string;
	readonly span: SourceSpan;
}

/** A place in a container: read and written through these. */
export interface Place {
	get: () => Value;
	set: (value: Value) => void;
}

/** A named constant (enum value, macro, error code). */
export interface NativeConstant {
	value: Value;
	type: CType;
}

/** Everything the simulator offers to programs, by C++ name. */
export interface BindingTable {
	/**
	 * Catalog APIs a call compiles against (arity, types, return type): free functions by name
	 * (`aclrtMalloc`), members as `Class::member` (`TQue::AllocTensor`), aliases under their own.
	 */
	apis: Map<string, BoundApi>;
	/** Free functions, keyed by unqualified name (`DataCopy`, `aclrtMalloc`, `printf`). */
	functions: Map<string, NativeFunction>;
	/** Types, keyed by unqualified name (`TPipe`, `LocalTensor`, `aclrtStream`). */
	types: Map<string, NativeType>;
	/** Constants: unqualified (`ACL_SUCCESS`) and scoped (`TPosition::VECIN`) keys. */
	constants: Map<string, NativeConstant>;
	/** Names whose value is read when the program runs (`block_idx` in a kernel). */
	variables: Map<string, NativeVariable>;
	/** The static type a free function returns, when it is not `auto`. */
	returns: Map<string, (targs: readonly TemplateArg[], argTypes: readonly CType[]) => CType>;
	/** Arguments a free function takes by reference (their address is passed), by position. */
	refArgs: Map<string, readonly number[]>;
}

/** A name read at run time, with its static type. */
export interface NativeVariable {
	get: () => Value;
	type: CType;
}

/** An empty table to fill. */
export function emptyBindings(): BindingTable {
	return {
		apis: new Map(),
		functions: new Map(),
		types: new Map(),
		constants: new Map(),
		variables: new Map(),
		returns: new Map(),
		refArgs: new Map(),
	};
}

/** Namespaces whose prefix a program may write before simulator names. */
export const SIM_NAMESPACES: ReadonlySet<string> = new Set(['AscendC', 'tik2', 'std', '']);
