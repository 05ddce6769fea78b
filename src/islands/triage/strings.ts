/** Interface strings of the triage page and island, in both languages (Chinese first). */
import type { Lang } from '../../cases/schema.ts';

const strings = {
	title: { zh: '日志诊断', en: 'Log triage' },
	intro: {
		zh: '粘贴一段日志（plog、Device 日志、CPU 调试输出或终端输出，torch_npu、vLLM 的前缀都可以带着），或者拖入日志文件：这里先给出诊断（最可能的根因，随后的错误），再标出与已知案例相符的报错行、每个错误码的页面，以及可以忽略的无害行。',
		en: 'Paste a log (plog, device log, CPU-debug or console output, torch_npu and vLLM prefixes included) or drop a log file: you get a diagnosis first (the likely root cause, then what followed), then the lines that match a known case, a page for every error code, and the lines that are harmless.',
	},
	privacy: {
		zh: '日志只在你的浏览器里分析，不会上传到任何服务器。',
		en: 'Your log is analysed in this browser and never leaves it.',
	},
	noscript: {
		zh: '日志诊断在浏览器里运行，需要启用 JavaScript。也可以在终端运行 npx casebook explain 日志文件。',
		en: 'Log triage runs in your browser and needs JavaScript. In a terminal you can run npx casebook explain LOGFILE instead.',
	},
	toolsHeading: { zh: '给工具和脚本', en: 'For tools and scripts' },
	toolsLink: {
		zh: '链接到本页时在地址后加 #log= 和 URL 编码的日志，打开即自动诊断；每个错误特征还有固定链接 /e/特征ID/。',
		en: 'Link here with #log= followed by the URL-encoded log and it is diagnosed on arrival; every error signature also has a permalink, /e/signature-id/.',
	},
	toolsRegistry: { zh: '全部错误特征（JSON）：', en: 'Every error signature, as JSON:' },
	toolsCli: { zh: '在终端里：', en: 'In a terminal:' },
	logLabel: { zh: '日志', en: 'Log' },
	logPlaceholder: {
		zh: '在此粘贴日志，或把日志文件拖到这里',
		en: 'Paste a log here, or drop a log file here',
	},
	fileLabel: { zh: '选择日志文件', en: 'Choose a log file' },
	run: { zh: '诊断', en: 'Diagnose' },
	clear: { zh: '清空', en: 'Clear' },
	usingFile: { zh: '正在使用文件', en: 'Using file' },
	running: { zh: '正在分析…', en: 'Analysing…' },
	failed: { zh: '分析失败：', en: 'Analysis failed: ' },
	resultsHeading: { zh: '诊断结果', en: 'Results' },
	diagnosisHeading: { zh: '诊断', en: 'Diagnosis' },
	rootLabel: { zh: '最可能的根因：', en: 'Likely root cause:' },
	thenLabel: {
		zh: '随后的错误（多半由上面的问题引起，或是同一故障在上层的报告）：',
		en: 'Then (most often caused by the above, or the same failure reported further up):',
	},
	nothingFound: {
		zh: '日志里没有找到已知案例，也没有可识别的错误码。',
		en: 'No known case and no recognised error code in this log.',
	},
	harmlessHeading: { zh: '无害的行（不是问题所在）', en: 'Harmless lines (not the problem)' },
	source: { zh: '来源', en: 'source' },
	raisedBy: { zh: '报错的调用：', en: 'raised by' },
	sameError: { zh: '同一错误的其他码', en: 'other codes of the same error' },
	codesOfCase: { zh: '涉及的错误码', en: 'codes' },
	codesUnavailable: {
		zh: '错误码索引没有加载成功，下面只列出案例匹配；错误码的含义请查看错误码页面。',
		en: 'The error-code index could not be loaded, so only case matches are shown; see the code pages for what codes mean.',
	},
	matchesHeading: { zh: '相符的案例', en: 'Matching cases' },
	hintsHeading: {
		zh: '可能相关（与案例相符，但不足以确定原因）',
		en: 'Possibly related (fits the case but does not prove it)',
	},
	notesHeading: { zh: '日志中的错误码', en: 'Error codes in the log' },
	vetoesHeading: { zh: '排除的案例', en: 'Ruled out' },
	logHeading: { zh: '日志中的相关行', en: 'Lines of interest' },
	noMatch: {
		zh: '没有找到与已知案例相符的报错。',
		en: 'No known case matches this log.',
	},
	signature: { zh: '特征', en: 'Signature' },
	permalink: { zh: '固定链接', en: 'Permalink' },
	lines: { zh: '行', en: 'Lines' },
	relatedCase: { zh: '相关案例', en: 'Related case' },
	gap: { zh: '省略 {n} 行', en: '{n} lines skipped' },
	vetoedBecause: {
		zh: '第 {lines} 行符合排除条件',
		en: 'line {lines} matches an exclusion',
	},
	summary: {
		zh: '共 {lines} 行，匹配 {matches} 个特征，用时 {ms} 毫秒。',
		en: '{lines} lines, {matches} signature(s) matched, in {ms} ms.',
	},
} as const satisfies Record<string, Record<Lang, string>>;

/** A key of the triage strings. */
export type TriageStringKey = keyof typeof strings;

/** The strings of one language, with `{name}` placeholders filled by {@link fill}. */
export function triageStrings(lang: Lang): Record<TriageStringKey, string> {
	return Object.fromEntries(
		Object.entries(strings).map(([key, value]) => [key, value[lang]]),
	) as Record<TriageStringKey, string>;
}

/** Fills `{name}` placeholders (the same filler as the diagnostic catalogs). */
export { fillTemplate as fill } from '../../diagnostics/template.ts';
