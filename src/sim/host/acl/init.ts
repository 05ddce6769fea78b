/** aclInit / aclFinalize: the process-level switch of the runtime. */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import { readVisibleDevices } from './device.ts';
import { raceCheck } from './model.ts';

/**
 * `aclInit(configPath)`; a second call returns ACL_ERROR_REPEAT_INITIALIZE (100002). The runtime
 * reads ASCEND_RT_VISIBLE_DEVICES now (Runtime::Init calls GetVisibleDevices).
 */
export function aclInit(rt: AclRuntime): AclError {
	if (rt.state.initialized) return ACL_ERROR.ACL_ERROR_REPEAT_INITIALIZE;
	rt.state.initialized = true;
	readVisibleDevices(rt);
	return ACL_ERROR.ACL_SUCCESS;
}

/** `aclFinalize()`; without aclInit it returns ACL_ERROR_REPEAT_FINALIZE (100037). */
export function aclFinalize(rt: AclRuntime, call: HostCall): AclError {
	if (!rt.state.initialized) return ACL_ERROR.ACL_ERROR_REPEAT_FINALIZE;
	raceCheck(rt, call.name, call.site());
	rt.state.initialized = false;
	return ACL_ERROR.ACL_SUCCESS;
}
