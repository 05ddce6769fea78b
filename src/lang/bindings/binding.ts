/**
 * The contract between interpreted C++ and the simulator: C++ names (functions, types,
 * constants) mapped to native implementations. The compiler resolves a name to a binding once;
 * running code calls the binding with evaluated arguments and the user's call site.
 */
import type { CallSite, SourceSpan } from '../../sim/trace.ts';
import type { BoundApi } from './api-binder.ts';
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
}

/** An empty table to fill. */
export function emptyBindings(): BindingTable {
	return { apis: new Map(), functions: new Map(), types: new Map(), constants: new Map() };
}

/** Namespaces whose prefix a program may write before simulator names. */
export const SIM_NAMESPACES: ReadonlySet<string> = new Set(['AscendC', 'tik2', 'std', '']);
