/**
 * Asynchronous task failures. A kernel that raises a device exception or hangs fails on the
 * device when it runs, not when it is launched: at that virtual time the runtime prints the
 * device-side lines (hicann/runtime docs/zh/FAQ/如何通过plog日志定位Device侧异常.md). The failure
 * stays on its stream until a synchronize of that stream returns it. In a stop-on-failure
 * context (ACL_STOP_ON_FAILURE, which torch_npu sets on its streams: torch_npu/csrc/core/npu/
 * interface/AclInterface.cpp) the failure also aborts the context (runtime Stream::
 * EnterFailureAbort, Context::CheckStatus): from then on every task submitted to it fails at once
 * with the exception's code, and every wait returns it — so the call that reports the error is
 * often a later, unrelated one (record event, query, copy), as in vllm-project/vllm-ascend#16234
 * (507035, `SubmitTask:context is abort, status=0x715005e.`) and #10122 (507015, 0x7150026).
 *
 * The simulator notices a failure the first time a call of the process runs at or after its
 * time (AclRuntime.invoke asks {@link noticeFailures}); the lines carry the failure's own time.
 */
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { CallSite } from '../../trace.ts';
import { MTE_OUT_OF_RANGE } from '../../kernel/global-tensor.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { hex, type TracebackLine } from '../host-log.ts';
import type { Context, Stream, StreamError } from '../host-resources.ts';
import { logCoreFaults } from './device-fault-log.ts';
import { RT_ERRORS, reasonLine, rtFailure, type RtErrorName } from '../rt-errors.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** The inner status of a context aborted by an exception of `code` (internal_error_define.hpp). */
function abortStatus(code: number): RtErrorName {
	return code === ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION ||
		code === ACL_ERROR.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT
		? 'RT_ERROR_TSFW_VECTOR_CORE_EXCEPTION'
		: 'RT_ERROR_TSFW_AICORE_EXCEPTION';
}

/**
 * Prints the device-side lines of every kernel exception of this process that has happened by
 * now and not been noticed, and aborts its context. Cheap when nothing is due.
 */
export function noticeFailures(rt: AclRuntime): void {
	const now = rt.machine.clock.now;
	if (rt.state.nextFailureAt > now) return;
	let next = Number.POSITIVE_INFINITY;
	for (const s of streamsOf(rt)) {
		const e = s.error;
		if (!e || e.noticed) continue;
		if (e.at > now) {
			if (e.at < next) next = e.at;
			continue;
		}
		e.noticed = true;
		if (e.kind === 'exception') printException(rt, s, e);
		else if (e.kind === 'timeout' && e.hung) printTimeout(rt, s, e, e.hung);
		const context = s.context;
		if (s.stopOnFailure && !context.abort) {
			context.abort = {
				code: e.code,
				at: e.at,
				status: RT_ERRORS[abortStatus(e.code)].inner,
				kernel: e.kernel,
				line: e.line,
			};
		}
	}
	rt.state.nextFailureAt = next;
}

/** Notes that a failure is due at `at` (so {@link noticeFailures} looks then). */
export function failureDue(rt: AclRuntime, at: number): void {
	if (at < rt.state.nextFailureAt) rt.state.nextFailureAt = at;
}

function printException(rt: AclRuntime, stream: Stream, e: StreamError): void {
	const { at, taskId } = e;
	const device = stream.context.device.id;
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	const tid = rt.tid;
	// Each faulting core's own report comes first (hw-native-sys/PTOAS#808, device-fault-log.ts).
	if (e.faults) logCoreFaults(rt, at, e.faults, vector, taskId + 1);
	rt.plogAt(
		at,
		'ERROR',
		'RUNTIME',
		`[stars_engine.cc:1321]${tid} ProcLogicCqReport:[INIT][DEFAULT]Task run failed, device_id=${device}, stream_id=${stream.id}, task_id=${taskId}, sqe_type=0(ffts), errType=0x1(task exception), sqSwStatus=0`,
	);
	if (vector) {
		rt.plogAt(
			at,
			'ERROR',
			'RUNTIME',
			`[davinic_kernel_task.cc:1219]${tid} PreCheckTaskErr:[INIT][DEFAULT]Kernel task happen error, retCode=0x31, [vector core exception].`,
		);
		// Printed next by stream.cc GetError in the same public logs (hw-native-sys/PTOAS#808).
		rt.plogAt(
			at,
			'ERROR',
			'RUNTIME',
			`[stream.cc:1475]${tid} GetError:AIV Kernel happen error, retCode=0x31.`,
		);
	}
	rt.plogAt(
		at,
		'ERROR',
		'RUNTIME',
		`[davinic_kernel_task.cc:1143]${tid} PrintErrorInfoForDavinciTask:[INIT][DEFAULT]Aicore kernel execute failed, device_id=${device}, stream_id=${stream.id}, report_stream_id=${stream.id}, task_id=${taskId}, flip_num=0, fault kernel_name=${e.kernel}`,
	);
	// The core's error detail (vllm-project/vllm-ascend#3263: an MTE access outside mapped memory).
	if (e.reason === MTE_OUT_OF_RANGE) {
		rt.plogAt(
			at,
			'ERROR',
			'RUNTIME',
			`[device_error_core_proc.cc:322]${tid} ProcessStarsCoreErrorInfo:The extend info: errcode:(0x800000, 0, 0) errorStr: ${MTE_OUT_OF_RANGE} fixp_error0 info: 0x6000042, fixp_error1 info: 0xe2, fsmId:0, tslot:2, thread:0, ctxid:0, blk:0, sublk:0, subErrType:4.`,
		);
	}
}

/**
 * The device-side lines of a kernel that ran into the execution timeout, in the order of the
 * A3 board logs of hw-native-sys/PTOAS#864 and #704 (AI Core, retCode 0x25) and #467 (vector
 * core, retCode 0x30): each still-running core's PrintCoreInfo pair with `error code = 0` and
 * `errorStr: timeout or trap error.` (device_error_core_proc.cc), then PreCheckTaskErr's
 * `Kernel task happen error, retCode=…, [aicore timeout].` (the TS_ERROR_AICORE_TIMEOUT 0x25 /
 * TS_ERROR_VECTOR_CORE_TIMEOUT 0x30 of task_scheduler_error.h), GetError's line, and the fault
 * kernel (vllm-project/vllm-ascend#4972).
 */
function printTimeout(
	rt: AclRuntime,
	stream: Stream,
	e: StreamError,
	blocks: readonly number[],
): void {
	const { at, taskId } = e;
	const device = stream.context.device.id;
	const vector = rt.machine.profile.kernelCore.value === 'vector';
	const tid = rt.tid;
	const faults = blocks.map((blockIdx) => ({
		blockIdx,
		errorCode: '0',
		errorStr: TIMEOUT_ERROR_STR,
	}));
	logCoreFaults(rt, at, faults, vector, taskId + 1);
	const retCode = vector ? '0x30' : '0x25';
	const desc = vector ? 'vector core timeout' : 'aicore timeout';
	rt.plogAt(
		at,
		'ERROR',
		'RUNTIME',
		`[davinci_kernel_task.cc:1729]${tid} PreCheckTaskErr:Kernel task happen error, retCode=${retCode}, [${desc}].`,
	);
	rt.plogAt(
		at,
		'ERROR',
		'RUNTIME',
		vector
			? `[stream.cc:1475]${tid} GetError:AIV Kernel happen error, retCode=${retCode}.`
			: `[stream.cc:1475]${tid} GetError:AICORE Kernel task happen error, retCode=${retCode}.`,
	);
	rt.plogAt(
		at,
		'ERROR',
		'RUNTIME',
		`[stream.cc:1475]${tid} GetError:Aicore kernel execute failed, device_id=${device}, stream_id=${stream.id}, report_stream_id=${stream.id}, task_id=${taskId}, flip_num=0, fault kernel_name=${e.kernel}`,
	);
}

/** The errorStr a core reports when it is stopped by the timeout (device_error_core_proc.cc). */
const TIMEOUT_ERROR_STR = 'timeout or trap error.';

/**
 * What a refused submission prints besides `SubmitTask:context is abort`: the record-event lines
 * of vllm-project/vllm-ascend#16234 (and #10122 on 310P), and the ACL message of a refused wait
 * on another stream (#9564's `stream wait event failed`). Other calls print the SubmitTask line
 * and their ErrCode line only (no source shows their ACL message).
 */
const SUBMISSIONS: Readonly<
	Record<string, { rt: string; acl?: [at: string, func: string, msg: string]; record?: true }>
> = {
	aclrtRecordEvent: {
		rt: 'rtEventRecord',
		acl: ['event.cpp:107', 'aclrtRecordEventImpl', 'record event failed'],
		record: true,
	},
	aclrtStreamWaitEvent: {
		rt: 'rtStreamWaitEvent',
		acl: ['event.cpp:153', 'aclrtStreamWaitEventImpl', 'stream wait event failed'],
	},
	aclrtMemcpyAsync: { rt: 'rtMemcpyAsync' },
	aclrtMemcpy: { rt: 'rtMemcpy' },
	aclrtRecordNotify: { rt: 'rtNotifyRecord' },
	launchKernel: { rt: 'rtKernelLaunch' },
};

/**
 * A submission to an aborted context: `SubmitTask:context is abort, status=…` and the call's
 * error lines, the EZ9999 screen block; returns the exception's code. ACL_SUCCESS when the
 * context is not aborted.
 */
export function abortedSubmission(rt: AclRuntime, context: Context, call: CallOf): AclError {
	noticeFailures(rt);
	const abort = context.abort;
	if (!abort) return ACL_SUCCESS;
	const api = call.name;
	reportedLater(rt, abort, call);
	const status = hex(abort.status);
	rt.runtimeError('engine.cc:142', 'SubmitTask', `context is abort, status=${status}.`);
	const s = SUBMISSIONS[api];
	if (!s || RT_ERRORS[abortStatus(abort.code)].acl !== abort.code) return abort.code;
	const traceback: TracebackLine[] = [];
	if (s.record) {
		const text = `Failed to submit record task, retCode=${status}.`;
		rt.runtimeError('event.cc:487', 'Record', text);
		rt.runtimeError('api_error.cc:1252', 'EventRecord', 'Record event failed.');
		traceback.push({ text, func: 'Record', file: 'event.cc', line: 487 });
	}
	const name = abortStatus(abort.code);
	rtFailure(rt, s.rt, name);
	traceback.push(reasonLine(rt, s.rt, name));
	if (s.acl) {
		const line = `${s.acl[2]}, runtime result = ${abort.code}`;
		rt.aclError(s.acl[0], s.acl[1], line);
		traceback.push(aclCallLine(line));
	}
	rt.innerError('EZ9999', traceback);
	return abort.code;
}

/** The ACL-level line of a wait that reached an aborted context (vllm-project/vllm-ascend#16234, #14280). */
const WAITS: Readonly<Record<string, { acl?: [at: string, func: string]; msg: string }>> = {
	aclrtSynchronizeEvent: {
		acl: ['event.cpp:197', 'aclrtSynchronizeEventImpl'],
		msg: 'wait event to be complete failed',
	},
	aclrtSynchronizeEventWithTimeout: {
		acl: ['event.cpp:197', 'aclrtSynchronizeEventWithTimeoutImpl'],
		msg: 'wait event to be complete failed',
	},
	aclrtSynchronizeStream: { msg: 'synchronize stream failed' },
	aclrtSynchronizeStreamWithTimeout: { msg: 'synchronize stream failed' },
};

/**
 * A wait (synchronize, query) in a context an exception aborted: returns its code with the ACL
 * line and, for an event query, `EventQueryStatus:context is abort` (vllm-project/vllm-ascend#16683).
 * `synchronize stream failed, runtime result = 507035` is the traceback line of many public
 * logs (e.g. vllm-project/vllm-ascend#2763).
 */
export function reportAbortedWait(rt: AclRuntime, context: Context, call: CallOf): AclError {
	noticeFailures(rt);
	const abort = context.abort;
	if (!abort || rt.machine.clock.now < abort.at) return ACL_SUCCESS;
	const api = call.name;
	reportedLater(rt, abort, call);
	if (api === 'aclrtQueryEventStatus' || api === 'aclrtQueryEvent')
		rt.runtimeError(
			'event.cc:612',
			'EventQueryStatus',
			`context is abort, status=${hex(abort.status)}.`,
		);
	const w = WAITS[api];
	if (!w) return abort.code;
	const line = `${w.msg}, runtime result = ${abort.code}`;
	if (w.acl) rt.aclError(w.acl[0], w.acl[1], line);
	rt.innerError('EZ9999', [aclCallLine(line)]);
	return abort.code;
}

/** The call a refusal is reported for: its name and where it was made. */
export interface CallOf {
	readonly name: string;
	site(): CallSite;
}

/** Diagnoses that `call` returns an earlier kernel's exception (once per call site). */
function reportedLater(rt: AclRuntime, abort: NonNullable<Context['abort']>, call: CallOf): void {
	rt.diagnose('exception-reported-later', call.site(), {
		api: call.name === 'launchKernel' ? 'kernel launch' : call.name,
		code: abort.code,
		kernel: abort.kernel,
		line: abort.line,
		at: abort.at,
	});
}

/** A screen traceback line the ACL layer's ReportCallError prints (log_inner.cpp:148 in 2026 logs). */
export function aclCallLine(text: string): TracebackLine {
	return { text, func: 'ReportCallError', file: 'log_inner.cpp', line: 148 };
}

function* streamsOf(rt: AclRuntime): Generator<Stream> {
	const { state } = rt;
	yield* state.streams.values();
	for (const c of state.contexts.values()) yield c.defaultStream;
	for (const b of state.bindings.values()) yield b.context.defaultStream;
}
