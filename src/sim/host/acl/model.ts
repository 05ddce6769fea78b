/**
 * Models and their descriptors: a loaded model binds a model stream on its device; a model
 * stream an earlier process left bound and running blocks TSCH from binding one again (seed 002,
 * case 3). Also the handler/driver race that leaves such a stream behind.
 */
import type { CallSite } from '../../trace.ts';
import type { HostCall } from '../acl-call.ts';
import { ACL_ERROR, type AclError } from '../acl-error.ts';
import { MODEL_RUNNING_TASK_ID, type AclRuntime } from '../acl-runtime.ts';
import type { Model } from '../host-resources.ts';
import { HOST_COST_US } from '../host-timing.ts';
import { signalName } from '../signals.ts';
import { resolveStream, submitRefused } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/**
 * `aclmdlLoadFromFile(modelPath, &modelId)`: loads a model on the current device and binds a
 * model stream to it. Model ids start at 512 and model-stream queues at 514 (seed 002).
 */
export function aclmdlLoadFromFile(rt: AclRuntime, call: HostCall): AclError {
	const path = (call.args[0] as string | null) ?? '';
	if (path === '') return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const context = rt.context;
	const device = context.device;
	if (!device.streams.take(1, call.site())) return ACL_ERROR.ACL_ERROR_RT_RESOURCE_ALLOC_FAIL;
	device.streams.sample();
	const model: Model = {
		id: device.takeModelId(rt.state.models),
		path,
		device,
		context,
		sqId: device.takeSqId(),
		running: false,
		stale: false,
		site: call.site(),
	};
	rt.state.models.set(model.id, model);
	if (rt.detailed()) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'loaded' });
	rt.detail(`modelId=${model.id}`);
	call.out(1, model.id);
	return ACL_SUCCESS;
}

/**
 * `aclmdlExecute(modelId, input, output)`: synchronous. If a model stream of an earlier
 * process is still bound and running on the device, TSCH cannot unbind it: it prints the
 * `proc_model_stream_unbind` line of seed 002 and the execution fails with
 * ACL_ERROR_RT_MODEL_EXECUTE (507011).
 */
export function aclmdlExecute(rt: AclRuntime, call: HostCall): AclError {
	const model = rt.state.models.get(call.args[0] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (staleUnbind(model)) return ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE;
	if (!model.running) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'running' });
	model.running = true;
	rt.machine.clock.advance(HOST_COST_US.modelExecute);
	return ACL_SUCCESS;
}

/**
 * `aclmdlExecuteAsync(modelId, input, output, stream)`: queues one execution on `stream`
 * (finish it with aclrtSynchronizeStream). A stale model stream fails it as aclmdlExecute does.
 */
export function aclmdlExecuteAsync(rt: AclRuntime, call: HostCall): AclError {
	const s = resolveStream(rt, call.args[3] as number, call);
	if (typeof s === 'number') return s;
	const model = rt.state.models.get(call.args[0] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	if (staleUnbind(model)) return ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE;
	const refused = submitRefused(rt, s, call);
	if (refused !== ACL_SUCCESS) return refused;
	if (!model.running) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'running' });
	model.running = true;
	const now = rt.machine.clock.now;
	s.busyUntil = (s.busyUntil > now ? s.busyUntil : now) + HOST_COST_US.modelExecute;
	s.taskCount++;
	return ACL_SUCCESS;
}

/** `aclmdlUnload(modelId)`: unbinds and frees the model stream. */
export function aclmdlUnload(rt: AclRuntime, call: HostCall): AclError {
	const model = rt.state.models.get(call.args[0] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	raceCheck(rt, call.name, call.site());
	dropModel(rt, model);
	return ACL_SUCCESS;
}

/** `aclCreateDataBuffer(data, size)`: a host-side descriptor; returns its handle (0 on bad input). */
export function aclCreateDataBuffer(rt: AclRuntime, call: HostCall): number {
	const size = call.args[1] as number;
	const handle = size >= 0 ? rt.machine.nextHandle() : 0;
	if (handle !== 0) rt.state.descriptors.add(handle);
	return handle;
}

/** `aclDestroyDataBuffer(buffer)`. */
export function aclDestroyDataBuffer(rt: AclRuntime, call: HostCall): AclError {
	return destroyDescriptor(rt, call.args[0] as number);
}

/** `aclmdlCreateDataset()`: a host-side list of data buffers; returns its handle. */
export function aclmdlCreateDataset(rt: AclRuntime): number {
	const handle = rt.machine.nextHandle();
	rt.state.descriptors.add(handle);
	return handle;
}

/** `aclmdlAddDatasetBuffer(dataset, buffer)`. */
export function aclmdlAddDatasetBuffer(rt: AclRuntime, call: HostCall): AclError {
	const descriptors = rt.state.descriptors;
	const ok = descriptors.has(call.args[0] as number) && descriptors.has(call.args[1] as number);
	return ok ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_INVALID_PARAM;
}

/** `aclmdlDestroyDataset(dataset)`. */
export function aclmdlDestroyDataset(rt: AclRuntime, call: HostCall): AclError {
	return destroyDescriptor(rt, call.args[0] as number);
}

function destroyDescriptor(rt: AclRuntime, handle: number): AclError {
	if (handle === 0) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	return rt.state.descriptors.delete(handle) ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_INVALID_PARAM;
}

/** Frees `model`'s id and (unless a handler race left it to the device) its model stream. */
export function dropModel(rt: AclRuntime, model: Model): void {
	rt.state.models.delete(model.id);
	if (rt.detailed()) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: null });
	const device = model.device;
	device.releaseModelId(model.id);
	if (model.stale) return;
	device.releaseSqId(model.sqId);
	device.streams.give();
	device.streams.sample();
}

/**
 * A model stream an earlier process left bound and running blocks TSCH from (re)binding one
 * on this device: it prints seed 002's `proc_model_stream_unbind` line. True when it did.
 */
function staleUnbind(model: Model): boolean {
	const stale = model.device.staleModelStreams[0];
	if (!stale) return false;
	model.device.tsch(
		'ERROR',
		'(cpuid:0)',
		`task_scheduler_engine.c:707 proc_model_stream_unbind: unbind model stream failed, stream is running. stream->model_id=${stale.modelId}, model_id=${model.id}, task.sq_id=${stale.sqId}, task.task_id=${stale.taskId}`,
	);
	return true;
}

/**
 * The handler/driver race of seed 002, case 3: releasing device resources inside a signal
 * handler while a model of this process runs leaves its model stream bound and running.
 */
export function raceCheck(rt: AclRuntime, call: string, site: CallSite): void {
	const signo = rt.process.handlingSignal;
	if (signo === 0) return;
	for (const m of rt.state.models.values()) {
		if (!m.running) continue;
		const device = m.device;
		if (m.stale) continue;
		m.stale = true;
		if (rt.detailed())
			rt.note({ kind: 'stale-model-stream', device: device.id, sq: m.sqId, model: m.id });
		device.staleModelStreams.push({
			modelId: m.id,
			sqId: m.sqId,
			taskId: MODEL_RUNNING_TASK_ID,
			pid: rt.process.pid,
		});
		rt.diagnose('signal-handler-release-race', site, {
			signal: signalName(signo),
			call,
			model: m.id,
			sq: m.sqId,
		});
	}
}
