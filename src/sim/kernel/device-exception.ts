/**
 * Which violated rules the hardware itself checks. On the NPU such a rule does not hang the core:
 * the vector (or AI) core raises an exception, the kernel task fails, and the runtime prints the
 * core's error report (`there is an exception of aivec error, core id is …, error code = 0x…`,
 * `errorStr: …`) before the host sees 507035 / 507015 at the next synchronize. Rules the
 * hardware does not check keep their NPU behaviour (a hang, or silent corruption).
 *
 * The error codes and errorStr texts are quoted from public device logs of CANN 8.x/9.x (plog and
 * aclGetRecentErrMsg), e.g. hw-native-sys/PTOAS#808 and #1238 (A3 board tests) and
 * vllm-project/vllm-ascend#2757 (A2); the texts are the ones of hicann/runtime
 * src/runtime/core/src/device/device_error_core_proc.cc (681ef761).
 */
import type { KernelDiagnosticCode } from '../../diagnostics/index.ts';
import type { DiagnosticParams } from '../../diagnostics/index.ts';

/** What a core reports when the hardware stops it. */
export interface DeviceFault {
	/** `error code = …` of the core's report, e.g. `0x4000000000000000`. */
	readonly errorCode: string;
	/** The `errorStr:` text, ending with its full stop as the logs print it. */
	readonly errorStr: string;
}

/** A vector instruction or a copy touched UB past the core's UB (PTOAS#808, vllm-ascend#2757). */
export const UB_OUT_OF_BOUNDS: DeviceFault = {
	errorCode: '0x4000000000000000',
	errorStr: 'VEC instruction error: the ub address out of bounds.',
};

/** An instruction used a UB address that is not 32-byte aligned (PTOAS#1238, llama.cpp#10108). */
export const UNALIGNED_UB_ADDRESS: DeviceFault = {
	errorCode: '0x10',
	errorStr: 'Illegal instruction, which is usually caused by unaligned UUB addresses.',
};

/** The on-chip memories whose out-of-range or misaligned use the vector core traps. */
const UNIFIED_BUFFER = 'UB';

/**
 * The device fault for a violated kernel rule, or undefined when the hardware does not check
 * it (the core then hangs, or the run goes on with corrupted data).
 */
export function deviceFaultOf(
	code: KernelDiagnosticCode,
	values: DiagnosticParams,
): DeviceFault | undefined {
	if (code === 'memory-out-of-range' && values['memory'] === UNIFIED_BUFFER)
		return UB_OUT_OF_BOUNDS;
	if (code === 'address-unaligned' && values['memory'] === UNIFIED_BUFFER)
		return UNALIGNED_UB_ADDRESS;
	return undefined;
}
