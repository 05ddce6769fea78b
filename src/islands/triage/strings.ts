/** Interface strings of the triage page and island, in both languages (Chinese first). */
import type { Lang } from '../../cases/schema.ts';

const strings = {
	title: { zh: '日志诊断', en: 'Log triage' },
	intro: {
		zh: '粘贴一段日志（plog、Device 日志、CPU 调试输出或终端输出），或者拖入日志文件，这里会找出与已知案例相符的报错行，并链接到对应的案例。',
		en: 'Paste a log (plog, device log, CPU-debug or console output) or drop a log file: the lines that match a known case are marked and linked to the case.',
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
