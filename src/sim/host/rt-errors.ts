/**
 * The runtime's inner error codes the host simulator reports, with the aclError each maps to
 * and the description its `ErrCode=…, desc=[…], InnerCode=…` plog line prints, and where each
 * rt* function prints that line. Values: hicann/runtime src/runtime/core/inc/common/
 * internal_error_define.hpp and src/runtime/core/src/common/errcode_manage.cc at 681ef76.
 *
 * File and line of an `rt…:ErrCode=` line: the ones quoted in hicann/runtime docs/zh/FAQ/
 * EE1023资源不足问题.md and in public logs are exact; the rest are the line of the function's
 * definition in that commit plus nine, as in the quoted ones (illustrative).
 */
import { ACL_ERROR } from './acl-error.ts';
import { hex, type TracebackLine } from './host-log.ts';
import type { AclRuntime } from './acl-runtime.ts';

/** One inner code. */
export interface RtError {
	readonly inner: number;
	readonly acl: number;
	readonly desc: string;
	/** The description before 9.1 where it differs (the first commit d8beaaf, see cann-version.ts). */
	readonly classicDesc?: string;
}

const E = ACL_ERROR;

/** The inner codes, by the runtime's name. */
export const RT_ERRORS = {
	RT_ERROR_DEVICE_ID: {
		inner: 0x7010003,
		acl: E.ACL_ERROR_RT_INVALID_DEVICEID,
		desc: 'device id error',
	},
	RT_ERROR_DEVICE_RETAIN: {
		inner: 0x7010006,
		acl: E.ACL_ERROR_RT_DEV_SETUP_ERROR,
		desc: 'device retain error',
	},
	RT_ERROR_DRV_OUT_MEMORY: {
		inner: 0x7020016,
		acl: E.ACL_ERROR_RT_MEMORY_ALLOCATION,
		desc: 'driver error:out of memory',
	},
	RT_ERROR_DRV_NO_STREAM_RESOURCES: {
		inner: 0x702001a,
		acl: E.ACL_ERROR_RT_NO_STREAM_RESOURCE,
		desc: 'driver error:no stream resource',
	},
	RT_ERROR_DRV_NO_NOTIFY_RESOURCES: {
		inner: 0x702001b,
		acl: E.ACL_ERROR_RT_NO_NOTIFY_RESOURCE,
		desc: 'driver error:no notify resource',
	},
	RT_ERROR_DRV_NO_RESOURCES: {
		inner: 0x7020023,
		acl: E.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
		desc: 'driver error:resource alloc fail',
	},
	RT_ERROR_STREAM_CONTEXT: {
		inner: 0x7030003,
		acl: E.ACL_ERROR_RT_STREAM_CONTEXT,
		desc: 'stream not in current context',
	},
	RT_ERROR_STREAM_CAPTURED: {
		inner: 0x7030019,
		acl: E.ACL_ERROR_RT_STREAM_CAPTURED,
		desc: 'stream is captured',
	},
	RT_ERROR_STREAM_NOT_CAPTURED: {
		inner: 0x703001b,
		acl: E.ACL_ERROR_RT_STREAM_NOT_CAPTURED,
		desc: 'stream is not in capture status',
	},
	RT_ERROR_STREAM_CAPTURE_INVALIDATED: {
		inner: 0x703001a,
		acl: E.ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
		desc: 'an error has invalidated the stream capture sequence',
	},
	RT_ERROR_STREAM_UNJOINED: {
		inner: 0x703001f,
		acl: E.ACL_ERROR_RT_STREAM_UNJOINED,
		desc: 'capture model contains a stream that was not joined to the origin stream',
		// "original" until f55f410 (2026-07-28); vllm-project/vllm-ascend#13792 prints it.
		classicDesc: 'capture model contains a stream that was not joined to the original stream',
	},
	RT_ERROR_STREAM_CAPTURE_UNMATCHED: {
		inner: 0x7030025,
		acl: E.ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
		desc: 'the capture was not initiated in this stream',
	},
	RT_ERROR_STREAM_CAPTURE_IMPLICIT: {
		inner: 0x703001d,
		acl: E.ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
		desc: 'a disallowed implicit dependency from default stream',
	},
	RT_ERROR_STREAM_CAPTURE_MODE_NOT_SUPPORT: {
		inner: 0x703001c,
		acl: E.ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
		desc: 'operation not permitted when a stream is capturing and the specified capture mode is not relaxed',
	},
	RT_ERROR_STREAM_CAPTURE_MODE_BLOCK_ASYNC: {
		inner: 0x7030027,
		acl: E.ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC,
		desc: 'the operation has been converted to a synchronous operation. operation not permitted when a stream is capturing and the specified capture mode is not relaxed',
	},
	RT_ERROR_CONTEXT_NULL: {
		inner: 0x7070001,
		acl: E.ACL_ERROR_RT_CONTEXT_NULL,
		desc: 'the context is a null pointer',
	},
	RT_ERROR_TSFW_AICORE_EXCEPTION: {
		inner: 0x7150026,
		acl: E.ACL_ERROR_RT_AICORE_EXCEPTION,
		desc: 'aicore exception',
	},
	RT_ERROR_TSFW_VECTOR_CORE_EXCEPTION: {
		inner: 0x715005e,
		acl: E.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION,
		desc: 'vector core exception',
	},
	// internal_error_define.hpp 0x07150025 / 0x0715005D; descriptions of errcode_manage.cc.
	RT_ERROR_TSFW_AICORE_TIMEOUT: {
		inner: 0x7150025,
		acl: E.ACL_ERROR_RT_AICORE_TIMEOUT,
		desc: 'aicore timeout',
	},
	RT_ERROR_TSFW_VECTOR_CORE_TIMEOUT: {
		inner: 0x715005d,
		acl: E.ACL_ERROR_RT_VECTOR_CORE_TIMEOUT,
		desc: 'vector core timeout',
	},
} as const satisfies Record<string, RtError>;

/** A name of {@link RT_ERRORS}. */
export type RtErrorName = keyof typeof RT_ERRORS;

/** Where each rt* function prints its ErrCode line (see the file comment). */
const RT_FUNC_AT: Readonly<Record<string, string>> = {
	rtStreamCreateWithFlags: 'api_c_stream.cc:85',
	rtNotifyCreateWithFlag: 'api_c.cc:1936',
	rtModelExecute: 'api_c.cc:1713',
	rtStreamEndCapture: 'api_c_standard_soc.cc:726',
	rtSetDevice: 'api_c_device.cc:82',
	rtStreamBeginCapture: 'api_c_standard_soc.cc:712',
	rtStreamSynchronize: 'api_c_stream.cc:155',
	rtStreamSynchronizeWithTimeout: 'api_c_stream.cc:176',
	rtStreamDestroy: 'api_c_stream.cc:103',
	rtStreamWaitEvent: 'api_c_stream.cc:133',
	rtStreamSetMode: 'api_c_stream.cc:299',
	rtMemcpy: 'api_c.cc:1095',
	rtMemcpyAsync: 'api_c.cc:1112',
	rtMemset: 'api_c.cc:981',
	rtKernelLaunch: 'api_c.cc:301',
	rtEventRecord: 'api_c.cc:731',
	rtEventReset: 'api_c.cc:776',
	rtEventSynchronize: 'api_c.cc:793',
	rtEventQueryStatus: 'api_c.cc:834',
	rtDeviceSynchronize: 'api_c_device.cc:218',
	rtNotifyRecord: 'api_c.cc:1980',
	rtNotifyWait: 'api_c.cc:1995',
	rtMalloc: 'api_c_memory.cc:75',
};

/**
 * Prints `rtFunc:ErrCode=<acl>, desc=[<desc>], InnerCode=<inner>` and the FuncErrorReason line
 * that follows it (hicann/runtime docs/zh/FAQ/EE1023资源不足问题.md); returns the aclError.
 */
export function rtFailure(rt: AclRuntime, rtFunc: string, name: RtErrorName): number {
	const e: RtError = RT_ERRORS[name];
	const desc = descOf(rt, e);
	rt.runtimeError(
		RT_FUNC_AT[rtFunc] ?? 'api_c.cc:100',
		rtFunc,
		`ErrCode=${e.acl}, desc=[${desc}], InnerCode=${hex(e.inner)}`,
	);
	rt.runtimeError(
		`error_message_manage.cc:${reasonAt(rt)}`,
		'FuncErrorReason',
		`${rtFunc} execution failed, reason=${desc}`,
	);
	return e.acl;
}

/** The traceback line FuncErrorReason puts on the screen for `rtFunc`. */
export function reasonLine(rt: AclRuntime, rtFunc: string, name: RtErrorName): TracebackLine {
	return {
		text: `${rtFunc} execution failed, reason=${descOf(rt, RT_ERRORS[name])}`,
		func: 'FuncErrorReason',
		file: 'error_message_manage.cc',
		line: reasonAt(rt),
	};
}

/** The description this run's runtime prints for `e`. */
function descOf(rt: AclRuntime, e: RtError): string {
	return rt.machine.cann.runtimeWording === 'classic' && e.classicDesc ? e.classicDesc : e.desc;
}

/** FuncErrorReason's line: 69 in the current runtime's FAQ, 65 in the 2026 user logs before it. */
function reasonAt(rt: AclRuntime): number {
	return rt.machine.cann.runtimeWording === 'current' ? 69 : 65;
}
