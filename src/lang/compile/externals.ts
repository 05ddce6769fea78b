/**
 * External stubs: what a name means when the program uses it, does not define it, and the
 * simulator does not model it, but its meaning can still be recovered. That is the case when a
 * header the program includes is not there (its declarations are missing, not wrong), when the
 * program is an operator-framework kernel (its tiling types come from generated headers), and
 * for the CANN libraries' own APIs the simulator does not model. Then
 *
 * - a function is an external function: its arguments are evaluated, it does nothing, and it
 *   returns 0 (or, for a function whose name says it creates something, a new opaque handle);
 * - a type is an external type: its objects hold whatever members the program writes and read 0
 *   for the others, and their member functions do nothing and return 0;
 * - a constant-like name (`SOME_FLAG`) is 0.
 *
 * Each gets one warning, at its first use, naming the missing header or the library. Anything
 * else unknown is still an error: a typo in a program with all its headers is not guessed at.
 */
import type { SyntaxNode } from '@lezer/common';
import type { NativeType } from '../bindings/binding.ts';
import type { Scope } from '../scope.ts';
import { T, type CType } from '../types.ts';
import { SimObject, type Value } from '../values.ts';
import type { CompileContext, Ex } from './context.ts';
import { compileExpr } from './expressions.ts';
import type { Localized } from '../../triage/localized.ts';
import { editDistance } from '../../api/nearest-name.ts';

/** Names of the CANN libraries' APIs and types (AscendCL, aclnn, HCCL, platform helpers). */
const CANN_NAME = /^(?:acl|Acl|ACL_|hccl|Hccl|HCCL_|platform_ascendc::|ge::|op::|rt[A-Z])/;

/** Uses of the operator framework's kernel macros: the kernel comes with generated headers. */
const FRAMEWORK_KERNEL = /\b(?:GET_TILING_DATA\w*|TILING_KEY_IS|REGISTER_TILING_DEFAULT)\s*\(/;

/**
 * Ascend C's own names: the namespace, and PascalCase APIs and types (`Sigmoid`,
 * `DataCopyPadExtParams`) a kernel that includes `kernel_operator.h` uses.
 */
const ASCEND_C_NAME = /^(?:AscendC::|tik2::)?[A-Z][A-Za-z0-9]*$|^AscendC::/;

/** Whether the program includes the Ascend C header (the simulator models part of it). */
function kernelOperator(ctx: CompileContext): boolean {
	return /#\s*include\s*[<"]kernel_operator\.h[>"]/.test(ctx.parsed.source);
}

/** A constant-like name: capitals, digits and underscores, or the `kName` style (`kBlockDim`). */
const CONSTANT_NAME = /^(?:\w+::)*(?:[A-Z][A-Z0-9_]*|k[A-Z][A-Za-z0-9]*)$/;

/** Function names that say the function makes something (it then returns a handle, not 0). */
const MAKER_NAME = /(?:Create|Alloc|New|Open|Make|Init\w*Desc|Get\w*Desc|Instance)\w*$/;

/**
 * The words of a CANN name: the lowercase module prefix (`aclrt`, `acltdt`, `aclmdl`) and then
 * each capitalised word (`Create`, `Dataset`).
 */
function nameWords(name: string): string[] {
	const words = name.match(/^[a-z]+|[A-Z][a-z0-9]*|[A-Z]+(?![a-z])|_+[A-Za-z0-9]*/g) ?? [name];
	// `acl` and the module after it are two words: `acltdt` is acl + tdt.
	const module = /^(acl|hccl)([a-z]+)$/.exec(words[0] ?? '');
	return module ? [module[1]!, module[2]!, ...words.slice(1)] : words;
}

/**
 * Whether `name` is another API than `known` rather than a misspelling of it: the two differ in
 * one whole word (`acltdtCreateDataset` and `aclmdlCreateDataset`, `aclmdlGetDatasetBuffer` and
 * `aclmdlAddDatasetBuffer`), where a typo changes a letter or two of a word (`aclrtMaloc`).
 */
export function anotherApi(name: string, known: string): boolean {
	const a = nameWords(name);
	const b = nameWords(known);
	if (a.length !== b.length) return false;
	const differing = a.map((w, i) => [w, b[i]!] as const).filter(([x, y]) => x !== y);
	if (differing.length !== 1) return false;
	const [x, y] = differing[0]!;
	return editDistance(x.toLowerCase(), y.toLowerCase()) * 2 > Math.max(x.length, y.length);
}

/** The kinds of name an external stub stands in for. */
export type ExternalKind = 'function' | 'type' | 'name';

/** What a missing declaration is blamed on, as a phrase for the warning; undefined: not allowed. */
export function externalReason(
	ctx: CompileContext,
	name: string,
	kind: ExternalKind,
	nearKnown = false,
): Localized | undefined {
	const plain = name.replace(/^::/, '');
	// Near a known AscendCL name, a CANN name is a typo (the catalog has the samples' APIs);
	// an Ascend C name may be an API the kernel side does not model yet.
	if (CANN_NAME.test(plain) && !nearKnown && (kind !== 'name' || CONSTANT_NAME.test(plain)))
		return {
			zh: '它是 CANN 库的接口，不在模拟器的模拟范围内',
			en: 'an API of a CANN library, outside what the simulator models',
		};
	if (ASCEND_C_NAME.test(plain) && kernelOperator(ctx) && kind !== 'name')
		return {
			zh: '它是 `kernel_operator.h` 里的 Ascend C 接口，不在模拟器的模拟范围内',
			en: 'an Ascend C API of `kernel_operator.h`, outside what the simulator models',
		};
	if (nearKnown) return undefined;
	const missing = ctx.parsed.pre.missing[0];
	const generated = !missing && FRAMEWORK_KERNEL.test(ctx.program);
	if (!missing && !generated) return undefined;
	if (kind === 'name' && !CONSTANT_NAME.test(plain)) return undefined;
	if (generated)
		return {
			zh: '算子工程的核函数从框架生成的头文件里得到 tiling 类型',
			en: 'an operator-framework kernel gets its tiling types from headers the framework generates',
		};
	return {
		zh: `它的声明应在 \`${missing!.header}\` 里，而这个头文件不在程序的文件中`,
		en: `its declaration is presumably in \`${missing!.header}\`, which is not among the program's files`,
	};
}

/** An opaque object of an external type: the members the program wrote. */
export class ExternalObject {
	readonly members = new Map<string, Value>();
	/** A distinct nonzero number, for handles and `%p`. */
	readonly id: number;
	constructor(id: number) {
		this.id = id;
	}
}

/** The binding of an external type: any member, any member function. */
function externalType(name: string, newObject: () => ExternalObject): NativeType {
	const stub = () => 0;
	return {
		name,
		construct: () => new SimObject(name, [], newObject()),
		methods: new Proxy({} as Record<string, () => number>, { get: () => stub }),
		member: {
			get: (self, field) =>
				self instanceof SimObject && self.handle instanceof ExternalObject
					? (self.handle.members.get(field) ?? 0)
					: 0,
			set: (self, field, v) => {
				if (self instanceof SimObject && self.handle instanceof ExternalObject)
					self.handle.members.set(field, v);
			},
		},
		external: true,
	};
}

/**
 * The type of a struct member `field` of an external object (a nested struct of a missing
 * header: `info.param.size = 4`), named `external:.field`. No warning of its own: the outer
 * type had one.
 */
export function nestedExternalType(
	ctx: CompileContext,
	field: string,
): Extract<CType, { k: 'sim' }> {
	const key = `${EXTERNAL_PREFIX}.${field}`;
	if (!ctx.bindings.types.has(key))
		ctx.bindings.types.set(
			key,
			externalType(key, () => new ExternalObject(EXTERNAL_HANDLE_BASE + ++ctx.externalHandles)),
		);
	return { k: 'sim', name: key, targs: [] };
}

/** A new object of the external type named `name` (see {@link nestedExternalType}). */
export function newExternalObject(ctx: CompileContext, name: string): SimObject {
	return new SimObject(name, [], new ExternalObject(EXTERNAL_HANDLE_BASE + ++ctx.externalHandles));
}

/** The prefix of external types' names in the binding table. */
export const EXTERNAL_PREFIX = 'external:';

/** Handles made by external functions and objects start here (illustrative). */
const EXTERNAL_HANDLE_BASE = 0x7e00_0000;

/**
 * Whether `v` is a handle an external function made (`GetInstance()` of a missing header): its
 * member functions are stubs like the function that made it.
 */
export function isExternalHandle(v: unknown): boolean {
	return (
		typeof v === 'number' && v > EXTERNAL_HANDLE_BASE && v < EXTERNAL_HANDLE_BASE + 0x0100_0000
	);
}

/** Reports the first use of an external `name` once; returns whether it is allowed. */
function noteExternal(
	ctx: CompileContext,
	name: string,
	kind: ExternalKind,
	at: SyntaxNode,
	nearest?: string,
	mentioned = nearest,
): boolean {
	// Near a known name, only an Ascend C API is taken for real; anything else is a typo.
	const reason = externalReason(ctx, name, kind, nearest !== undefined);
	if (!reason) return false;
	const why: Localized = mentioned
		? {
				zh: `${reason.zh}；最接近的已知名字是 \`${mentioned}\`，如果是拼写错误请改正`,
				en: `${reason.en}; the nearest known name is \`${mentioned}\`, in case it is a typo`,
			}
		: reason;
	const code =
		kind === 'function' ? 'call-external' : kind === 'type' ? 'type-external' : 'name-external';
	ctx.noteOnce(code, `${kind}:${name}`, at, { name, why });
	return true;
}

/** The external type `name`, declared on first use (undefined: not allowed here). */
export function resolveExternalType(
	ctx: CompileContext,
	name: string,
	at: SyntaxNode,
): CType | undefined {
	if (!noteExternal(ctx, name, 'type', at)) return undefined;
	const key = `${EXTERNAL_PREFIX}${name}`;
	if (!ctx.bindings.types.has(key)) {
		ctx.bindings.types.set(
			key,
			externalType(key, () => new ExternalObject(EXTERNAL_HANDLE_BASE + ++ctx.externalHandles)),
		);
	}
	return { k: 'sim', name: key, targs: [] };
}

/**
 * A call of the external function `name` (undefined: not allowed here). `nearest` is a known
 * name the call is close to: the warning names it, since a real API the simulator lacks and a
 * misspelt one look alike.
 */
export function compileExternalCall(
	ctx: CompileContext,
	name: string,
	argNodes: SyntaxNode[],
	scope: Scope,
	at: SyntaxNode,
	nearest?: string,
): Ex | undefined {
	const known = nearest !== undefined && !anotherApi(name.replace(/^.*::/, ''), nearest);
	if (!noteExternal(ctx, name, 'function', at, known ? nearest : undefined, nearest))
		return undefined;
	const args = argNodes.map((a) => compileExpr(ctx, a, scope).ev);
	const maker = MAKER_NAME.test(name);
	return {
		ev: (f) => {
			for (const a of args) a(f);
			return maker ? EXTERNAL_HANDLE_BASE + ++ctx.externalHandles : 0;
		},
		t: T.unknown,
	};
}

/** The value of the external constant-like `name` (undefined: not allowed here). */
export function compileExternalName(
	ctx: CompileContext,
	name: string,
	at: SyntaxNode,
): Ex | undefined {
	if (!noteExternal(ctx, name, 'name', at)) return undefined;
	return { ev: () => 0, t: T.i32, c: true };
}

/** The operator framework's data-type macros (`DTYPE_X`, `DTYPE_Y`, `ORIG_DTYPE_X`…). */
const FRAMEWORK_DTYPE = /^(?:ORIG_)?DTYPE_[A-Z0-9_]+$/;

/**
 * `DTYPE_X` in an operator-framework kernel: the framework defines it as the operator's data
 * type, which only the operator's definition knows; assumed `half`, once per name.
 */
export function frameworkDtype(
	ctx: CompileContext,
	name: string,
	at: SyntaxNode,
): CType | undefined {
	if (!FRAMEWORK_DTYPE.test(name) || !FRAMEWORK_KERNEL.test(ctx.program)) return undefined;
	ctx.noteOnce('framework-assumed', `dtype:${name}`, at, {
		name,
		source: 'the operator framework (Ascend C custom operator projects)',
		meaning: "the operator's data type from its definition, taken to be `half` here",
	});
	return T.half;
}
