/**
 * The C++ type model of the interpreter: just enough to give arithmetic its C++ meaning
 * (integer widths, signedness, promotions), to size things for `sizeof`, and to know which
 * class or simulator object a value is. Types are plain immutable data.
 */
import type { ClassDef } from './class-def.ts';

/** A template argument after evaluation: a type or an integer (enum values are integers). */
export type TemplateArg = CType | number;

/** A C++ type. `unknown` is used where the interpreter does not track the type statically. */
export type CType =
	| { readonly k: 'void' }
	| { readonly k: 'bool' }
	| {
			readonly k: 'int';
			readonly bits: 8 | 16 | 32 | 64;
			readonly signed: boolean;
			readonly name: string;
	  }
	| { readonly k: 'float'; readonly bits: 16 | 32 | 64; readonly name: string }
	| { readonly k: 'ptr'; readonly to: CType }
	| { readonly k: 'array'; readonly of: CType; readonly n: number }
	| { readonly k: 'class'; readonly cls: ClassDef; readonly targs: readonly TemplateArg[] }
	| { readonly k: 'sim'; readonly name: string; readonly targs: readonly TemplateArg[] }
	| { readonly k: 'enum'; readonly name: string; readonly base: CType }
	| { readonly k: 'func'; readonly name: string }
	| { readonly k: 'stream' }
	| { readonly k: 'unknown' };

/** An integer type. */
export type IntType = Extract<CType, { k: 'int' }>;
/** A floating type. */
export type FloatType = Extract<CType, { k: 'float' }>;

const int = (bits: 8 | 16 | 32 | 64, signed: boolean, name: string): IntType => ({
	k: 'int',
	bits,
	signed,
	name,
});

/** Shared type instances. */
export const T = {
	void: { k: 'void' } as CType,
	bool: { k: 'bool' } as CType,
	char: int(8, true, 'char'),
	i8: int(8, true, 'signed char'),
	u8: int(8, false, 'unsigned char'),
	i16: int(16, true, 'short'),
	u16: int(16, false, 'unsigned short'),
	i32: int(32, true, 'int'),
	u32: int(32, false, 'unsigned int'),
	i64: int(64, true, 'long'),
	u64: int(64, false, 'unsigned long'),
	half: { k: 'float', bits: 16, name: 'half' } as FloatType,
	bf16: { k: 'float', bits: 16, name: 'bfloat16_t' } as FloatType,
	f32: { k: 'float', bits: 32, name: 'float' } as FloatType,
	f64: { k: 'float', bits: 64, name: 'double' } as FloatType,
	unknown: { k: 'unknown' } as CType,
	stream: { k: 'stream' } as CType,
} as const;

/** `const char*`, the type of string literals. */
export const CHAR_PTR: CType = { k: 'ptr', to: T.char };

/** Primitive type names as C++ and the Ascend headers spell them. */
export const PRIMITIVE_TYPES: Readonly<Record<string, CType>> = {
	void: T.void,
	bool: T.bool,
	char: T.char,
	int: T.i32,
	short: T.i16,
	long: T.i64,
	float: T.f32,
	double: T.f64,
	signed: T.i32,
	unsigned: T.u32,
	int8_t: T.i8,
	uint8_t: T.u8,
	int16_t: T.i16,
	uint16_t: T.u16,
	int32_t: T.i32,
	uint32_t: T.u32,
	int64_t: T.i64,
	uint64_t: T.u64,
	size_t: T.u64,
	ssize_t: T.i64,
	intptr_t: T.i64,
	uintptr_t: T.u64,
	half: T.half,
	float16_t: T.half,
	bfloat16_t: T.bf16,
	aclError: { ...T.i32, name: 'int' },
	aclFloat16: T.u16,
	pid_t: T.i32,
	sig_atomic_t: T.i32,
	// GM_ADDR is `#define GM_ADDR __gm__ uint8_t*` in the Ascend C headers.
	GM_ADDR: { k: 'ptr', to: T.u8 },
};

/** Size in bytes of a value of type `t`, as `sizeof` reports it. */
export function sizeOf(t: CType): number {
	switch (t.k) {
		case 'bool':
			return 1;
		case 'int':
		case 'float':
			return t.bits / 8;
		case 'ptr':
		case 'func':
			return 8;
		case 'array':
			return t.n * sizeOf(t.of);
		case 'enum':
			return sizeOf(t.base);
		case 'class':
			return t.cls.sizeOf(t.targs);
		case 'void':
			return 1;
		default:
			return 8;
	}
}

/** Alignment in bytes of type `t`. */
export function alignOf(t: CType): number {
	switch (t.k) {
		case 'array':
			return alignOf(t.of);
		case 'class':
			return t.cls.alignOf(t.targs);
		default:
			return Math.min(8, Math.max(1, sizeOf(t)));
	}
}

/** Whether `t` is an integer-like type (int, bool, enum). */
export function isIntegral(t: CType): boolean {
	return t.k === 'int' || t.k === 'bool' || t.k === 'enum';
}

/** Whether `t` is an arithmetic type. */
export function isArithmetic(t: CType): boolean {
	return t.k === 'int' || t.k === 'bool' || t.k === 'enum' || t.k === 'float';
}

/** The integer type `t` behaves as in arithmetic (bool and enums become their base). */
export function asInt(t: CType): IntType | undefined {
	if (t.k === 'int') return t;
	if (t.k === 'bool') return T.i32;
	if (t.k === 'enum') return asInt(t.base);
	return undefined;
}

/** Integer promotion: types narrower than int become int. */
export function promote(t: IntType): IntType {
	return t.bits < 32 ? T.i32 : t;
}

/**
 * The usual arithmetic conversions: the common type of a binary arithmetic operation, or
 * undefined when one side is not arithmetic (the caller falls back to dynamic rules).
 */
export function commonType(a: CType, b: CType): CType | undefined {
	if (a.k === 'float' || b.k === 'float') {
		const fa = a.k === 'float' ? a.bits : 0;
		const fb = b.k === 'float' ? b.bits : 0;
		if (a.k !== 'float' && !isArithmetic(a)) return undefined;
		if (b.k !== 'float' && !isArithmetic(b)) return undefined;
		const bits = Math.max(fa, fb);
		return bits === 64 ? T.f64 : bits === 32 ? T.f32 : fa === 16 && fb === 16 ? a : T.f32;
	}
	const ia = asInt(a);
	const ib = asInt(b);
	if (!ia || !ib) return undefined;
	const pa = promote(ia);
	const pb = promote(ib);
	if (pa.signed === pb.signed) return pa.bits >= pb.bits ? pa : pb;
	const [s, u] = pa.signed ? [pa, pb] : [pb, pa];
	if (u.bits >= s.bits) return u;
	return s;
}

/** How C++ prints a type in a backtrace, e.g. `unsigned int` or `half*`. */
export function typeName(t: CType): string {
	switch (t.k) {
		case 'void':
			return 'void';
		case 'bool':
			return 'bool';
		case 'int':
		case 'float':
			return t.name;
		case 'ptr':
			return `${typeName(t.to)}*`;
		case 'array':
			return `${typeName(t.of)}[${t.n}]`;
		case 'class':
			return t.targs.length > 0 ? `${t.cls.name}<${t.targs.map(argName).join(', ')}>` : t.cls.name;
		case 'sim':
			return t.targs.length > 0 ? `${t.name}<${t.targs.map(argName).join(', ')}>` : t.name;
		case 'enum':
			return t.name;
		case 'func':
			return t.name;
		case 'stream':
			return 'std::ostream';
		case 'unknown':
			return 'auto';
	}
}

function argName(a: TemplateArg): string {
	return typeof a === 'number' ? String(a) : typeName(a);
}

/** Whether two types are the same (structurally). */
export function sameType(a: CType, b: CType): boolean {
	if (a === b) return true;
	if (a.k !== b.k) return false;
	switch (a.k) {
		case 'int':
			return a.bits === (b as IntType).bits && a.signed === (b as IntType).signed;
		case 'float':
			return a.bits === (b as FloatType).bits && a.name === (b as FloatType).name;
		case 'ptr':
			return sameType(a.to, (b as typeof a).to);
		case 'class':
			return a.cls === (b as typeof a).cls && sameArgs(a.targs, (b as typeof a).targs);
		case 'sim':
			return a.name === (b as typeof a).name && sameArgs(a.targs, (b as typeof a).targs);
		default:
			return typeName(a) === typeName(b);
	}
}

/** Whether two template argument lists are equal. */
export function sameArgs(a: readonly TemplateArg[], b: readonly TemplateArg[]): boolean {
	if (a.length !== b.length) return false;
	return a.every((x, i) => {
		const y = b[i]!;
		return typeof x === 'number' || typeof y === 'number' ? x === y : sameType(x, y);
	});
}

/** A stable key for a template argument list (instantiation caches). */
export function argsKey(args: readonly TemplateArg[]): string {
	return args.map(argName).join(',');
}
