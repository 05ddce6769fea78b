/**
 * Model loading and execution, and the dataset / data-buffer descriptors it takes (the
 * graph-engine's AscendCL model reference on hiascend.com; aclDataBuffer from hicann/runtime
 * api_ref 25-03). The simulator models a model's stream, not its data: datasets are descriptors.
 */
import { HOST_COST_US } from '../../sim/host/host-timing.ts';
import { hostApi, type HostApiRow } from '../api-row.ts';
import { runtimeDoc } from '../sources.ts';
import { ASYNC_FAILURES, CALL_COST, hostCost, NEEDS_CONTEXT, STREAM_ARG } from './shared.ts';
import * as model from '../../sim/host/acl/model.ts';

const HIASCEND = 'https://www.hiascend.com/document/detail';
const group = 'acl-model';
/** Dataset handles are descriptors the simulator does not look into; traces leave them out. */
const HIDE_DATASETS = { hide: ['input', 'output'] };

/** The model rows. */
export const MODEL_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclmdlLoadFromFile',
		group,
		signature: 'aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId)',
		out: ['modelId'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.modelLoad),
		errors: [...NEEDS_CONTEXT, 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL'],
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '从 .om 文件加载离线模型，模型 ID 写入 *modelId；加载、执行、卸载要在同一个 Context 里。模型占用一条模型流。',
			en: 'Loads an offline model from an .om file and writes its id to *modelId; load, execute and unload in the same context. The model takes one model stream.',
		},
		source: `${HIASCEND}/zh/canncommercial/850/API/appdevgapi/aclcppdevg_03_0282.html`,
		run: model.aclmdlLoadFromFile,
	}),
	hostApi({
		name: 'aclmdlExecute',
		group,
		signature:
			'aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output)',
		requires: ['acl-init'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_UNINITIALIZE', 'ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_RT_MODEL_EXECUTE'],
		trace: HIDE_DATASETS,
		doc: {
			zh: '同步执行一次模型推理。若上一个进程留下的模型流仍绑定并在运行，TSCH 无法解绑，执行失败。',
			en: 'Runs one inference synchronously. If a model stream an earlier process left bound is still running, TSCH cannot unbind it and the execution fails.',
		},
		source: `${HIASCEND}/zh/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_0298.html`,
		run: model.aclmdlExecute,
	}),
	hostApi({
		name: 'aclmdlExecuteAsync',
		group,
		signature:
			'aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream)',
		requires: ['current-context'],
		cost: CALL_COST,
		errors: [
			...STREAM_ARG,
			...ASYNC_FAILURES,
			'ACL_ERROR_INVALID_PARAM',
			'ACL_ERROR_RT_MODEL_EXECUTE',
		],
		diagnostics: ['stream-wrong-context'],
		trace: HIDE_DATASETS,
		doc: {
			zh: '在 Stream 上下发一次模型推理，接口返回只表示任务已下发；之后要同步 Stream 才能使用结果。',
			en: 'Queues one inference on the stream; returning only means the task was issued. Synchronise the stream before using the result.',
		},
		source: `${HIASCEND}/zh/CANNCommunityEdition/80RC2alpha002/apiref/appdevgapi/aclcppdevg_03_0271.html`,
		run: model.aclmdlExecuteAsync,
	}),
	hostApi({
		name: 'aclmdlUnload',
		group,
		signature: 'aclError aclmdlUnload(uint32_t modelId)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		diagnostics: ['signal-handler-release-race'],
		doc: {
			zh: '卸载模型，解绑并释放它的模型流；调用时不能有其他接口还在使用这个模型。',
			en: 'Unloads the model, unbinding and freeing its model stream; nothing else may still be using the model.',
		},
		source: `${HIASCEND}/zh/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_0291.html`,
		run: model.aclmdlUnload,
	}),
	hostApi({
		name: 'aclCreateDataBuffer',
		group,
		signature: 'aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)',
		cost: CALL_COST,
		doc: {
			zh: '为一块已申请好的内存创建 aclDataBuffer 描述，返回句柄（失败返回空指针）。',
			en: 'Creates an aclDataBuffer descriptor for memory already allocated and returns its handle (nullptr on failure).',
		},
		source: runtimeDoc('25-03_Operation_APIs.md', 'aclCreateDataBuffer'),
		run: model.aclCreateDataBuffer,
	}),
	hostApi({
		name: 'aclDestroyDataBuffer',
		group,
		signature: 'aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '销毁 aclDataBuffer 描述；它描述的内存不会被释放。',
			en: 'Destroys an aclDataBuffer descriptor; the memory it describes is not freed.',
		},
		source: runtimeDoc('25-03_Operation_APIs.md', 'aclDestroyDataBuffer'),
		run: model.aclDestroyDataBuffer,
	}),
	hostApi({
		name: 'aclmdlCreateDataset',
		group,
		signature: 'aclmdlDataset *aclmdlCreateDataset()',
		cost: CALL_COST,
		doc: {
			zh: '创建一个空的 aclmdlDataset，用来装模型的输入或输出 buffer。',
			en: 'Creates an empty aclmdlDataset to hold a model’s input or output buffers.',
		},
		source: `${HIASCEND}/zh/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_1438.html`,
		run: model.aclmdlCreateDataset,
	}),
	hostApi({
		name: 'aclmdlAddDatasetBuffer',
		group,
		signature: 'aclError aclmdlAddDatasetBuffer(aclmdlDataset *dataset, aclDataBuffer *dataBuffer)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '把一个 aclDataBuffer 加入 aclmdlDataset。',
			en: 'Adds an aclDataBuffer to an aclmdlDataset.',
		},
		source: `${HIASCEND}/en/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_1440.html`,
		run: model.aclmdlAddDatasetBuffer,
	}),
	hostApi({
		name: 'aclmdlDestroyDataset',
		group,
		signature: 'aclError aclmdlDestroyDataset(const aclmdlDataset *dataset)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		doc: {
			zh: '销毁 aclmdlDataset；其中的 aclDataBuffer 要另外销毁。',
			en: 'Destroys an aclmdlDataset; its aclDataBuffers must be destroyed separately.',
		},
		source: `${HIASCEND}/en/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_1439.html`,
		run: model.aclmdlDestroyDataset,
	}),
];
