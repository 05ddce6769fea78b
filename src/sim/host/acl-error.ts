/**
 * The `aclError` return codes the host simulator can return (`typedef int aclError`), by name.
 * Every value is quoted from hicann/runtime:docs/zh/api_ref/25-01_aclError.md (ascend-facts B.7); the
 * capture codes 107025–107041 also from include/external/acl/error_codes/rt_error_codes.h.
 * Ranges: 1xxxxx user/code errors, 2xxxxx resources, 5xxxxx internal software/hardware errors.
 */
export const ACL_ERROR = {
	ACL_SUCCESS: 0,
	ACL_ERROR_INVALID_PARAM: 100000,
	ACL_ERROR_UNINITIALIZE: 100001,
	ACL_ERROR_REPEAT_INITIALIZE: 100002,
	ACL_ERROR_INVALID_FILE: 100003,
	ACL_ERROR_REPEAT_FINALIZE: 100037,
	ACL_ERROR_BAD_ALLOC: 200000,
	ACL_ERROR_FEATURE_UNSUPPORTED: 200006,
	// GE codes aclmdl* calls pass through (mirror-cann/ge 50acfa7, inc/external/ge/ge_api_error_codes.h).
	ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID: 145002,
	ACL_ERROR_GE_EXEC_MODEL_ID_INVALID: 145003,
	ACL_ERROR_RT_PARAM_INVALID: 107000,
	ACL_ERROR_RT_INVALID_DEVICEID: 107001,
	ACL_ERROR_RT_CONTEXT_NULL: 107002,
	ACL_ERROR_RT_STREAM_CONTEXT: 107003,
	ACL_ERROR_RT_MODEL_CONTEXT: 107004,
	ACL_ERROR_RT_STREAM_MODEL: 107005,
	ACL_ERROR_RT_INVALID_HANDLE: 107017,
	ACL_ERROR_RT_WAIT_TIMEOUT: 107019,
	ACL_ERROR_RT_TASK_TIMEOUT: 107020,
	ACL_ERROR_RT_STREAM_ABORT: 107023,
	ACL_ERROR_RT_STREAM_UNJOINED: 107025,
	ACL_ERROR_RT_STREAM_CAPTURED: 107027,
	ACL_ERROR_RT_EVENT_CAPTURED: 107028,
	ACL_ERROR_RT_STREAM_NOT_CAPTURED: 107029,
	ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT: 107030,
	ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT: 107031,
	ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED: 107036,
	ACL_ERROR_RT_MODEL_RUNNING: 107037,
	ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD: 107038,
	ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC: 107041,
	ACL_ERROR_RT_FEATURE_NOT_SUPPORT: 207000,
	ACL_ERROR_RT_MEMORY_ALLOCATION: 207001,
	ACL_ERROR_RT_MEMORY_FREE: 207002,
	ACL_ERROR_RT_NO_DEVICE: 207004,
	ACL_ERROR_RT_RESOURCE_ALLOC_FAIL: 207005,
	ACL_ERROR_RT_NO_EVENT_RESOURCE: 207007,
	ACL_ERROR_RT_NO_STREAM_RESOURCE: 207008,
	ACL_ERROR_RT_NO_NOTIFY_RESOURCE: 207009,
	ACL_ERROR_RT_INTERNAL_ERROR: 507000,
	ACL_ERROR_RT_STREAM_NOT_COMPLETE: 507004,
	ACL_ERROR_RT_EVENT_NOT_COMPLETE: 507006,
	ACL_ERROR_RT_MODEL_EXECUTE: 507011,
	ACL_ERROR_RT_AICORE_TIMEOUT: 507014,
	ACL_ERROR_RT_AICORE_EXCEPTION: 507015,
	ACL_ERROR_RT_AICORE_TRAP_EXCEPTION: 507016,
	ACL_ERROR_RT_DEV_SETUP_ERROR: 507033,
	ACL_ERROR_RT_VECTOR_CORE_TIMEOUT: 507034,
	ACL_ERROR_RT_VECTOR_CORE_EXCEPTION: 507035,
	ACL_ERROR_RT_STREAM_SYNC_TIMEOUT: 507046,
	ACL_ERROR_RT_EVENT_SYNC_TIMEOUT: 507047,
	/** include/external/acl/error_codes/rt_error_codes.h (`ffts+ timeout`): an HCCL task waited too long. */
	ACL_ERROR_RT_FFTS_PLUS_TIMEOUT: 507048,
	ACL_ERROR_RT_DRV_INTERNAL_ERROR: 507899,
	ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED: 507903,
} as const;

/** One of the names in {@link ACL_ERROR}. */
export type AclErrorName = keyof typeof ACL_ERROR;

/** An `aclError` value (a plain number, as in C). */
export type AclError = number;

const NAMES = new Map<number, string>(
	Object.entries(ACL_ERROR).map(([name, code]) => [code, name]),
);

/** The constant's name for `code`, e.g. `ACL_ERROR_RT_MEMORY_ALLOCATION`; unknown codes as digits. */
export function aclErrorName(code: AclError): string {
	return NAMES.get(code) ?? String(code);
}

const LABELS = new Map<number, string>();

/** `"207001 ACL_ERROR_RT_MEMORY_ALLOCATION"` (cached: used as the step result on hot paths). */
export function aclErrorLabel(code: AclError): string {
	let label = LABELS.get(code);
	if (label === undefined) {
		label = code === 0 ? 'ACL_SUCCESS' : `${code} ${aclErrorName(code)}`;
		LABELS.set(code, label);
	}
	return label;
}
