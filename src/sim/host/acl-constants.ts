/**
 * AscendCL enum and flag values the host API takes or returns, with their sources.
 * The C++ interpreter binds these names so programs can use them as written.
 */

/** `aclrtCreateEventWithFlag` flags — hicann/runtime:docs/zh/api_ref/07_event_management.md (ascend-facts B.5). */
export const ACL_EVENT_FLAGS = {
	ACL_EVENT_SYNC: 0x1,
	ACL_EVENT_CAPTURE_STREAM_PROGRESS: 0x2,
	ACL_EVENT_TIME_LINE: 0x8,
	ACL_EVENT_DEVICE_USE_ONLY: 0x10,
	ACL_EVENT_EXTERNAL: 0x20,
	ACL_EVENT_IPC: 0x40,
} as const;

/** `aclrtEventStatus` (deprecated `aclrtQueryEvent`) — hicann/runtime:docs/zh/api_ref/25-02_Enumerations.md. */
export const ACL_EVENT_STATUS = {
	ACL_EVENT_STATUS_COMPLETE: 0,
	ACL_EVENT_STATUS_NOT_READY: 1,
	ACL_EVENT_STATUS_RESERVED: 2,
} as const;

/** `aclrtEventRecordedStatus` (`aclrtQueryEventStatus`) — same file. */
export const ACL_EVENT_RECORDED_STATUS = {
	ACL_EVENT_RECORDED_STATUS_NOT_READY: 0,
	ACL_EVENT_RECORDED_STATUS_COMPLETE: 1,
} as const;

/** `aclrtFloatOverflowMode` — hicann/runtime:docs/zh/api_ref/25-02_Enumerations.md. */
export const ACL_RT_OVERFLOW_MODE = {
	ACL_RT_OVERFLOW_MODE_SATURATION: 0,
	ACL_RT_OVERFLOW_MODE_INFNAN: 1,
	ACL_RT_OVERFLOW_MODE_UNDEF: 2,
} as const;

/** `aclrtMemMallocPolicy`, in declaration order — same file (ascend-facts B.3). */
export const ACL_MEM_MALLOC_POLICY = {
	ACL_MEM_MALLOC_HUGE_FIRST: 0,
	ACL_MEM_MALLOC_HUGE_ONLY: 1,
	ACL_MEM_MALLOC_NORMAL_ONLY: 2,
	ACL_MEM_MALLOC_HUGE_FIRST_P2P: 3,
	ACL_MEM_MALLOC_HUGE_ONLY_P2P: 4,
	ACL_MEM_MALLOC_NORMAL_ONLY_P2P: 5,
	ACL_MEM_MALLOC_HUGE1G_ONLY: 6,
	ACL_MEM_MALLOC_HUGE1G_ONLY_P2P: 7,
	ACL_MEM_TYPE_LOW_BAND_WIDTH: 0x0100,
	ACL_MEM_TYPE_HIGH_BAND_WIDTH: 0x1000,
	ACL_MEM_ACCESS_USER_SPACE_READONLY: 0x100000,
} as const;

/**
 * `aclrtRunMode`, in declaration order — hicann/runtime include/external/acl/acl_rt.h
 * (commit 681ef76): where the application runs, on the device (ACL_DEVICE) or on a host
 * attached to it (ACL_HOST).
 */
export const ACL_RUN_MODE = {
	ACL_DEVICE: 0,
	ACL_HOST: 1,
} as const;

/** `aclrtMemcpyKind`, in declaration order — same file (ascend-facts B.3). */
export const ACL_MEMCPY_KIND = {
	ACL_MEMCPY_HOST_TO_HOST: 0,
	ACL_MEMCPY_HOST_TO_DEVICE: 1,
	ACL_MEMCPY_DEVICE_TO_HOST: 2,
	ACL_MEMCPY_DEVICE_TO_DEVICE: 3,
	ACL_MEMCPY_DEFAULT: 4,
	ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE: 5,
	ACL_MEMCPY_INNER_DEVICE_TO_DEVICE: 6,
	ACL_MEMCPY_INTER_DEVICE_TO_DEVICE: 7,
} as const;

/**
 * `aclrtSetStreamFailureMode` modes — hicann/runtime:docs/zh/api_ref/06_stream_management.md
 * (ascend-facts B.4); the values 0 and 1 are those of the pyACL aclrtSetStreamFailureMode page
 * (`ACL_CONTINUE_ON_FAILURE = 0` default, `ACL_STOP_ON_FAILURE = 1`).
 */
export const ACL_STREAM_FAILURE_MODE = {
	ACL_CONTINUE_ON_FAILURE: 0,
	ACL_STOP_ON_FAILURE: 1,
} as const;

/**
 * `aclrtMemAttr` values the simulator answers for `aclrtGetMemInfo`; every attribute reports the
 * one device-memory pool (a chip without HBM reports DDR for an HBM query, ascend-facts B.3).
 * The numbers are illustrative: no source gives them, and the simulator does not look at them.
 */
export const ACL_MEM_ATTR = {
	ACL_DDR_MEM: 0,
	ACL_HBM_MEM: 1,
} as const;
