/** Interface strings of the error-code pages (`/{lang}/codes/` and `/{lang}/codes/{CODE}/`). */
import type { Lang } from '../i18n/lang.ts';

const strings = {
	navCodes: { zh: '错误码', en: 'Error codes' },
	indexTitle: { zh: '错误码索引', en: 'Error code index' },
	indexIntro: {
		zh: 'CANN 的每个错误码都有一页：aclError 返回码、屏显错误码（EE1023、EZ9999…）、Runtime 内部码（0x7020023…）、任务调度器、Driver 和 HCCL 的返回值。官方原文逐字引用并注明出处；标记为“已详解”的错误码另有我们写的含义、可能原因、排查顺序和处理方法。',
		en: 'Every CANN error code has a page: aclError return codes, screen codes (EE1023, EZ9999…), runtime internal codes (0x7020023…), and the task scheduler, driver and HCCL return values. Official text is quoted verbatim with its source; codes marked “explained” also have our own account of the meaning, likely causes, what to check first and what to do.',
	},
	indexCounts: {
		zh: '共 {total} 个错误码，分属 {families} 类；其中 {explained} 个已详解。',
		en: '{total} codes in {families} families; {explained} of them explained in full.',
	},
	filtersHeading: { zh: '筛选', en: 'Filter' },
	filterFamily: { zh: '类别', en: 'Family' },
	filterModule: { zh: '模块', en: 'Module' },
	filterExplained: { zh: '只看已详解的', en: 'Explained only' },
	filterAll: { zh: '全部', en: 'All' },
	filterShown: { zh: '显示 {n} 个错误码', en: '{n} codes shown' },
	filterNone: { zh: '没有符合筛选条件的错误码。', en: 'No code matches these filters.' },
	lookupLabel: { zh: '按错误码查找', en: 'Look up a code' },
	lookupFormLabel: { zh: '错误码查找', en: 'Code finder' },
	lookupPlaceholder: {
		zh: '如 507035、EE1023、0x7020023、117571619',
		en: 'e.g. 507035, EE1023, 0x7020023, 117571619',
	},
	lookupButton: { zh: '打开', en: 'Open' },
	lookupMissing: {
		zh: '索引里没有“{q}”。可以换一种写法，或用站内搜索。',
		en: 'No code “{q}” in the index. Try another spelling or the site search.',
	},
	colCode: { zh: '错误码', en: 'Code' },
	colName: { zh: '名称', en: 'Name' },
	colMeaning: { zh: '含义', en: 'Meaning' },
	explainedMark: { zh: '已详解', en: 'explained' },
	notExplained: { zh: '尚未详解', en: 'not yet explained' },
	notExplainedNote: {
		zh: '这个错误码还没有详细解读。下面是官方资料的原文、所属类别和相关错误码。',
		en: 'This code is not explained in full yet. Below are the official text, its family and the codes it is tied to.',
	},
	otherLanguageNote: {
		zh: '这个错误码的解读还没有中文版，下面是英文原文。',
		en: 'This explanation has no English version yet; the Chinese original follows.',
	},
	metaFamily: { zh: '类别', en: 'Family' },
	metaModule: { zh: '模块', en: 'Module' },
	metaCategory: { zh: '分类', en: 'Category' },
	metaClass: { zh: '官方分组', en: 'Official class' },
	metaCann: { zh: '出现的 CANN 版本', en: 'CANN versions' },
	metaCannValue: {
		zh: '{from} – {to}（按来源文件的提交历史；该仓库的历史从 8.5.0 开始）',
		en: '{from} – {to} (from the history of the source file; that history starts at 8.5.0)',
	},
	metaSpellings: { zh: '其他写法', en: 'Also written' },
	metaMaps: { zh: '对外返回码', en: 'Public code' },
	metaDesc: { zh: 'plog 中的 desc', en: 'desc printed in plog' },
	official: { zh: '官方说明（原文）', en: 'Official text (verbatim)' },
	template: { zh: '报错模板', en: 'Message template' },
	placeholders: { zh: '占位符', en: 'Placeholders' },
	examples: { zh: '官方示例', en: 'Official examples' },
	officialMeaning: { zh: '含义', en: 'Meaning' },
	officialCause: { zh: '可能原因', en: 'Possible cause' },
	officialSolution: { zh: '解决方法', en: 'Solution' },
	officialComment: { zh: '头文件注释', en: 'Header comment' },
	officialTorch: {
		zh: 'torch_npu 的提示（[Error]: 之后）',
		en: 'torch_npu message (after [Error]:)',
	},
	deprecated: { zh: '废弃说明', en: 'Deprecation note' },
	inOtherLanguage: { zh: '（英文原文）', en: '(in Chinese in the source)' },
	related: { zh: '相关错误码', en: 'Related codes' },
	seenTogether: { zh: '真实日志中一同出现', en: 'Seen together in real logs' },
	cases: { zh: '讲解这个错误码的案例', en: 'Cases that explain it' },
	reproduce: { zh: '在模拟器里复现', en: 'Reproduce it in the simulator' },
	reproduceIntro: {
		zh: '下面的程序在模拟器里会得到这个错误码（测试逐一验证）。点击链接在演练场打开并运行。',
		en: 'This program makes the simulator produce the code (a test checks it). Follow the link to open and run it in the playground.',
	},
	reproduceLink: { zh: '在演练场运行 {file}', en: 'Run {file} in the playground' },
	reproduceFile: { zh: '程序 {file}', en: 'Program {file}' },
	reproduceMachine: { zh: '运行条件：', en: 'Run with: ' },
	machineCann: { zh: 'CANN {value}', en: 'CANN {value}' },
	machineRanks: { zh: '{value} 个 rank', en: '{value} ranks' },
	machineDevices: { zh: '服务器上 {value} 张卡', en: '{value} cards in the server' },
	machineEnv: { zh: '环境变量 {value}', en: 'environment {value}' },
	machineUnusable: {
		zh: '{value} 号卡无法打开（未映射进容器或故障）',
		en: 'card {value} cannot be opened (not mapped into the container, or faulty)',
	},
	machineActions: { zh: '操作 {value}', en: 'actions {value}' },
	reproduceOnlyHere: {
		zh: '演练场的分享链接带不上这些条件，请用 casebook sim 或测试运行。',
		en: 'A playground link cannot carry these settings; run it with casebook sim or the test.',
	},
	reproduceSource: { zh: '查看程序', en: 'Show the program' },
	sources: { zh: '来源', en: 'Sources' },
	backToIndex: { zh: '返回错误码索引', en: 'Back to the code index' },
	explanationSources: { zh: '解读参考的公开资料', en: 'Public pages this explanation draws on' },
} as const satisfies Record<string, Record<Lang, string>>;

/** A key of the code-page strings. */
export type CodeStringKey = keyof typeof strings;

/** The string `key` in `lang`, with `{name}` placeholders filled from `values`. */
export function codeText(
	lang: Lang,
	key: CodeStringKey,
	values: Record<string, string | number> = {},
): string {
	return strings[key][lang].replace(/\{(\w+)\}/g, (_, name: string) =>
		String(values[name] ?? `{${name}}`),
	);
}
