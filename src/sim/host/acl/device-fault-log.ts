/**
 * The runtime's report of a core that raised a device exception: two plog lines per faulting
 * core, printed by `PrintCoreInfo` (hicann/runtime src/runtime/core/src/device/
 * device_error_core_proc.cc, lines 645 and 658 in CANN 8.x/9.x builds), before the task's own
 * failure lines. The shape is quoted from public logs (hw-native-sys/PTOAS#808 and #1238, A3;
 * vllm-project/vllm-ascend#2757, A2): `The error from device(chipId:…, dieId:…), serial number
 * is …, there is an exception of aivec error, core id is …, error code = …, dump info: …` and
 * `The extend info: errcode:(…, 0, 0) errorStr: … blk:…, sublk:0, subErrType:4.`
 *
 * Exact: the wording, the error code, the errorStr and `blk` (the faulting block). Illustrative:
 * chip and die ids, the serial number, the physical core id (the block index here), and every
 * register value of the dump (pc, vec/mte/ifu/ccu error info, para base, fixp_error0/1) — a real
 * device prints its own; only `aic error mask: 0x6500020bd00028c`, the same in every public log
 * we read, is kept as printed.
 */
import type { AclRuntime } from '../acl-runtime.ts';

/** One core's exception as the kernel simulator found it. */
export interface CoreFault {
	/** The block that faulted (`blk:` of the report). */
	blockIdx: number;
	/** `error code = …`, e.g. `0x4000000000000000`. */
	errorCode: string;
	/** `errorStr: …`, with its full stop. */
	errorStr: string;
}

/** Illustrative register dump: a real device prints its own values here (see file comment). */
const ILLUSTRATIVE_DUMP =
	'pc start: 0x124200000000, current: 0x124200000094, vec error info: 0, mte error info: 0, ifu error info: 0, ccu error info: 0, cube error info: 0, biu error info: 0, aic error mask: 0x6500020bd00028c, para base: 0x12c100000000.';

/**
 * Prints the PrintCoreInfo pair of every faulting core at virtual time `at` (when the task
 * failed); `vector` picks `aivec` over `aicore`.
 */
export function logCoreFaults(
	rt: AclRuntime,
	at: number,
	faults: readonly CoreFault[],
	vector: boolean,
	serialBase: number,
): void {
	const tid = rt.tid;
	const core = vector ? 'aivec' : 'aicore';
	faults.forEach((f, i) => {
		rt.plogAt(
			at,
			'ERROR',
			'RUNTIME',
			`[device_error_core_proc.cc:645]${tid} PrintCoreInfo:The error from device(chipId:0, dieId:0), serial number is ${serialBase + i}, there is an exception of ${core} error, core id is ${f.blockIdx}, error code = ${f.errorCode}, dump info: ${ILLUSTRATIVE_DUMP}`,
		);
		rt.plogAt(
			at,
			'ERROR',
			'RUNTIME',
			`[device_error_core_proc.cc:658]${tid} PrintCoreInfo:The extend info: errcode:(${f.errorCode}, 0, 0) errorStr: ${f.errorStr} fixp_error0 info: 0, fixp_error1 info: 0, fsmId:0, tslot:0, thread:0, ctxid:0, blk:${f.blockIdx}, sublk:0, subErrType:4.`,
		);
	});
}
