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
import { copyBetween } from './copy-tasks.ts';
import { deviceBlock } from './memory.ts';
import { ASSUMED_MODEL_IO, modelIoOf } from './model-io.ts';
import { resolveStream, submitRefused } from './stream.ts';

const { ACL_SUCCESS } = ACL_ERROR;

/**
 * Where the GE and ACL lines of the model calls come from: hicann/ge ffdcbc9f,
 * runtime/v1/executor/ge_executor.cc (GeExecutor::LoadDataFromFile) and
 * api/acl/acl_model/model/model.cpp (ModelLoadFromFileWithMem, RuntimeV2ModelExecute).
 */
const GE_LOAD_AT = 'ge_executor.cc:1000';
const ACL_LOAD_AT = 'model.cpp:174';
const ACL_EXECUTE_AT = 'model.cpp:583';

/**
 * `aclmdlLoadFromFile(modelPath, &modelId)`: loads a model on the current device and binds a
 * model stream to it. Model ids start at 512 and model-stream queues at 514 (seed 002). The
 * file must be among the program's files: otherwise GE's GeExecutor::LoadDataFromFile finds no
 * real path, logs it, and the call returns ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID (145002; see
 * GE_LOAD_AT). A run with no program
 * files (the simulator driven from TypeScript) loads any path, undescribed.
 */
export function aclmdlLoadFromFile(rt: AclRuntime, call: HostCall): AclError {
	return loadModel(rt, call, (call.args[0] as string | null) ?? '', 1);
}

/**
 * `aclmdlLoadFromFileWithMem(modelPath, &modelId, workPtr, workSize, weightPtr, weightSize)`:
 * aclmdlLoadFromFile with memory the program allocated for the model's work and weights.
 */
export function aclmdlLoadFromFileWithMem(rt: AclRuntime, call: HostCall): AclError {
	return loadModel(rt, call, (call.args[0] as string | null) ?? '', 1);
}

/**
 * `aclmdlQuerySize(fileName, &workSize, &weightSize)`: the memory a model needs. The simulator
 * cannot read a compiled graph: work is the sum of the tensors' sizes and weight is the file's
 * size (illustrative), so memory allocated by them is enough for aclmdlLoadFromFileWithMem.
 */
export function aclmdlQuerySize(rt: AclRuntime, call: HostCall): AclError {
	const path = (call.args[0] as string | null) ?? '';
	if (path === '') return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const bytes = modelFile(rt, call, path);
	if (bytes === null) return ACL_ERROR.ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID;
	const io = bytes ? modelIoOf(bytes) : ASSUMED_MODEL_IO;
	let work = 0;
	for (const t of [...io.inputs, ...io.outputs]) work += t.size;
	call.out(1, work);
	call.out(2, bytes?.length ?? 0);
	return ACL_SUCCESS;
}

function loadModel(rt: AclRuntime, call: HostCall, path: string, idOut: number): AclError {
	if (path === '') return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const bytes = modelFile(rt, call, path);
	if (bytes === null) return ACL_ERROR.ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID;
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
		api: call.name,
	};
	if (bytes) {
		model.io = modelIoOf(bytes);
		if (model.io.assumed) {
			const [input] = ASSUMED_MODEL_IO.inputs;
			rt.diagnose('model-io-assumed', call.site(), { path, bytes: input!.size });
		}
	}
	rt.state.models.set(model.id, model);
	if (rt.detailed()) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'loaded' });
	rt.detail(`modelId=${model.id}`);
	call.out(idOut, model.id);
	return ACL_SUCCESS;
}

/**
 * The bytes of model file `path` among the program's files; null (after GE's and ACL's log
 * lines) when it is not there; undefined when the run has no program files at all.
 */
function modelFile(rt: AclRuntime, call: HostCall, path: string): Uint8Array | null | undefined {
	const files = rt.machine.files;
	if (!files) return undefined;
	const bytes = files.read(path);
	if (bytes) return bytes;
	const code = ACL_ERROR.ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID;
	rt.plog(
		'ERROR',
		'GE',
		`[${GE_LOAD_AT}]${rt.tid} LoadDataFromFile: ErrorNo: ${code}(Model file path invalid.) [Call][RealPath] File path is invalid. please check your text file '${path}'.`,
	);
	rt.aclError(
		ACL_LOAD_AT,
		'ModelLoadFromFileWithMem',
		`[Model][FromFile]load model from file[${path}] failed, ge result[${code}]`,
	);
	return null;
}

/**
 * `aclmdlExecute(modelId, input, output)`: synchronous. If a model stream of an earlier
 * process is still bound and running on the device, TSCH cannot unbind it: it prints the
 * `proc_model_stream_unbind` line of seed 002 and the execution fails with
 * ACL_ERROR_RT_MODEL_EXECUTE (507011). A described model checks its datasets first (see
 * {@link checkDatasets}) and fills its outputs.
 */
export function aclmdlExecute(rt: AclRuntime, call: HostCall): AclError {
	const model = rt.state.models.get(call.args[0] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const bad = checkDatasets(rt, call, model);
	if (bad !== ACL_SUCCESS) return bad;
	if (staleUnbind(model)) return ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE;
	if (!model.running) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'running' });
	model.running = true;
	rt.machine.clock.advance(HOST_COST_US.modelExecute);
	fillOutputs(rt, call, model);
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
	const bad = checkDatasets(rt, call, model);
	if (bad !== ACL_SUCCESS) return bad;
	if (staleUnbind(model)) return ACL_ERROR.ACL_ERROR_RT_MODEL_EXECUTE;
	const refused = submitRefused(rt, s, call);
	if (refused !== ACL_SUCCESS) return refused;
	if (!model.running) rt.note({ kind: 'model', pid: rt.pid, model: model.id, state: 'running' });
	model.running = true;
	const now = rt.machine.clock.now;
	s.busyUntil = (s.busyUntil > now ? s.busyUntil : now) + HOST_COST_US.modelExecute;
	s.taskCount++;
	fillOutputs(rt, call, model);
	return ACL_SUCCESS;
}

/**
 * The dataset checks of ACL's model execution (hicann/ge api/acl/acl_model/model/model.cpp,
 * RuntimeV2ModelExecute): a null dataset, or fewer input buffers than the model has inputs,
 * is ACL_ERROR_INVALID_PARAM with the `input blobs … cannot be smaller than input desc size …`
 * line. Only a model described by its file is checked.
 */
function checkDatasets(rt: AclRuntime, call: HostCall, model: Model): AclError {
	if (!model.io) return ACL_SUCCESS;
	const input = rt.state.datasets.get(call.args[1] as number);
	const output = rt.state.datasets.get(call.args[2] as number);
	if (!input || !output) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const need = model.io.inputs.length;
	if (input.buffers.length < need) {
		rt.aclError(
			ACL_EXECUTE_AT,
			'RuntimeV2ModelExecute',
			`input blobs ${input.buffers.length} cannot be smaller than input desc size ${need}`,
		);
		return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	}
	return ACL_SUCCESS;
}

/**
 * The simulator cannot run a compiled graph: a described model's execution writes zeros to
 * every output buffer that lies in device memory (up to the model's output size), and the first
 * execution of the run says so.
 */
function fillOutputs(rt: AclRuntime, call: HostCall, model: Model): void {
	if (!model.io) return;
	if (!rt.state.warnedModelOutputs) {
		rt.state.warnedModelOutputs = true;
		rt.diagnose('model-outputs-filled', call.site(), { model: model.id });
	}
	const output = rt.state.datasets.get(call.args[2] as number);
	if (!output) return;
	output.buffers.forEach((handle, i) => {
		const buffer = rt.state.dataBuffers.get(handle);
		const tensor = model.io!.outputs[i];
		if (!buffer || !tensor || buffer.data === 0) return;
		const count = Math.min(buffer.size, tensor.size);
		const block = deviceBlock(rt, buffer.data, count);
		if (!block) return;
		copyBetween(
			rt,
			{ kind: 'fill', value: 0 },
			{ kind: 'device', allocation: block, offset: buffer.data - block.ptr },
			count,
			call,
		);
	});
}

/** `aclmdlUnload(modelId)`: unbinds and frees the model stream. */
export function aclmdlUnload(rt: AclRuntime, call: HostCall): AclError {
	const model = rt.state.models.get(call.args[0] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	raceCheck(rt, call.name, call.site());
	dropModel(rt, model);
	return ACL_SUCCESS;
}

/** `aclCreateDataBuffer(data, size)`: a host-side descriptor; returns its handle. */
export function aclCreateDataBuffer(rt: AclRuntime, call: HostCall): number {
	const size = call.args[1] as number;
	if (!(size >= 0)) return 0;
	const handle = rt.machine.nextHandle();
	const data = (call.args[0] as number | null) ?? 0;
	rt.state.dataBuffers.set(handle, { handle, data, size, site: call.site() });
	return handle;
}

/** Drops the handle `call` passes from `handles`; ACL_ERROR_INVALID_PARAM when it is not one. */
function destroyHandle(handles: Map<number, unknown>, call: HostCall): AclError {
	return handles.delete(call.args[0] as number) ? ACL_SUCCESS : ACL_ERROR.ACL_ERROR_INVALID_PARAM;
}

/** `aclDestroyDataBuffer(buffer)`: the memory it describes stays. */
export function aclDestroyDataBuffer(rt: AclRuntime, call: HostCall): AclError {
	return destroyHandle(rt.state.dataBuffers, call);
}

/** `aclGetDataBufferAddr(buffer)`: the address it describes; nullptr for a bad handle. */
export function aclGetDataBufferAddr(rt: AclRuntime, call: HostCall): number {
	return rt.state.dataBuffers.get(call.args[0] as number)?.data ?? 0;
}

/** `aclGetDataBufferSizeV2(buffer)` (and the older aclGetDataBufferSize): its size; 0 for a bad handle. */
export function aclGetDataBufferSizeV2(rt: AclRuntime, call: HostCall): number {
	return rt.state.dataBuffers.get(call.args[0] as number)?.size ?? 0;
}

/** `aclmdlCreateDataset()`: a host-side list of data buffers; returns its handle. */
export function aclmdlCreateDataset(rt: AclRuntime, call: HostCall): number {
	const handle = rt.machine.nextHandle();
	rt.state.datasets.set(handle, { handle, buffers: [], site: call.site() });
	return handle;
}

/** `aclmdlAddDatasetBuffer(dataset, buffer)`: appends the buffer. */
export function aclmdlAddDatasetBuffer(rt: AclRuntime, call: HostCall): AclError {
	const dataset = rt.state.datasets.get(call.args[0] as number);
	const buffer = call.args[1] as number;
	if (!dataset || !rt.state.dataBuffers.has(buffer)) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	dataset.buffers.push(buffer);
	return ACL_SUCCESS;
}

/** `aclmdlGetDatasetNumBuffers(dataset)`: how many buffers it holds; 0 for a bad handle. */
export function aclmdlGetDatasetNumBuffers(rt: AclRuntime, call: HostCall): number {
	return rt.state.datasets.get(call.args[0] as number)?.buffers.length ?? 0;
}

/** `aclmdlGetDatasetBuffer(dataset, index)`: the buffer at `index`; nullptr past the end. */
export function aclmdlGetDatasetBuffer(rt: AclRuntime, call: HostCall): number {
	const buffers = rt.state.datasets.get(call.args[0] as number)?.buffers;
	return buffers?.[call.args[1] as number] ?? 0;
}

/** `aclmdlDestroyDataset(dataset)`: its buffers stay (destroy them one by one). */
export function aclmdlDestroyDataset(rt: AclRuntime, call: HostCall): AclError {
	return destroyHandle(rt.state.datasets, call);
}

/** `aclmdlCreateDesc()`: an empty model description; returns its handle. */
export function aclmdlCreateDesc(rt: AclRuntime, call: HostCall): number {
	const handle = rt.machine.nextHandle();
	rt.state.modelDescs.set(handle, { handle, io: undefined, site: call.site() });
	return handle;
}

/** `aclmdlDestroyDesc(desc)`. */
export function aclmdlDestroyDesc(rt: AclRuntime, call: HostCall): AclError {
	return destroyHandle(rt.state.modelDescs, call);
}

/**
 * `aclmdlGetDesc(desc, modelId)`: fills the description of a loaded model; an id no model has
 * is ACL_ERROR_GE_EXEC_MODEL_ID_INVALID (145003).
 */
export function aclmdlGetDesc(rt: AclRuntime, call: HostCall): AclError {
	const desc = rt.state.modelDescs.get(call.args[0] as number);
	if (!desc) return ACL_ERROR.ACL_ERROR_INVALID_PARAM;
	const model = rt.state.models.get(call.args[1] as number);
	if (!model) return ACL_ERROR.ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
	desc.io = model.io ?? ASSUMED_MODEL_IO;
	return ACL_SUCCESS;
}

/** The tensors on `side` of a filled description; undefined for a bad or empty one. */
function described(rt: AclRuntime, call: HostCall, side: 'inputs' | 'outputs') {
	return rt.state.modelDescs.get(call.args[0] as number)?.io?.[side];
}

/** `aclmdlGetNumInputs(desc)`: 0 for a bad or unfilled description. */
export function aclmdlGetNumInputs(rt: AclRuntime, call: HostCall): number {
	return described(rt, call, 'inputs')?.length ?? 0;
}

/** `aclmdlGetNumOutputs(desc)`. */
export function aclmdlGetNumOutputs(rt: AclRuntime, call: HostCall): number {
	return described(rt, call, 'outputs')?.length ?? 0;
}

/** `aclmdlGetInputSizeByIndex(desc, index)`: bytes of input `index`; 0 past the end. */
export function aclmdlGetInputSizeByIndex(rt: AclRuntime, call: HostCall): number {
	return described(rt, call, 'inputs')?.[call.args[1] as number]?.size ?? 0;
}

/** `aclmdlGetOutputSizeByIndex(desc, index)`: bytes of output `index`; 0 past the end. */
export function aclmdlGetOutputSizeByIndex(rt: AclRuntime, call: HostCall): number {
	return described(rt, call, 'outputs')?.[call.args[1] as number]?.size ?? 0;
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
