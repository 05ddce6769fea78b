/**
 * The contract between interpreted C++ and the simulator: C++ names (functions, types,
 * constants) mapped to native implementations. The compiler resolves a name to a binding once;
 * running code calls the binding with evaluated arguments and the user's call site.
 */
import type { CallSite, SourceSpan } from '../../sim/trace.ts';
import type { Runtime } from '../runtime.ts';
import type { CType, TemplateArg } from '../types.ts';
import type { Value } from '../values.ts';

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
}

/** What a native function may return; `true`/`false` become 1/0, nothing becomes void. */
export type NativeResult = Value | boolean | void;

/** A native function. */
export type NativeFunction = (call: NativeCall) => NativeResult;

/** A native member function; `self` is the object's value (usually a SimObject). */
export type NativeMethod = (self: Value, call: NativeCall) => NativeResult;

/** A simulator type usable in declarations, e.g. `TPipe` or `TQue<TPosition::VECIN, 2>`. */
export interface NativeType {
	name: string;
	/** The static type the interpreter gives variables of this type. */
	ctype?: (targs: readonly TemplateArg[]) => CType;
	/** Default or argument construction; undefined when declaring it creates nothing. */
	construct?: (call: NativeCall) => NativeResult;
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
}

/** A named constant (enum value, macro, error code). */
export interface NativeConstant {
	value: Value;
	type: CType;
}

/** Everything the simulator offers to programs, by C++ name. */
export interface BindingTable {
	/** Free functions, keyed by unqualified name (`DataCopy`, `aclrtMalloc`, `printf`). */
	functions: Map<string, NativeFunction>;
	/** Types, keyed by unqualified name (`TPipe`, `LocalTensor`, `aclrtStream`). */
	types: Map<string, NativeType>;
	/** Constants: unqualified (`ACL_SUCCESS`) and scoped (`TPosition::VECIN`) keys. */
	constants: Map<string, NativeConstant>;
	/** Names whose value is read when the program runs (`block_idx` in a kernel). */
	variables: Map<string, NativeVariable>;
}

/** A name read at run time, with its static type. */
export interface NativeVariable {
	get: () => Value;
	type: CType;
}

/** An empty table to fill. */
export function emptyBindings(): BindingTable {
	return { functions: new Map(), types: new Map(), constants: new Map(), variables: new Map() };
}

/** Namespaces whose prefix a program may write before simulator names. */
export const SIM_NAMESPACES: ReadonlySet<string> = new Set(['AscendC', 'tik2', 'std', '']);
