/**
 * The checks every data-moving and computing call makes on its operands, as data: each operand
 * is described as a {@link MemoryAccess} (memory, byte range, read or write), each failed check
 * as an {@link OperandViolation} (which check, on which access, the diagnostic, and whether and
 * how the CPU-debug build stops). One function, {@link reportViolation}, turns a violation into
 * what the simulator does today (a warning, or the core's stop); a mode that treats violations
 * otherwise (a device exception, a sanitizer report) hooks in there, through
 * `CoreContext.onViolation`.
 *
 * The checks: use after FreeTensor; start-address alignment of the operand's memory (or the
 * API's own rule); the end of the memory (the core stops); the end of the tensor (a failed CPU
 * check for vector instructions, a warning for copies: the neighbouring buffer is overwritten);
 * the bounds of a GM buffer.
 */
import type { DiagnosticParams, KernelDiagnosticCode } from '../../diagnostics/index.ts';
import type { CallSite } from '../trace.ts';
import type { Violation } from './core-abort.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, type FrameworkHeader } from './cpu-debug-log.ts';
import type { GlobalTensor } from './global-tensor.ts';
import type { LocalTensor } from './local-tensor.ts';
import type { MemoryAccess } from './memory-access.ts';

/** The CPU-debug message templates used by the operand checks (ascend-facts A.3, A.10). */
export const CHECK_MESSAGES = {
	align: 'Failed to check %s start address alignment in %s, its start address must align with %dB.',
	value: 'Failed to check %s value in %s, its valid range is %s ~ %s, current value is %s.',
	position:
		'Failed to check %s tensor position in %s, supported positions are %s, current position is %s.',
	/** cannmirror/asc-devkit:impl/basic_api/kernel_log.h, ASCENDC_REPORT_CHECK_ERROR. */
	calcount: 'Failed to pass %s calcount mode check.',
	maskCount: 'Failed to pass %s mask count mode check.',
	maskBit: 'Failed to pass %s mask bit mode check.',
	plain: 'Failed to pass %s check.',
	/** cannmirror/asc-devkit:impl/basic_api (ASCENDC_ASSERT of SupportType in each API). */
	dtype: 'Failed to check dtype in %s, current api support dtype combination is %s.',
} as const;

/** Which check failed. */
export type OperandCheck =
	| 'stale'
	| 'alignment'
	| 'memory-bounds'
	| 'tensor-bounds'
	| 'gm-bounds'
	| 'gm-unset'
	| 'position'
	| 'dtype'
	| 'value';

/** One failed check: what it was, on which access, and how it is reported. */
export interface OperandViolation {
	readonly check: OperandCheck;
	/** The operand's access (undefined for a check on a value, not an operand). */
	readonly access: MemoryAccess | undefined;
	readonly code: KernelDiagnosticCode;
	readonly values: DiagnosticParams;
	/** When the build stops the core here: what it prints (CPU debug) and why. */
	readonly stop?: Violation;
}

/** Reports `v`: the core's hook first, then a warning or the core's stop. */
export function reportViolation(
	core: CoreContext,
	site: CallSite,
	call: string,
	v: OperandViolation,
): void {
	if (core.onViolation?.(site, call, v)) return;
	if (v.stop) core.trace.fail(site, call, v.stop);
	core.trace.diagnose(site, v.code, v.values);
}

/** How a call reports its checks: its name, the CPU-debug frame and header, and its rules. */
export interface CheckContext {
	/** The call as traced, e.g. `Add<half>`. */
	readonly call: string;
	/** The API name the CPU-debug messages print, e.g. `Add`. */
	readonly api: string;
	readonly frame: FrameworkFrame;
	readonly header: FrameworkHeader;
	/**
	 * A vector instruction: a range past the tensor is its CPU check failing (the assert naming
	 * `assertInstr`, or on newer CANN the `Failed to pass … check.` line of `checkMessage`).
	 */
	readonly vector?: { readonly assertInstr: string; readonly checkMessage: string };
}

/** A local operand: its tensor, what it does, how far it reaches, and the API's alignment. */
export interface LocalOperand {
	readonly role: string;
	readonly tensor: LocalTensor;
	readonly kind: 'read' | 'write';
	/** Bytes from the tensor's start to one past the last byte touched. */
	readonly extent: number;
	/** Start alignment the API needs, when it is not the memory's own. */
	readonly align?: number;
	/** What the range may not pass: the tensor (vector instructions) or its block (copies). */
	readonly limit?: 'tensor' | 'block';
}

/** The access of a local operand. */
export function localAccess(op: LocalOperand): MemoryAccess {
	const t = op.tensor;
	return {
		role: op.role,
		kind: op.kind,
		memory: t.hardware,
		position: t.position,
		tensor: t.describe(),
		start: t.address,
		end: t.address + Math.max(0, op.extent),
	};
}

/** Checks a local operand (staleness, alignment, memory end, tensor end); returns its access. */
export function checkLocalOperand(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	op: LocalOperand,
): MemoryAccess {
	const t = op.tensor;
	const access = localAccess(op);
	const call = ctx.call;
	if (t.stale) {
		reportViolation(core, site, call, {
			check: 'stale',
			access,
			code: 'tensor-use-after-free',
			values: { call, tensor: t.describe(), block: t.block.index, state: t.block.state },
		});
	}
	const memory = t.hardware;
	const align = op.align ?? (memory === 'GM' ? 1 : core.profile.alignment[memory].value);
	if (t.address % align !== 0) {
		reportViolation(core, site, call, {
			check: 'alignment',
			access,
			code: 'address-unaligned',
			values: { call, operand: op.role, address: t.address, memory, align },
			stop: {
				code: 'address-unaligned',
				values: { call, operand: op.role, address: t.address, memory, align },
				log: {
					header: ctx.header,
					line: ctx.frame.line - 2,
					func: ctx.api,
					message: formatC(CHECK_MESSAGES.align, op.role, ctx.api, align),
				},
				frames: [ctx.frame],
				reason: `${call}: ${op.role} at ${memory} ${t.address} is not ${align}-byte aligned`,
			},
		});
	}
	const capacity = core.memoryCapacity(memory);
	if (access.end > capacity) {
		const values = { call, start: access.start, end: access.end, memory, capacity };
		reportViolation(core, site, call, {
			check: 'memory-bounds',
			access,
			code: 'memory-out-of-range',
			values,
			stop: {
				code: 'memory-out-of-range',
				values,
				log: {
					header: ctx.header,
					line: ctx.frame.line - 1,
					func: ctx.api,
					message: formatC(
						CHECK_MESSAGES.value,
						'count',
						ctx.api,
						'0',
						String(Math.floor((capacity - t.address) / t.dtype.bytes)),
						String(Math.ceil(op.extent / t.dtype.bytes)),
					),
				},
				frames: [ctx.frame],
				reason: `${call}: ${op.role} ends at ${access.end}, past the ${capacity} bytes of ${memory}`,
			},
		});
	}
	const room = (op.limit ?? 'block') === 'tensor' ? t.bytes : t.bytesToBlockEnd;
	if (op.extent > Math.max(0, room)) {
		const values = {
			call,
			start: t.byteOffset,
			end: t.byteOffset + op.extent,
			tensor: t.describe(),
			size: Math.max(0, room),
			count: Math.ceil(op.extent / t.dtype.bytes),
			bytes: op.extent,
		};
		const vector = ctx.vector;
		const report = core.wording.checkReportWording;
		reportViolation(core, site, call, {
			check: 'tensor-bounds',
			access,
			code: vector ? 'vector-count-exceeds-tensor' : 'tensor-out-of-bounds',
			values,
			...(vector && core.mode === 'cpu'
				? {
						stop: {
							code: 'vector-count-exceeds-tensor',
							values,
							...(report
								? {
										log: {
											header: ctx.header,
											line: ctx.frame.line - 3,
											func: ctx.api,
											message: formatC(vector.checkMessage, ctx.api),
										},
									}
								: {
										assert: {
											header: 'vec',
											line: 447,
											func: ctx.frame.func,
											expr: `false && "check ${vector.assertInstr} instr failed"`,
										},
									}),
							frames: [ctx.frame],
							reason: `${call}: ${op.extent} bytes exceed ${t.describe()}`,
						},
					}
				: {}),
		});
	}
	return access;
}

/** A GM operand: its tensor and the bytes touched from its start. */
export interface GlobalOperand {
	readonly role: string;
	readonly tensor: GlobalTensor;
	readonly kind: 'read' | 'write';
	readonly extent: number;
	/** Start alignment (default: sizeof(T), as DataCopy needs; 1 for none). */
	readonly align?: number;
}

/** Checks a GM operand (set, aligned, within its buffer); returns its access, if it has one. */
export function checkGlobalOperand(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	op: GlobalOperand,
): MemoryAccess | undefined {
	const t = op.tensor;
	const call = ctx.call;
	if (!t.ptr) {
		reportViolation(core, site, call, {
			check: 'gm-unset',
			access: undefined,
			code: 'global-tensor-unset',
			values: { call, tensor: t.name },
		});
		return undefined;
	}
	const access: MemoryAccess = {
		role: op.role,
		kind: op.kind,
		memory: 'GM',
		buffer: t.ptr.buffer.name,
		gm: t.ptr.buffer,
		tensor: t.describe(),
		start: t.ptr.byteOffset,
		end: t.ptr.byteOffset + Math.max(0, op.extent),
	};
	const align = op.align ?? t.dtype.bytes;
	if (t.ptr.byteOffset % align !== 0) {
		const values = { call, operand: op.role, address: t.ptr.byteOffset, memory: 'GM', align };
		reportViolation(core, site, call, {
			check: 'alignment',
			access,
			code: 'address-unaligned',
			values,
			stop: {
				code: 'address-unaligned',
				values,
				log: {
					header: ctx.header,
					line: ctx.frame.line - 2,
					func: ctx.api,
					message: formatC(CHECK_MESSAGES.align, op.role, ctx.api, align),
				},
				frames: [ctx.frame],
				reason: `${call}: GM ${op.role} is not aligned to ${align} bytes`,
			},
		});
	}
	if (access.end > t.ptr.buffer.bytes || access.start < 0) {
		reportViolation(core, site, call, {
			check: 'gm-bounds',
			access,
			code: 'gm-out-of-bounds',
			values: {
				call,
				start: access.start,
				end: access.end,
				buffer: t.ptr.buffer.name,
				capacity: t.ptr.buffer.bytes,
			},
		});
	}
	return access;
}

/**
 * Checks a parameter against its documented range (ASCENDC_CHECK_VALUE_RANGE in the CPU build,
 * which prints `Failed to check … value in …` and stops); returns whether it is in range.
 */
export function checkParamRange(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	param: string,
	value: number,
	min: number,
	max: number,
): boolean {
	if (value >= min && value <= max) return true;
	const values = { call: ctx.call, param, value, min, max };
	reportViolation(core, site, ctx.call, {
		check: 'value',
		access: undefined,
		code: 'param-out-of-range',
		values,
		...(core.mode === 'cpu'
			? {
					stop: {
						code: 'param-out-of-range',
						values,
						log: {
							header: ctx.header,
							line: ctx.frame.line - 5,
							func: ctx.api,
							message: formatC(
								CHECK_MESSAGES.value,
								param,
								ctx.api,
								String(min),
								String(max),
								String(value),
							),
						},
						frames: [ctx.frame],
						reason: `${ctx.call}: ${param} = ${value} is outside ${min} ~ ${max}`,
					},
				}
			: {}),
	});
	return false;
}

/**
 * Whether `value` is one of `allowed`; otherwise reports `param-value-invalid`, and in CPU-debug
 * mode stops with the API's own assert line `message` when it has one (MrgSort's validBit, say).
 */
export function checkParamOneOf(
	core: CoreContext,
	site: CallSite,
	ctx: CheckContext,
	check: { readonly param: string; readonly value: number; readonly allowed: readonly number[] },
	message?: string,
): boolean {
	const { param, value, allowed } = check;
	if (allowed.includes(value)) return true;
	const values = { call: ctx.call, param, value, allowed: allowed.join(' / ') };
	reportViolation(core, site, ctx.call, {
		check: 'value',
		access: undefined,
		code: 'param-value-invalid',
		values,
		...(core.mode === 'cpu' && message !== undefined
			? {
					stop: {
						code: 'param-value-invalid',
						values,
						log: { header: ctx.header, line: ctx.frame.line - 5, func: ctx.api, message },
						frames: [ctx.frame],
						reason: `${ctx.call}: ${param} = ${value} is not one of ${values.allowed}`,
					},
				}
			: {}),
	});
	return false;
}
