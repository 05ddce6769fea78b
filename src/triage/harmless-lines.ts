/**
 * Lines that look alarming but are known to be harmless, one row each with the reason (ours,
 * in both languages) and the source that prints or documents the line. Triage marks them
 * harmless and never offers them as the problem: no signature may claim them, and the codes
 * they quote are not counted. Add a row only with a source that shows the line is benign.
 */
import type { Localized } from './localized.ts';
import type { LogRecord } from './log-record.ts';

/** One kind of harmless line. */
export interface HarmlessRule {
	/** Stable id (kebab-case). */
	id: string;
	/** Plain substrings one of which every such line contains (a cheap pre-filter over the whole log). */
	literals: readonly string[];
	/** Matched against the record text (prefixes removed). */
	pattern: RegExp;
	/** When set, the record's level, if it states one, must be one of these. */
	levels?: readonly string[];
	reason: Localized;
	/** Where the line comes from (repository file at a commit, or a doc page). */
	source: string;
}

const PYTORCH = 'https://github.com/Ascend/pytorch/blob/9e73e708ab9350d203475609f36f8a43f6a0c2ab';
const RUNTIME = 'https://github.com/hicann/runtime/blob/681ef7610df13c8128982901142a2c869ddbb53e';
const PYTORCH_ELASTIC =
	'https://github.com/pytorch/pytorch/blob/8f4329ea5558ecd2c65cdab1c2d21a52356f50a5/torch/distributed/elastic/multiprocessing/api.py';

/** The table (order does not matter: a line is harmless when any row matches it). */
export const HARMLESS_LINES: readonly HarmlessRule[] = [
	{
		id: 'torch-npu-block-pool-retry',
		literals: ['Get a block from the existing pool failed'],
		pattern:
			/Get a block from the existing pool failed\. Try to free cached blocks and reallocate\. This error log can be ignored\./,
		reason: {
			zh: 'torch_npu 的缓存分配器在池里找不到合适的块时打这一行，随后会释放缓存块并重新申请；行里自己就写着“可以忽略”。只有随后出现 NPU out of memory 才是真的内存不足。',
			en: 'torch_npu’s caching allocator prints this when its pool has no fitting block; it then frees cached blocks and allocates again, and the line itself says it can be ignored. Only a later “NPU out of memory” means memory really ran out.',
		},
		source: `${PYTORCH}/torch_npu/csrc/core/npu/NPUCachingAllocator.cpp#L1275`,
	},
	{
		id: 'torch-npu-dispatch-success',
		literals: ['dispatch suc'],
		pattern:
			/Process group work \S+, seq_num \d+ dispatch (?:success\. This warning|sucess\. This error) log can be ignored\./,
		reason: {
			zh: 'torch_npu 的 HCCL 进程组此前报过一次下发超时，这一行说明该集合通信最终下发成功，前面那条超时可以不管。',
			en: 'torch_npu’s HCCL process group had reported a dispatch timeout; this line says the collective was dispatched after all, so that timeout can be disregarded.',
		},
		source: `${PYTORCH}/torch_npu/csrc/distributed/ProcessGroupHCCL.cpp#L952`,
	},
	{
		id: 'acl-resource-statistics',
		literals: ['The ResourceType:'],
		pattern: /The ResourceType:ACL_STATISTICS_\w+, applyTotal = \d+, applySucc = \d+/,
		levels: ['EVENT'],
		reason: {
			zh: 'aclFinalize 时 AscendCL 逐类打印资源的申请/释放次数（EVENT 级别，TraverseStatistics）。这是统计，不是错误；只有申请与释放次数明显对不上时才值得细看。',
			en: 'At aclFinalize, AscendCL prints how often each resource kind was applied for and released (EVENT level, TraverseStatistics). These are statistics, not errors; they matter only when applies and releases clearly disagree.',
		},
		source: `${RUNTIME}/src/acl/common/resource_statistics.cpp#L108`,
	},
	{
		id: 'torch-npu-optional-function',
		literals: [
			'Failed to find function',
			'Failed to find this HcclSetConfig',
			'Failed to get func',
		],
		pattern:
			/Failed to find function (?:aclrtCreateEventExWithFlag|aclsysGetCANNVersion|aclsysGetVersionStr|halGetAPIVersion)\b|Failed to find this HcclSetConfig function|Failed to get func (?:mspti|mstx)\w+/,
		levels: ['WARNING', 'WARN', 'W'],
		reason: {
			zh: 'torch_npu 在较老的 CANN 或驱动里找不到某个可选接口，会改用旧接口或关闭相应功能继续运行；这是版本差异的告警，不是故障原因。',
			en: 'torch_npu did not find an optional function in an older CANN or driver and carries on with the older API or without that feature; a version-difference warning, not the cause of a failure.',
		},
		source: `${PYTORCH}/torch_npu/csrc/core/npu/interface/AclInterface.cpp#L312`,
	},
	{
		id: 'torch-npu-double-to-float',
		literals: ['Device do not support double dtype now'],
		pattern: /Device do not support double dtype now, dtype cast replace with float\./,
		reason: {
			zh: 'NPU 不支持 float64，torch_npu 把 double 转成 float 并只提示一次。它可能影响精度，但不会让程序出错。',
			en: 'The NPU has no float64, so torch_npu casts double to float and says so once. It may cost precision but does not make the program fail.',
		},
		source: `${PYTORCH}/torch_npu/csrc/aten/common/ToKernelNpu.cpp#L41`,
	},
	{
		id: 'torch-npu-watchdog-never-timeout',
		literals: ['so it is bigger than watchdog timeout'],
		pattern:
			/The HCCL execution timeout was set to (?:0\(never timeout\)|never timeout), so it is bigger than watchdog timeout/,
		reason: {
			zh: 'HCCL_EXEC_TIMEOUT 设为 0（永不超时）时 torch_npu 的配置提示：看门狗仍按自己的超时结束进程，plog 可能记不全。它说明配置如何，不是故障本身。',
			en: 'torch_npu’s notice that HCCL_EXEC_TIMEOUT is 0 (never time out) while its watchdog still has a timeout, so the plog may be incomplete. It describes the configuration; it is not the failure.',
		},
		source: `${PYTORCH}/torch_npu/csrc/distributed/ProcessGroupHCCL.cpp#L1261`,
	},
	{
		id: 'torch-npu-gather-as-allgather',
		literals: ["HCCL doesn't support gather at the moment"],
		pattern: /HCCL doesn't support gather at the moment\. Implemented with allgather instead\./,
		reason: {
			zh: 'HCCL 没有 gather，torch_npu 改用 allgather 实现并给出提示；结果相同，不是错误。',
			en: 'HCCL has no gather, so torch_npu implements it with allgather and says so; the result is the same, it is not an error.',
		},
		source: `${PYTORCH}/torch_npu/distributed/distributed_c10d.py#L231`,
	},
	{
		id: 'torch-npu-cpu-fallback',
		literals: ['will fall back to run on the CPU'],
		pattern:
			/The operator '[^']+' is not currently supported on the NPU backend and will fall back to run on the CPU\./,
		reason: {
			zh: '这个算子没有 NPU 实现，torch_npu 把它放到 CPU 上算并提醒可能变慢；结果不受影响，只关乎性能。',
			en: 'The operator has no NPU kernel, so torch_npu runs it on the CPU and warns that this may be slower; results are unaffected, only speed.',
		},
		source: `${PYTORCH}/torch_npu/csrc/aten/VariableFallbackKernel.cpp#L231`,
	},
	{
		id: 'torch-npu-transfer-jit-disabled',
		literals: ['transfer_to_npu', 'warnings.warn(msg, RuntimeWarning)'],
		pattern:
			/torch\.jit\.script and torch\.jit\.script_method will be disabled by transfer_to_npu|transfer_to_npu\.py:\d+: RuntimeWarning: torch\.jit\.script|^warnings\.warn\(msg, RuntimeWarning\)/,
		reason: {
			zh: '导入 transfer_to_npu 后它会关掉 torch.jit.script，并用 RuntimeWarning 说明一次（第二行是 Python 打出的告警所在源码行）；不影响普通的 eager 执行。',
			en: 'Importing transfer_to_npu turns torch.jit.script off and says so once with a RuntimeWarning (the second line is the source line Python prints under it); eager execution is unaffected.',
		},
		source: `${PYTORCH}/torch_npu/contrib/transfer_to_npu.py#L311`,
	},
	{
		id: 'torch-npu-version-unparsed',
		literals: ['is invalid or not supported yet'],
		pattern: /\b(?:Driver )?Version: \S* is invalid or not supported yet\./,
		reason: {
			zh: 'torch_npu 读不懂某个 CANN 或驱动的版本号（如带 .b070 之类的内部后缀），就把它当作未知版本，只影响按版本开启的可选功能；它不是报错的原因。',
			en: 'torch_npu could not parse a CANN or driver version string (an internal suffix such as .b070) and treats it as unknown; only version-gated optional features are affected, it is not the cause of a failure.',
		},
		source: `${PYTORCH}/torch_npu/csrc/core/npu/GetCANNInfo.cpp#L317`,
	},
	{
		id: 'torch-npu-load-not-zipfile',
		literals: ['since the loaded file is not a zipfile'],
		pattern:
			/since the loaded file is not a zipfile, only "torch\.device" and "str" type parameters/,
		reason: {
			zh: 'torch.load 读到的是旧的非 zip 格式文件，torch_npu 提醒此时 map_location 只支持 torch.device 和 str；按这两种写法传参即可，文件照常加载。',
			en: 'torch.load met an old, non-zip file, and torch_npu notes that map_location then accepts only torch.device or str; pass one of those and the file loads as usual.',
		},
		source: `${PYTORCH}/torch_npu/utils/serialization.py#L316`,
	},
	{
		id: 'torch-elastic-closing-signal',
		literals: ['closing signal SIG'],
		pattern: /\bSending process \d+ closing signal SIG(?:TERM|KILL|INT|HUP)\b/,
		levels: ['WARNING', 'WARN'],
		reason: {
			zh: 'torchrun（torch.distributed.elastic）发现有一个 worker 退出或失败后，会给其余还在运行的 worker 发 SIGTERM 并打这一行。这些 worker 是被停下来的，不是出错的那个；原因要看最先失败的 worker 的报错。',
			en: 'When one worker has exited or failed, torchrun (torch.distributed.elastic) sends SIGTERM to the workers still running and prints this line. Those workers are being stopped, not failing; the cause is in the error of the worker that failed first.',
		},
		source: PYTORCH_ELASTIC,
	},
	{
		id: 'progress-bar',
		literals: ['%|'],
		// The whole record is the bar: a bar with an error glued on (tqdm redraws with \r, no
		// newline) is not harmless.
		pattern:
			/^[^|]*\b\d{1,3}%\|[^|]*\|\s*\d+(?:\.\d+)?[kMG]?\/\d+(?:\.\d+)?[kMG]?\s*\[[\d:?]+<[\d:?]+[^\]]*\]$/,
		reason: {
			zh: 'tqdm 打印的进度条（加载权重分片、处理数据等），只说明程序当时进行到哪一步；报错前的最后一条进度说明失败发生在哪个阶段，它本身不是错误。',
			en: 'A tqdm progress bar (loading checkpoint shards, processing data…): it shows how far the program had got; the last one before an error tells which stage failed, but it is not an error itself.',
		},
		source: 'https://github.com/tqdm/tqdm/blob/65bc76eca0c5630a7adfffef254daf4ff7791620/README.rst',
	},
];

/**
 * A kind of record that is harmless by the level its program gave it: the program itself says
 * the line records normal operation. Applied after matching, only to records that no signature
 * or hint claims and that quote no error code, so a known failure is never hidden by its level.
 */
export interface LevelRule {
	/** Stable id (kebab-case). */
	id: string;
	/** Plain substrings one of which every such record's line contains (a cheap pre-filter). */
	literals: readonly string[];
	/** Whether the rule covers this record (its printer and stated level). */
	covers(record: LogRecord): boolean;
	reason: Localized;
	source: string;
}

const CANN_INFORMATIONAL = new Set(['INFO', 'DEBUG', 'EVENT', 'TRACE']);
const PYTHON_INFORMATIONAL = new Set(['INFO', 'DEBUG']);

/** The level rules. */
export const LEVEL_RULES: readonly LevelRule[] = [
	{
		id: 'cann-informational-level',
		literals: ['[INFO]', '[DEBUG]', '[EVENT]', '[TRACE]'],
		covers: (record) =>
			(record.kind === 'plog' || record.kind === 'device') &&
			CANN_INFORMATIONAL.has(record.level ?? ''),
		reason: {
			zh: 'CANN 日志的级别写在行首：INFO 记录系统正常运行的信息，DEBUG 是调试信息，EVENT 记录关键事件（可用 ASCEND_GLOBAL_EVENT_ENABLE 关闭）。打印它的模块并不认为这是错误；排查时看 ERROR 级别的行。',
			en: 'A CANN log line states its level at the start: INFO records normal operation, DEBUG is debugging detail, EVENT records key events (ASCEND_GLOBAL_EVENT_ENABLE turns them off). The module that printed it does not consider it an error; look at the ERROR lines.',
		},
		source: `${RUNTIME}/docs/zh/log_ref/setting_log_levels.md`,
	},
	{
		id: 'python-informational-level',
		literals: ['INFO ', 'DEBUG '],
		covers: (record) =>
			record.kind !== 'plog' &&
			record.kind !== 'device' &&
			record.kind !== 'cpu-debug' &&
			PYTHON_INFORMATIONAL.has(record.level ?? ''),
		reason: {
			zh: '这一行由 Python logging 以 INFO 或 DEBUG 级别打印（vLLM 等框架的日志格式），表示程序按预期在运行，即使措辞听起来吓人（如“等待超时”“进程退出”）。它最多说明失败发生时程序在做什么，不是失败原因。',
			en: 'Python logging printed this line at INFO or DEBUG level (the log format of vLLM and similar frameworks): the program says things are working as expected, even if the words sound alarming ("no block found in 60 seconds", "terminating worker"). At most it shows what the program was doing when something else failed.',
		},
		source: 'https://docs.python.org/3/library/logging.html#logging-levels',
	},
];
