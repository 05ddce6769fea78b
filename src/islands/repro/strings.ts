/**
 * Every string the reproduction widget shows or names a control with, in both languages.
 * Accessible names follow design.md ("Accessible names"); the browser tests look controls up by
 * these exact strings.
 */
import type { Lang } from '../../cases/schema.ts';
import type { Outcome } from '../../sim/trace.ts';

const strings = {
	widget: { zh: '复现', en: 'Reproduction' },
	run: { zh: '运行', en: 'Run' },
	running: { zh: '运行中…', en: 'Running…' },
	step: { zh: '单步', en: 'Step' },
	play: { zh: '逐步播放', en: 'Play steps' },
	pause: { zh: '暂停', en: 'Pause' },
	reset: { zh: '重置', en: 'Reset' },
	speed: { zh: '速度', en: 'Speed' },
	speedSlow: { zh: '慢', en: 'Slow' },
	speedMedium: { zh: '中', en: 'Medium' },
	speedFast: { zh: '快', en: 'Fast' },
	variant: { zh: '程序', en: 'Program' },
	faulty: { zh: '有问题的代码', en: 'Faulty' },
	fixed: { zh: '修复后', en: 'Fixed' },
	product: { zh: '产品', en: 'Product' },
	mode: { zh: '模式', en: 'Mode' },
	scenario: { zh: '场景', en: 'Scenario' },
	code: { zh: '代码', en: 'Code' },
	codeLoading: { zh: '编辑器加载中…', en: 'Loading the editor…' },
	log: { zh: '日志', en: 'Log' },
	logEmpty: { zh: '（没有输出）', en: '(no output)' },
	recorded: {
		zh: '有问题的代码的运行记录（构建时录制）',
		en: 'Recorded run of the faulty code (at build time)',
	},
	recordedUnavailable: {
		zh: '尚无录制的输出：模拟器在构建时不可用。',
		en: 'No recorded output: the simulator was not available at build time.',
	},
	noScript: {
		zh: '启用 JavaScript 后可在此编辑并运行代码。',
		en: 'Enable JavaScript to edit and run the code here.',
	},
	share: { zh: '复制分享链接', en: 'Copy share link' },
	shareCopied: {
		zh: '分享链接已复制到剪贴板，也已写入地址栏。',
		en: 'Share link copied and put in the address bar.',
	},
	shareInAddressBar: { zh: '分享链接已写入地址栏。', en: 'Share link put in the address bar.' },
	shareRestored: { zh: '已从分享链接恢复状态。', en: 'State restored from the share link.' },
	shareTooLong: {
		zh: '程序太长，无法放进分享链接（最多 {limit} 个字符）。',
		en: 'The program is too long for a share link (at most {limit} characters).',
	},
	pasteTooLarge: {
		zh: '这次修改会让程序达到 {size} 个字符，演练场最多接受 {limit} 个字符，因此没有应用。更大的程序请在命令行用 casebook sim 运行。',
		en: 'That change would make the program {size} characters long; the playground takes up to {limit}, so it was not applied. Run larger programs with casebook sim on the command line.',
	},
	actions: { zh: '操作', en: 'Actions' },
	actionsHint: {
		zh: '操作会追加在当前虚拟时间点，然后从头重新运行，每次结果完全相同。',
		en: 'Actions are appended at the current virtual time and the run is replayed deterministically.',
	},
	actionSigint: { zh: 'kill -2（SIGINT）', en: 'kill -2 (SIGINT)' },
	actionSigterm: { zh: '发送 SIGTERM', en: 'Send SIGTERM' },
	actionSigsegv: { zh: '发送 SIGSEGV', en: 'Send SIGSEGV' },
	actionSuspend: { zh: '请求休眠', en: 'Suspend' },
	actionRunAgain: { zh: '再次运行', en: 'Run again' },
	actionWait: { zh: '等待 1 秒', en: 'Wait 1 s' },
	actionNpuSmi: { zh: 'npu-smi info', en: 'npu-smi info' },
	npuSmiAt: {
		zh: 'npu-smi info（虚拟时间 {ms} ms）',
		en: 'npu-smi info (at {ms} ms of virtual time)',
	},
	actionClear: { zh: '清除追加的操作', en: 'Clear added actions' },
	actionList: { zh: '操作序列', en: 'Action sequence' },
	status: { zh: '状态', en: 'Status' },
	idle: { zh: '尚未运行。', en: 'Not run yet.' },
	stepOf: { zh: '第 {n} / {total} 步', en: 'Step {n} of {total}' },
	stepsTruncated: {
		zh: '步骤过多，只保留了前 {n} 步；运行本身是完整的。',
		en: 'Too many steps: only the first {n} were kept; the run itself was complete.',
	},
	watchdog: {
		zh: '模拟在 {s} 秒内没有结束，已被终止：{cause}。{advice}',
		en: 'The simulation did not finish within {s} s and was stopped: {cause}. {advice}',
	},
	logDropped: {
		zh: '…… 中间省略了 {n} 行（模拟器只保留开头和结尾的日志）……',
		en: '… {n} lines in between were not kept (the simulator keeps the start and the end of a long log) …',
	},
	logHidden: { zh: '…… 此处未显示 {n} 行 ……', en: '… {n} lines not shown here …' },
	lineCut: { zh: '……（另有 {n} 个字符未保留）', en: '… ({n} more characters not kept)' },
	leaksDropped: { zh: '另有 {n} 项未列出。', en: '{n} more are not listed.' },
	workerFailed: {
		zh: '模拟器内部错误：{message}',
		en: 'Internal simulator error: {message}',
	},
	simLoadFailed: {
		zh: '模拟器加载失败：{message}',
		en: 'The simulator failed to load: {message}',
	},
	badShare: {
		zh: '无法读取分享链接（{reason}），已载入默认场景。',
		en: 'The share link could not be read ({reason}); the default scenario was loaded.',
	},
	diagnostics: { zh: '诊断', en: 'Diagnostics' },
	lineColumn: { zh: '第 {line} 行第 {column} 列', en: 'line {line}, column {column}' },
	openCase: { zh: '查看案例：{case}', en: 'Open the case: {case}' },
	openErrorCode: { zh: '错误码 {code}', en: 'Error code {code}' },
	aboutDiagnostic: { zh: '这条诊断的说明', en: 'About this diagnostic' },
	aboutCode: { zh: '诊断代码 {code} 的说明', en: 'About the diagnostic code {code}' },
	bufferMap: { zh: '缓冲区分布（按 TPosition）', en: 'Buffer map (per TPosition)' },
	bufferLimit: { zh: '上限 {n}', en: 'limit {n}' },
	bufferNone: { zh: '这一步还没有分配缓冲区。', en: 'No buffers allocated at this step.' },
	metrics: { zh: '资源曲线', en: 'Resource metrics' },
	metricsTable: { zh: '资源曲线数据表', en: 'Resource metrics as a table' },
	metricName: { zh: '指标', en: 'Metric' },
	metricStart: { zh: '开始', en: 'Start' },
	metricPeak: { zh: '峰值', en: 'Peak' },
	metricEnd: { zh: '结束', en: 'End' },
	metricLimit: { zh: '上限', en: 'Limit' },
	metricsNone: { zh: '这次运行没有记录资源曲线。', en: 'This run recorded no metrics.' },
	timeline: { zh: '进程与流时间线', en: 'Process and stream timeline' },
	timelineActor: { zh: '参与者', en: 'Actor' },
	timelineEvents: { zh: '事件', en: 'Events' },
	timelineMoreStreams: { zh: '另有 {n} 个流', en: '{n} more streams' },
	pipeTimeline: { zh: '核内流水线时间线', en: 'Pipe timeline of a core' },
	pipeCore: { zh: '选择核', en: 'Core' },
	pipeNote: {
		zh: '每条横道是所选核的一条硬件流水线；时间为示意值（纳秒），只用来看先后与重叠。',
		en: 'Each lane is one hardware pipe of the selected core; times are illustrative (ns) and show only order and overlap.',
	},
	pipeEvents: { zh: '流水线上的指令与同步', en: 'Instructions and syncs on the pipes' },
	pipeRacing: {
		zh: '与另一条流水线同时访问相同字节',
		en: 'overlaps another pipe on the same bytes',
	},
	pipeSet: { zh: '置位 {event}', en: 'sets {event}' },
	pipeWait: { zh: '等待 {event}', en: 'waits for {event}' },
	pipeWaitUnset: {
		zh: '等待 {event}（从未置位，会一直等下去）',
		en: 'waits for {event} (never set: waits for ever)',
	},
	pipeBarrier: { zh: '屏障', en: 'barrier' },
	pipeDropped: { zh: '另有 {n} 项未列出', en: '{n} more not listed' },
	ranks: { zh: 'rank 数', en: 'Ranks' },
	ranksView: { zh: '各 rank 的集合通信', en: 'Collectives on each rank' },
	ranksLane: { zh: 'rank {rank}（设备 {device}）', en: 'rank {rank} (device {device})' },
	ranksProblems: {
		zh: '没有在所有 rank 上完成的集合通信',
		en: 'Collectives that did not complete on every rank',
	},
	ranksAllDone: {
		zh: '每个集合通信都在所有 rank 上完成了。',
		en: 'Every collective completed on every rank.',
	},
	ranksMissing: {
		zh: '第 {index} 个任务 {op}：rank {ranks} 没有下发，其他 rank 等了 {seconds} 秒',
		en: 'Task {index}, {op}: rank {ranks} never issued it; the others waited {seconds} s',
	},
	ranksDiverged: {
		zh: '第 {index} 个任务 {op}：rank {ranks} 下发的算子或数据量与其他 rank 不同',
		en: 'Task {index}, {op}: rank {ranks} issued another operation or size than the others',
	},
	ranksWaiting: {
		zh: '第 {index} 个任务 {op}：rank {ranks} 等了 {seconds} 秒仍未完成',
		en: 'Task {index}, {op}: rank {ranks} waited {seconds} s and it never completed',
	},
	rankState_done: { zh: '完成', en: 'completed' },
	'rankState_timed-out': { zh: '等待超时', en: 'timed out waiting' },
	rankState_waiting: { zh: '一直在等', en: 'still waiting' },
	rankState_missing: { zh: '缺席：没有下发', en: 'missing: never issued' },
	rankState_diverged: { zh: '参数不一致', en: 'different arguments' },
	leaks: { zh: '退出时的泄漏报告', en: 'Leak report at exit' },
	leaksNone: { zh: '退出时没有未释放的资源。', en: 'Nothing was left allocated at exit.' },
	machineState: { zh: '当前步的机器状态', en: 'Machine state at this step' },
	time: { zh: '虚拟时间', en: 'Virtual time' },
	illustrative: { zh: '示意值', en: 'illustrative' },
	resources: { zh: '资源峰值', en: 'Resource peaks' },
	resourcesTable: {
		zh: '每种资源的峰值、上限和出现位置',
		en: 'Each resource’s peak, limit and where it happened',
	},
	resourceName: { zh: '资源', en: 'Resource' },
	resourcePeak: { zh: '峰值', en: 'Peak' },
	resourceLimit: { zh: '上限', en: 'Limit' },
	resourceWhere: { zh: '位置', en: 'Where' },
	resourceAt: { zh: '峰值在{line}', en: 'peak at {line}' },
	resourceOver: { zh: '从{line}起超出上限', en: 'over the limit from {line}' },
	resourceRefusedCount: {
		zh: '{line}申请第 {value} 个时被拒绝',
		en: 'number {value} refused at {line}',
	},
	resourceRefusedBytes: {
		zh: '{line}申请到 {value} 时被拒绝',
		en: 'a request for {value} refused at {line}',
	},
	resourceCore: { zh: '核 {n}', en: 'core {n}' },
	resourceLine: { zh: '第 {line} 行', en: 'line {line}' },
	resourcesNone: {
		zh: '这次运行没有占用需要计数的资源。',
		en: 'This run held none of the counted resources.',
	},
	checkAll: { zh: '检查所有产品', en: 'Check all products' },
	checkHeading: { zh: '所有产品与模式上的结果', en: 'Results on every product and mode' },
	checkHint: {
		zh: '在每个产品、每种模式下运行当前代码；选择一个格子即切换到该产品和模式并运行。',
		en: 'Runs the current code on every product in every mode; choose a cell to switch to that product and mode and run it.',
	},
	checkRunning: { zh: '正在检查：已完成 {done} / {total}', en: 'Checking: {done} of {total} done' },
	checkFailed: {
		zh: '检查完成：{total} 次运行中有 {failed} 次失败。',
		en: 'Check done: {failed} of {total} runs failed.',
	},
	checkClean: {
		zh: '检查完成：{total} 次运行全部完成。',
		en: 'Check done: all {total} runs completed.',
	},
	checkStale: {
		zh: '代码或操作已改动，下面是改动前的结果。',
		en: 'The code or the actions changed; these results are for the earlier version.',
	},
	checkCellName: { zh: '{text}（{product}，{mode}）', en: '{text} ({product}, {mode})' },
	checkRuleAt: { zh: '{code} 第 {line} 行', en: '{code} line {line}' },
	checkHeadroom: { zh: '资源余量', en: 'Headroom' },
	checkHeadroomMore: {
		zh: '其余 {n} 项资源（都不到上限的一半）',
		en: '{n} more resources, each under half its limit',
	},
	failsHere: { zh: '（当前代码在此失败）', en: ' (current code fails)' },
	budgetStopped: {
		zh: '已被步数上限终止：程序可能陷入了死循环',
		en: 'Stopped by the step budget: the program may loop forever',
	},
	stoppedMemory: {
		zh: '已被内存预算终止：程序写入的数据超过了上限',
		en: 'Stopped by the memory budget: the program wrote more data than it allows',
	},
	stoppedDepth: {
		zh: '已在调用深度上限处终止：函数调用嵌套太深',
		en: 'Stopped at the call-depth limit: calls nested too deep',
	},
	stoppedStack: {
		zh: '已终止：解释器的栈空间耗尽',
		en: 'Stopped: the interpreter ran out of stack',
	},
	stoppedTime: {
		zh: '运行时间过长，已被停止（原因见诊断）',
		en: 'Stopped: the run took too long (the diagnostics say why)',
	},
	stoppedSource: { zh: '未运行：程序太大', en: 'Not run: the program is too large' },
	stoppedNesting: { zh: '未运行：程序嵌套太深', en: 'Not run: the program is nested too deeply' },
	stoppedMacro: { zh: '未运行：宏展开得太多', en: 'Not run: its macros expand too much' },
	outcome_completed: { zh: '运行完成', en: 'Completed' },
	outcome_error: { zh: '接口返回了错误码', en: 'An API returned an error code' },
	outcome_hang: {
		zh: '挂死：核一直在等待永远得不到的资源（Host 侧超时）',
		en: 'Hang: the core waits forever (the host times out)',
	},
	outcome_abort: { zh: '中止：检查失败，SIGABRT', en: 'Aborted: a check failed, SIGABRT' },
	outcome_rejected: { zh: '无法解释执行这段代码', en: 'The program could not be run' },
	defines: { zh: '宏定义（-D/-U）', en: 'Defines (-D/-U)' },
	definesBad: {
		zh: '宏定义里有无法识别的项：{items}。请写成 NAME、NAME=VALUE 或 -UNAME，用空格分隔。',
		en: 'The defines hold items that are not macros: {items}. Write NAME, NAME=VALUE or -UNAME, separated by spaces.',
	},
	data: { zh: '数据', en: 'Data' },
	dataHint: {
		zh: '没有 main 的核函数在运行时，GM 参数按名字读取这里加载的文件（原始小端字节，同 casebook sim --input），其余参数按下面的方式填充。',
		en: 'When a kernel without main runs, its GM parameters take the files loaded here by name (raw little-endian bytes, as casebook sim --input reads them); the others are filled as chosen below.',
	},
	dataFill: { zh: '输入填充', en: 'Input fill' },
	dataFillRamp: { zh: '递增（ramp）', en: 'Ramp' },
	dataFillZeros: { zh: '全零', en: 'Zeros' },
	dataFillRandom: { zh: '随机（指定种子）', en: 'Random (seeded)' },
	dataSeed: { zh: '随机种子', en: 'Seed' },
	dataParam: { zh: '参数名', en: 'Parameter name' },
	dataInputFile: { zh: '输入文件', en: 'Input file' },
	dataInputs: { zh: '已加载的输入', en: 'Loaded inputs' },
	dataRemove: { zh: '移除 {name}', en: 'Remove {name}' },
	dataNeedParam: {
		zh: '先填写参数名，再选择文件。',
		en: 'Enter the parameter name first, then choose the file.',
	},
	dataFileTooLarge: {
		zh: '文件 {file} 有 {bytes} 字节，超过上限 {limit} 字节，未加载。',
		en: 'File {file} has {bytes} bytes, over the limit of {limit}; not loaded.',
	},
	dataShow: { zh: '查看第 {step} 步的数据', en: 'Show data at step {step}' },
	dataShowEnd: { zh: '查看运行结束时的数据', en: 'Show data at the end of the run' },
	dataAt: { zh: '第 {step} 步之后的内存', en: 'Memory after step {step}' },
	dataNone: { zh: '这次运行没有可查看的张量。', en: 'This run has no tensors to show.' },
	dataTensor: { zh: '张量', en: 'Tensor' },
	dataDtype: { zh: '元素类型', en: 'Element type' },
	dataFrom: { zh: '起始下标', en: 'From index' },
	dataIndex: { zh: '下标', en: 'Index' },
	dataValue: { zh: '值', en: 'Value' },
	dataTable: {
		zh: '{tensor} 的元素 {from}–{to}（共 {total} 个）',
		en: 'Elements {from}–{to} of {tensor} ({total} in all)',
	},
	dataHeat: {
		zh: '{tensor} 前 {n} 个元素的热力图，最小 {min}，最大 {max}',
		en: 'Heat map of the first {n} elements of {tensor}, from {min} to {max}',
	},
	dataExpected: { zh: '期望数据文件', en: 'Expected data file' },
	dataTolerance: { zh: '容差（相对/绝对）', en: 'Tolerance (relative/absolute)' },
	dataMatch: {
		zh: '{n} 个元素与期望数据完全一致。',
		en: 'All {n} elements match the expected data.',
	},
	dataMismatch: {
		zh: '第一个不一致的位置：下标 {index}，实际 {actual}，期望 {expected}（共 {count} / {n} 个不一致）',
		en: 'first mismatch at index {index}: {actual} vs {expected} ({count} of {n} differ)',
	},
	dataPartial: {
		zh: '期望文件的长度不是元素大小的整数倍，末尾多出的字节未比较。',
		en: 'The expected file is not a whole number of elements; the trailing bytes were not compared.',
	},
	dataLonger: {
		zh: '期望文件比张量长，只比较了张量里有的元素。',
		en: 'The expected file is longer than the tensor; only the tensor’s elements were compared.',
	},
	badShare_too_long: { zh: '链接过长', en: 'the link is too long' },
	badShare_bad_base64: { zh: '不是合法的 base64url', en: 'not valid base64url' },
	badShare_bad_deflate: { zh: '解压失败', en: 'it does not decompress' },
	badShare_too_large: { zh: '解压后过大', en: 'it is too large once decompressed' },
	badShare_bad_json: { zh: '不是合法的 JSON', en: 'not valid JSON' },
	badShare_bad_shape: { zh: '内容格式不对', en: 'its content has the wrong shape' },
	files: { zh: '程序文件', en: 'Program files' },
	fileName: { zh: '文件名', en: 'File name' },
	fileAdd: { zh: '添加文件', en: 'Add file' },
	fileRename: { zh: '重命名文件', en: 'Rename file' },
	fileDelete: { zh: '删除文件', en: 'Delete file' },
	fileEdited: { zh: '（已修改）', en: '(edited)' },
	filesHint: {
		zh: '可以添加头文件（.h）、其他源文件（.cpp、.asc）和程序读取的文本数据文件；#include "x.h" 会在这里查找。第一个文件不能重命名或删除。',
		en: 'Add headers (.h), further source files (.cpp, .asc) and text data files the program reads; #include "x.h" looks here. The first file cannot be renamed or deleted.',
	},
	fileProblem_empty: { zh: '请先输入文件名。', en: 'Type a file name first.' },
	fileProblem_invalid: {
		zh: '文件名只能包含字母、数字、_、-、. 和表示文件夹的 /，不能包含 ..，最长 100 个字符。',
		en: 'A file name may hold letters, digits, _, -, . and / between folders, no .., at most 100 characters.',
	},
	fileProblem_taken: { zh: '已有同名文件。', en: 'A file with that name exists.' },
	fileProblem_too_many: {
		zh: '一个程序最多 16 个文件。',
		en: 'A program has at most 16 files.',
	},
	badShare_unknown_scenario: { zh: '场景不存在', en: 'no such scenario' },
} as const satisfies Record<string, Record<Lang, string>>;

/** A key of the widget's string table. */
export type StringKey = keyof typeof strings;

/** The widget's strings in one language. */
export type Strings = { readonly [K in StringKey]: string };

/** All strings in `lang`. */
export function stringsFor(lang: Lang): Strings {
	const out = {} as Record<StringKey, string>;
	for (const key of Object.keys(strings) as StringKey[]) out[key] = strings[key][lang];
	return out;
}

/** Fills `{name}` placeholders of a string (the same filler as the diagnostic catalogs). */
export { fillTemplate as format } from '../../diagnostics/template.ts';

/** The status sentence of each diagnostic that means a limit stopped the run. */
export const LIMIT_STOP_TEXT: Readonly<Record<string, StringKey>> = {
	'steps-exhausted': 'budgetStopped',
	'memory-budget-exceeded': 'stoppedMemory',
	'memory-budget-objects': 'stoppedMemory',
	'recursion-too-deep': 'stoppedDepth',
	'stack-exhausted': 'stoppedStack',
	'run-interrupted': 'stoppedTime',
	'source-too-large': 'stoppedSource',
	'nesting-too-deep': 'stoppedNesting',
	'macro-expansion-too-large': 'stoppedMacro',
};

/** The status sentence for a run outcome. */
export function outcomeText(t: Strings, outcome: Outcome): string {
	return t[`outcome_${outcome}`];
}
