/**
 * aclrtSetDeviceSatMode / aclrtGetDeviceSatMode: the device's float overflow mode
 * (aclrtFloatOverflowMode), which streams created afterwards take and the kernels launched on
 * them run with. Sources, hicann/runtime at 681ef761:
 *
 * - docs/zh/api_ref/04_device_management.md: "调用该接口成功后，后续在该Device上新创建的Stream按设置
 *   的模式生效，对之前已创建的Stream不生效" (so a context's default stream, made by aclrtSetDevice,
 *   keeps the mode it was made with);
 * - docs/zh/api_ref/25-02_Enumerations.md: A2/A3 "默认为Inf/NaN模式"; the training, inference and
 *   200I/500 A2 products "仅支持设置饱和模式";
 * - src/runtime/api/api_c.cc rtSetDeviceSatMode: a mode the chip lacks fails with
 *   RT_ERROR_FEATURE_NOT_SUPPORT and WE0001 ("set the Inf/NaN mode", "only the saturation mode can
 *   be set and the Inf/NaN mode"); saturation on a saturation-only chip succeeds and changes
 *   nothing; api_error.cc: a value outside [0, 2) is RT_ERROR_INVALID_VALUE with EE1003, the value
 *   printed as enum_desc.cc FloatOverflowModeToString does;
 * - api_impl.cc GetDeviceSatMode: the process-wide mode the last successful set left.
 */
import { saturatesByDefault } from '../../kernel/float-saturation.ts';
import { kernelProfile } from '../../kernel/kernel-profile.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** aclrtFloatOverflowMode. */
export const SAT_MODE = { saturation: 0, infNan: 1 } as const;

const MODE_NAMES = [
	'OVERFLOW_MODE_SATURATION(0)',
	'OVERFLOW_MODE_INFNAN(1)',
	'OVERFLOW_MODE_UNDEF(2)',
];

/** Whether the runtime's product has only saturation mode. */
function saturationOnly(rt: AclRuntime): boolean {
	return saturatesByDefault(kernelProfile(rt.machine.product).arch);
}

/** The mode new streams of this process take. */
export function deviceSatMode(rt: AclRuntime): number {
	return rt.state.satMode ?? (saturationOnly(rt) ? SAT_MODE.saturation : SAT_MODE.infNan);
}

/** `aclrtSetDeviceSatMode(mode)`. */
export function aclrtSetDeviceSatMode(rt: AclRuntime, call: HostCall): AclError {
	const mode = Math.trunc(Number(call.args[0]));
	if (!(mode >= SAT_MODE.saturation && mode <= SAT_MODE.infNan)) {
		const shown = MODE_NAMES[mode] ?? `UNKNOWN(${mode})`;
		rt.screenError(
			'EE1003',
			`Setting the overflow/underflow detection mode of the current device failed because value ${shown} for parameter floatOverflowMode is invalid. Expected value: [0, 2).`,
		);
		return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	}
	const only = saturationOnly(rt);
	// A2/A3 support both modes; the older products only saturation.
	if (only && mode === SAT_MODE.infNan) {
		rt.screenError(
			'WE0001',
			'Failed to set the Inf/NaN mode because only the saturation mode can be set and the Inf/NaN mode is not supported.',
		);
		return ACL_ERROR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
	}
	if (!only) rt.state.satMode = mode;
	return ACL_SUCCESS;
}

/** `aclrtGetDeviceSatMode(&mode)`: a null pointer is an invalid value. */
export function aclrtGetDeviceSatMode(rt: AclRuntime, call: HostCall): AclError {
	if (call.args[0] === null || call.args[0] === 0) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	call.out(0, deviceSatMode(rt));
	return ACL_SUCCESS;
}
