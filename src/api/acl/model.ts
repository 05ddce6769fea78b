/**
 * Model loading and execution, and the dataset / data-buffer descriptors it takes (the
 * graph-engine's AscendCL model reference on hiascend.com; aclDataBuffer from hicann/runtime
 * api_ref 25-03). The simulator models a model's stream and its interface, not its graph: a
 * model file given with the program loads (a text description of its tensors gives the sizes,
 * see sim/host/acl/model-io.ts), datasets and descriptions are counted like other handles, and
 * an execution fills the output buffers with zeros.
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

/** What loading a model from a file can return. */
const LOAD_ERRORS = [
	...NEEDS_CONTEXT,
	'ACL_ERROR_INVALID_PARAM',
	'ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID',
	'ACL_ERROR_RT_RESOURCE_ALLOC_FAIL',
] as const;
/** The AscendCL model header of hicann/ge, which declares these calls (`page`: the call's name, for the reader). */
const MODEL_DOC = (name: string) =>
	`https://github.com/hicann/ge/blob/0d77e9fd091094f09db60dbbeb29e93b56d8a2cf/inc/external/acl/acl_mdl.h#:~:text=${name}`;

/** The model rows. */
export const MODEL_APIS: readonly HostApiRow[] = [
	hostApi({
		name: 'aclmdlLoadFromFile',
		group,
		signature: 'aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId)',
		out: ['modelId'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.modelLoad),
		errors: LOAD_ERRORS,
		diagnostics: ['model-io-assumed'],
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '从 .om 文件加载离线模型，模型 ID 写入 *modelId；加载、执行、卸载要在同一个 Context 里。模型占用一条模型流。文件必须在程序的文件里，否则返回 145002（ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID），日志与 GE 相同。模拟器读不了编译好的图：文件若是文本描述（每行一个张量，如 `input float32 1,3,224,224`），输入输出大小按描述；否则假定 1 个输入、1 个输出，各 4096 字节（示意值）。',
			en: 'Loads an offline model from an .om file and writes its id to *modelId; load, execute and unload in the same context. The model takes one model stream. The file must be among the program’s files; otherwise the call returns 145002 (ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID) with GE’s log lines. The simulator cannot read a compiled graph: a text description (one tensor per line, e.g. `input float32 1,3,224,224`) gives the input and output sizes; any other file is assumed to have one input and one output of 4,096 bytes each (illustrative).',
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
		diagnostics: ['model-outputs-filled'],
		trace: HIDE_DATASETS,
		doc: {
			zh: '同步执行一次模型推理。若上一个进程留下的模型流仍绑定并在运行，TSCH 无法解绑，执行失败。数据集为空、输入 buffer 少于模型输入个数时返回 ACL_ERROR_INVALID_PARAM。模拟器不执行计算图：输出 buffer（在设备内存里的部分）被填成 0，第一次执行时给出警告。',
			en: 'Runs one inference synchronously. If a model stream an earlier process left bound is still running, TSCH cannot unbind it and the execution fails. A null dataset, or fewer input buffers than the model has inputs, gives ACL_ERROR_INVALID_PARAM. The simulator does not run the graph: the output buffers (where they are device memory) are filled with zeros, with a warning at the first execution.',
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
		diagnostics: ['stream-wrong-context', 'model-outputs-filled'],
		trace: HIDE_DATASETS,
		doc: {
			zh: '在 Stream 上下发一次模型推理，接口返回只表示任务已下发；之后要同步 Stream 才能使用结果。数据集检查与输出填 0 同 aclmdlExecute。',
			en: 'Queues one inference on the stream; returning only means the task was issued. Synchronise the stream before using the result. Datasets are checked and outputs filled with zeros as for aclmdlExecute.',
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
	hostApi({
		name: 'aclmdlLoadFromFileWithMem',
		group,
		signature:
			'aclError aclmdlLoadFromFileWithMem(const char *modelPath, uint32_t *modelId, void *workPtr, size_t workSize, void *weightPtr, size_t weightSize)',
		out: ['modelId'],
		requires: ['current-context'],
		cost: hostCost(HOST_COST_US.modelLoad),
		errors: LOAD_ERRORS,
		diagnostics: ['model-io-assumed'],
		limits: [{ profile: 'host', key: 'streams' }],
		doc: {
			zh: '同 aclmdlLoadFromFile，但模型的工作内存和权重内存由用户申请后传入（大小用 aclmdlQuerySize 查询）。',
			en: 'As aclmdlLoadFromFile, with the model’s work and weight memory allocated by the caller (size them with aclmdlQuerySize).',
		},
		source: MODEL_DOC('aclmdlLoadFromFileWithMem'),
		run: model.aclmdlLoadFromFileWithMem,
	}),
	hostApi({
		name: 'aclmdlQuerySize',
		group,
		signature:
			'aclError aclmdlQuerySize(const char *fileName, size_t *workSize, size_t *weightSize)',
		out: ['workSize', 'weightSize'],
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID'],
		doc: {
			zh: '查询模型文件执行所需的工作内存和权重内存大小。模拟器读不了编译好的图：工作内存取输入输出大小之和，权重内存取文件大小（示意值）。',
			en: 'How much work and weight memory a model file needs. The simulator cannot read a compiled graph: work is the sum of the input and output sizes, weight is the file’s size (illustrative).',
		},
		source: MODEL_DOC('aclmdlQuerySize'),
		run: model.aclmdlQuerySize,
	}),
	hostApi({
		name: 'aclmdlCreateDesc',
		group,
		signature: 'aclmdlDesc *aclmdlCreateDesc()',
		cost: CALL_COST,
		doc: {
			zh: '创建一个空的模型描述（aclmdlDesc），用 aclmdlGetDesc 填入已加载模型的信息；用完用 aclmdlDestroyDesc 销毁，否则计为泄漏。',
			en: 'Creates an empty model description (aclmdlDesc) for aclmdlGetDesc to fill from a loaded model; destroy it with aclmdlDestroyDesc, or it counts as a leak.',
		},
		source: MODEL_DOC('aclmdlCreateDesc'),
		run: model.aclmdlCreateDesc,
	}),
	hostApi({
		name: 'aclmdlDestroyDesc',
		group,
		signature: 'aclError aclmdlDestroyDesc(aclmdlDesc *modelDesc)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM'],
		doc: { zh: '销毁模型描述。', en: 'Destroys a model description.' },
		source: MODEL_DOC('aclmdlDestroyDesc'),
		run: model.aclmdlDestroyDesc,
	}),
	hostApi({
		name: 'aclmdlGetDesc',
		group,
		signature: 'aclError aclmdlGetDesc(aclmdlDesc *modelDesc, uint32_t modelId)',
		cost: CALL_COST,
		errors: ['ACL_ERROR_INVALID_PARAM', 'ACL_ERROR_GE_EXEC_MODEL_ID_INVALID'],
		doc: {
			zh: '把已加载模型的输入输出信息填入模型描述；模型 ID 没有对应已加载的模型时返回 145003。',
			en: 'Fills the model description with a loaded model’s inputs and outputs; an id no loaded model has gives 145003.',
		},
		source: MODEL_DOC('aclmdlGetDesc'),
		run: model.aclmdlGetDesc,
	}),
	hostApi({
		name: 'aclmdlGetNumInputs',
		group,
		signature: 'size_t aclmdlGetNumInputs(aclmdlDesc *modelDesc)',
		cost: CALL_COST,
		doc: {
			zh: '模型的输入个数；描述无效或未填充时为 0。',
			en: 'The number of model inputs; 0 for an invalid or unfilled description.',
		},
		source: MODEL_DOC('aclmdlGetNumInputs'),
		run: model.aclmdlGetNumInputs,
	}),
	hostApi({
		name: 'aclmdlGetNumOutputs',
		group,
		signature: 'size_t aclmdlGetNumOutputs(aclmdlDesc *modelDesc)',
		cost: CALL_COST,
		doc: {
			zh: '模型的输出个数；描述无效或未填充时为 0。',
			en: 'The number of model outputs; 0 for an invalid or unfilled description.',
		},
		source: MODEL_DOC('aclmdlGetNumOutputs'),
		run: model.aclmdlGetNumOutputs,
	}),
	hostApi({
		name: 'aclmdlGetInputSizeByIndex',
		group,
		signature: 'size_t aclmdlGetInputSizeByIndex(aclmdlDesc *modelDesc, size_t index)',
		cost: CALL_COST,
		doc: {
			zh: '第 index 个输入的大小（字节）；下标越界时为 0。',
			en: 'The size in bytes of input `index`; 0 past the last input.',
		},
		source: MODEL_DOC('aclmdlGetInputSizeByIndex'),
		run: model.aclmdlGetInputSizeByIndex,
	}),
	hostApi({
		name: 'aclmdlGetOutputSizeByIndex',
		group,
		signature: 'size_t aclmdlGetOutputSizeByIndex(aclmdlDesc *modelDesc, size_t index)',
		cost: CALL_COST,
		doc: {
			zh: '第 index 个输出的大小（字节）；下标越界时为 0。',
			en: 'The size in bytes of output `index`; 0 past the last output.',
		},
		source: MODEL_DOC('aclmdlGetOutputSizeByIndex'),
		run: model.aclmdlGetOutputSizeByIndex,
	}),
	hostApi({
		name: 'aclmdlGetDatasetNumBuffers',
		group,
		signature: 'size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset *dataset)',
		cost: CALL_COST,
		doc: {
			zh: '数据集里 aclDataBuffer 的个数。',
			en: 'The number of aclDataBuffers in the dataset.',
		},
		source: MODEL_DOC('aclmdlGetDatasetNumBuffers'),
		run: model.aclmdlGetDatasetNumBuffers,
	}),
	hostApi({
		name: 'aclmdlGetDatasetBuffer',
		group,
		signature: 'aclDataBuffer *aclmdlGetDatasetBuffer(const aclmdlDataset *dataset, size_t index)',
		cost: CALL_COST,
		doc: {
			zh: '数据集里第 index 个 aclDataBuffer；下标越界时返回空指针。',
			en: 'The aclDataBuffer at `index` in the dataset; nullptr past the end.',
		},
		source: MODEL_DOC('aclmdlGetDatasetBuffer'),
		run: model.aclmdlGetDatasetBuffer,
	}),
	hostApi({
		name: 'aclGetDataBufferAddr',
		group,
		signature: 'void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)',
		cost: CALL_COST,
		doc: {
			zh: 'aclDataBuffer 描述的内存地址；句柄无效时返回空指针。',
			en: 'The address an aclDataBuffer describes; nullptr for an invalid handle.',
		},
		source: runtimeDoc('25-03_Operation_APIs.md', 'aclGetDataBufferAddr'),
		run: model.aclGetDataBufferAddr,
	}),
	hostApi({
		name: 'aclGetDataBufferSizeV2',
		group,
		signature: 'size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)',
		aliases: ['aclGetDataBufferSize'],
		cost: CALL_COST,
		doc: {
			zh: 'aclDataBuffer 描述的内存大小（字节）；句柄无效时为 0。',
			en: 'The size in bytes of the memory an aclDataBuffer describes; 0 for an invalid handle.',
		},
		source: runtimeDoc('25-03_Operation_APIs.md', 'aclGetDataBufferSizeV2'),
		run: model.aclGetDataBufferSizeV2,
	}),
];
