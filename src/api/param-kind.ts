/**
 * How each parameter of a signature reaches the simulator: the conversion kind the binder (and
 * the kernel script runner) applies to the argument before the row's semantics sees it. The kind
 * is read from the parameter's type alone, so one rule serves every row.
 */
import type { ApiParam, ApiSignature, ApiTemplateParam } from './signature.ts';

/**
 * What the semantics receives for a parameter:
 * - `number`: integers, enums, handles and plain addresses (`void *`), as numbers;
 * - `string`: a `const char *`, or null;
 * - `out`: left as the program passed it; the semantics writes it with `call.out(i, v)`;
 * - `local-tensor` / `global-tensor`: the simulator's LocalTensor / GlobalTensor;
 * - `object`: the simulator object behind a reference to a template type (`T& que`);
 * - `gm-address`: a Global Memory pointer (`{ buffer, byteOffset }`), or undefined;
 * - `scalar`: an element value (`const T& scalarValue`, `PrimType value`), as a number;
 * - `round-mode`: a `RoundMode` by name, e.g. `CAST_RINT`;
 * - `callback`: a function the program passes (`sighandler_t`), or the number it passes instead;
 * - `struct`: a struct parameter (e.g. `DataCopyParams`) as a plain record of its fields;
 * - `words`: a mask array (`uint64_t mask[]`) as its first two 64-bit words, low word first;
 * - `elements`: an integer array of declared length (`uint32_t sortedNum[4]`) as an
 *   {@link ApiElements} the semantics reads and writes element by element;
 * - `bytes`: a pointer to memory the call reads or writes as bytes (`HcclRootInfo *`), as a
 *   `ByteRef` (src/sim/byte-ref.ts);
 * - `value`: anything, unconverted (variadic tails, macro arguments).
 */
export type ParamKind =
	| 'number'
	| 'string'
	| 'out'
	| 'local-tensor'
	| 'global-tensor'
	| 'object'
	| 'gm-address'
	| 'scalar'
	| 'round-mode'
	| 'callback'
	| 'struct'
	| 'words'
	| 'elements'
	| 'bytes'
	| 'value';

/** What the semantics receives for a template parameter: a name (`half`, `VECIN`, `MTE2_V`, `PIPE_V`) or a number. */
export type TemplateParamKind = 'type' | 'position' | 'event' | 'pipe' | 'number' | 'value';

/** An integer array argument (`const uint16_t elementCountList[4]`), element by element. */
export interface ApiElements {
	/** Element `i`, as a number (0 past what the program's array holds). */
	get(i: number): number;
	/** Writes element `i` (converted to the element type, as an assignment would). */
	set(i: number, value: number): void;
}

/** The fixed-width integer types (`int8_t` … `uint64_t`). */
const INTEGER_TYPE = /^u?int(?:8|16|32|64)_t$/;

/** Type names whose parameters are callbacks. */
const CALLBACK_TYPES: ReadonlySet<string> = new Set(['sighandler_t']);

/** Struct types a call reads or writes as bytes through a pointer (an opaque blob the program keeps). */
const BYTES_TYPES: ReadonlySet<string> = new Set(['HcclRootInfo']);

/** The kind of `param` in `sig`; `structs` names the struct types the catalog describes. */
export function paramKind(
	param: ApiParam,
	sig: ApiSignature,
	structs: ReadonlySet<string>,
): ParamKind {
	if (param.direction === 'out') return 'out';
	if (param.variadic || sig.macro) return 'value';
	const isTemplateType = sig.templateParams.some(
		(t) => t.name === param.base && (t.kind === 'typename' || t.kind === 'class'),
	);
	// A graph shape (`const ge::Shape&`): the interpreter's object, read by the semantics.
	if (param.base === 'ge::Shape') return 'value';
	if (param.base === 'LocalTensor') return 'local-tensor';
	if (param.base === 'GlobalTensor') return 'global-tensor';
	if (param.base === 'TBuf' || param.base === 'TQue' || param.base === 'TQueBind') return 'object';
	if (param.gm || param.base === 'GM_ADDR') return 'gm-address';
	if (param.base === 'char' && param.pointers === 1) return 'string';
	if (param.base === 'RoundMode') return 'round-mode';
	if (param.base === 'uint64_t' && param.pointers === 1 && /mask/i.test(param.name)) return 'words';
	if (param.arrayLength !== undefined && INTEGER_TYPE.test(param.base)) return 'elements';
	if (CALLBACK_TYPES.has(param.base)) return 'callback';
	if (BYTES_TYPES.has(param.base) && param.pointers === 1) return 'bytes';
	if (structs.has(param.base)) return 'struct';
	if (isTemplateType) return param.reference && !param.isConst ? 'object' : 'scalar';
	if (param.base === 'PrimType') return 'scalar';
	return 'number';
}

/** The kind of a template parameter. */
export function templateParamKind(t: ApiTemplateParam): TemplateParamKind {
	switch (t.kind) {
		case 'typename':
		case 'class':
			return 'type';
		case 'TPosition':
			return 'position';
		case 'HardEvent':
			return 'event';
		case 'pipe_t':
			return 'pipe';
		case 'bool':
		case 'auto':
		case 'int':
		case 'int32_t':
		case 'uint32_t':
		case 'uint8_t':
			return 'number';
		default:
			return 'value';
	}
}
