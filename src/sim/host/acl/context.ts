/** Contexts: explicit ones (aclrtCreateContext) and the default one of each device binding. */
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import type { AclRuntime } from '../acl-runtime.ts';
import type { Device } from '../device.ts';
import { hex } from '../host-log.ts';
import type { CallSite } from '../../trace.ts';
import type { Context } from '../host-resources.ts';
import { physicalDevice } from './device.ts';
import { dropGraph } from './graph-capture.ts';
import { dropModel, raceCheck } from './model.ts';
import { allStreams, newStream } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/** `aclrtCreateContext(&context, deviceId)`: a new context, made current. */
export function aclrtCreateContext(rt: AclRuntime, call: HostCall): AclError {
	const device = physicalDevice(rt, call.args[1] as number);
	if (!device) return ACL_ERROR.ACL_ERROR_RT_INVALID_DEVICEID;
	const context = newContext(rt, device, false, call.site());
	if (!context) return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	rt.state.contexts.set(context.handle, context);
	rt.state.current = context;
	rt.detail(`context=${hex(context.handle)}`);
	call.out(0, context.handle);
	return ACL_SUCCESS;
}

/** `aclrtDestroyContext(context)`: releases it and every stream in it. */
export function aclrtDestroyContext(rt: AclRuntime, call: HostCall): AclError {
	const handle = call.args[0] as number;
	if (handle === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const found = rt.state.contexts.get(handle);
	if (!found) return ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	raceCheck(rt, call.name, call.site());
	rt.state.contexts.delete(handle);
	waitContext(rt, found);
	dropContext(rt, found);
	return ACL_SUCCESS;
}

/** `aclrtSetCurrentContext(context)`. */
export function aclrtSetCurrentContext(rt: AclRuntime, call: HostCall): AclError {
	const handle = call.args[0] as number;
	const found = findContext(rt, handle);
	if (!found)
		return handle === 0 ? ACL_ERROR.ACL_ERROR_INVALID_PARAM : ACL_ERROR.ACL_ERROR_RT_PARAM_INVALID;
	rt.state.current = found;
	return ACL_SUCCESS;
}

/** The reason ContextManage::ReportContextValidationError gives (hicann/runtime 681ef76, context_manage.cc). */
const NO_CONTEXT_REASON =
	'No valid context is bound to the current thread. Call aclrtSetDevice or aclrtSetCurrentContext to bind a valid context to the current thread before calling this API';

/**
 * A call that needs a current context on a thread that has none: ACL_ERROR_RT_CONTEXT_NULL
 * (107002). The current runtime (9.1 wording) also reports EE1018 "Context validation failed"
 * in the plog and on the screen; older ones return the code without a line of their own.
 */
export function refuseWithoutContext(rt: AclRuntime): AclError {
	if (rt.machine.cann.runtimeWording === 'current') {
		const message = `Context validation failed. Reason: ${NO_CONTEXT_REASON}.`;
		rt.runtimeError(
			'context_manage.cc:107',
			'ReportContextValidationError',
			`${message} ErrorCode=EE1018.`,
		);
		rt.screenError('EE1018', message);
	}
	return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
}

/** `aclrtGetCurrentContext(&context)`. */
export function aclrtGetCurrentContext(rt: AclRuntime, call: HostCall): AclError {
	const context = rt.state.current;
	if (!context) return ACL_ERROR.ACL_ERROR_RT_CONTEXT_NULL;
	call.out(0, context.handle);
	return ACL_SUCCESS;
}

/** The context with `handle`: an explicit one or a device binding's default one. */
export function findContext(rt: AclRuntime, handle: number): Context | undefined {
	const explicit = rt.state.contexts.get(handle);
	if (explicit) return explicit;
	for (const b of rt.state.bindings.values()) if (b.context.handle === handle) return b.context;
	return undefined;
}

/** A new context on `device` with its default streams, or undefined when the device has no stream left. */
export function newContext(
	rt: AclRuntime,
	device: Device,
	isDefault: boolean,
	site: CallSite,
): Context | undefined {
	const defaults = rt.machine.profile.defaultStreamsPerContext.value;
	if (!device.streams.take(defaults, site)) return undefined;
	if (rt.detailed())
		rt.note({ kind: 'device-streams', device: device.id, inUse: device.streams.inUse });
	const context = {
		handle: rt.machine.nextHandle(),
		device,
		isDefault,
		streamCount: defaults,
		abort: undefined,
		captureMode: undefined,
		site,
	} as Omit<Context, 'defaultStream'> as Context;
	context.defaultStream = newStream(rt, context, true, site, 'aclrtSetDevice');
	return context;
}

/** Waits for every stream of `context` (destroy and reset wait for unfinished tasks). */
export function waitContext(rt: AclRuntime, context: Context): void {
	for (const s of allStreams(rt)) if (s.context === context) rt.advanceTo(s.busyUntil);
}

/** Releases `context`, its default streams, every stream created in it, its models and graphs. */
export function dropContext(rt: AclRuntime, context: Context): void {
	const { state } = rt;
	for (const [handle, s] of state.streams) {
		// Their stream units are in context.streamCount, given back below.
		if (s.context !== context) continue;
		state.streams.delete(handle);
		if (rt.detailed()) rt.note({ kind: 'stream', pid: rt.pid, handle, id: null });
	}
	for (const m of [...state.models.values()]) if (m.context === context) dropModel(rt, m);
	for (const g of [...state.graphs.values()]) if (g.context === context) dropGraph(rt, g);
	context.device.streams.give(context.streamCount);
	context.device.streams.sample();
	context.streamCount = 0;
	if (rt.detailed())
		rt.note({
			kind: 'device-streams',
			device: context.device.id,
			inUse: context.device.streams.inUse,
		});
	// Every thread that had it current has none now.
	for (const [thread, c] of state.currentOf) if (c === context) state.currentOf.delete(thread);
}
