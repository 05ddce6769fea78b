/**
 * Interface strings of the site chrome, in both languages. Case text lives in the case files;
 * island strings live beside their island.
 */
import type { Lang } from './lang.ts';

const strings = {
	siteName: { zh: '昇腾案例集', en: 'Ascend Casebook' },
	tagline: {
		zh: '昇腾 CANN 开发者的故障案例库：看现象、查根因、照着修，并在浏览器里亲手复现。',
		en: 'Troubleshooting cases for Ascend CANN developers: symptom, root cause and fix, each reproducible in your browser.',
	},
	skipLink: { zh: '跳到正文', en: 'Skip to content' },
	navCases: { zh: '案例', en: 'Cases' },
	navTriage: { zh: '日志诊断', en: 'Log triage' },
	navPlayground: { zh: '演练场', en: 'Playground' },
	navDiagnostics: { zh: '诊断代码', en: 'Diagnostic codes' },
	navApi: { zh: 'API 参考', en: 'API reference' },
	mainNav: { zh: '主导航', en: 'Main' },
	searchLabel: { zh: '搜索案例', en: 'Search cases' },
	siteSearch: { zh: '站内搜索', en: 'Site search' },
	searchPlaceholder: { zh: '报错信息、错误码、接口名…', en: 'Error text, code or API…' },
	searchButton: { zh: '搜索', en: 'Search' },
	searchResults: { zh: '搜索结果', en: 'Search results' },
	searchNone: { zh: '没有找到匹配的案例。', en: 'No matching case.' },
	searchLoading: { zh: '正在搜索…', en: 'Searching…' },
	searchFailed: {
		zh: '搜索索引加载失败，请刷新后重试。',
		en: 'The search index failed to load; reload and try again.',
	},
	themeLabel: { zh: '配色', en: 'Theme' },
	themeSystem: { zh: '跟随系统', en: 'System' },
	themeLight: { zh: '浅色', en: 'Light' },
	themeDark: { zh: '深色', en: 'Dark' },
	langSwitch: { zh: '切换语言', en: 'Change language' },
	footer: {
		zh: '内容依据公开的昇腾文档整理，日志与错误码原文引用并注明出处。模拟器是教学用模型，不代替真实设备。',
		en: 'Written from public Ascend documentation; log lines and error codes are quoted verbatim with their sources. The simulator is a teaching model, not a real device.',
	},
	homeHeading: { zh: '按组件浏览案例', en: 'Cases by component' },
	filterProduct: { zh: '产品', en: 'Product' },
	filterComponent: { zh: '组件', en: 'Component' },
	filterAll: { zh: '全部', en: 'All' },
	allProducts: { zh: '全部产品', en: 'All products' },
	filterNone: { zh: '没有符合筛选条件的案例。', en: 'No case matches these filters.' },
	filtersHeading: { zh: '筛选', en: 'Filters' },
	caseCount: { zh: '个案例', en: 'cases' },
	toc: { zh: '本页内容', en: 'On this page' },
	metaComponent: { zh: '组件', en: 'Component' },
	metaProducts: { zh: '涉及产品', en: 'Products' },
	metaApis: { zh: '相关接口', en: 'APIs' },
	metaCann: { zh: 'CANN 版本差异', en: 'CANN versions' },
	sources: { zh: '参考来源', en: 'Sources' },
	related: { zh: '相关案例', en: 'Related cases' },
	signatures: { zh: '错误特征', en: 'Error signatures' },
	permalink: { zh: '固定链接', en: 'Permalink' },
	missingTranslation: {
		zh: '这个案例还没有中文版，下面是英文原文。',
		en: 'This case has no English version yet; the Chinese original follows.',
	},
	readOther: { zh: '阅读英文版', en: 'Read in Chinese' },
	faulty: { zh: '有问题的代码', en: 'Faulty' },
	fixed: { zh: '修复后', en: 'Fixed' },
	diffCaption: { zh: '修复前后对比', en: 'Before and after the fix' },
	feedTitle: { zh: '新增与更新的案例', en: 'New and updated cases' },
	feedLink: { zh: 'RSS 订阅', en: 'RSS feed' },
	metaDates: { zh: '收录与核实', en: 'Added and verified' },
	addedOn: { zh: '收录于', en: 'Added' },
	verifiedOn: { zh: '最后核实于', en: 'last verified' },
	pageActions: { zh: '改进这个页面', en: 'Improve this page' },
	editPage: { zh: '编辑此页', en: 'Edit this page' },
	reportProblem: { zh: '报告问题', en: 'Report a problem' },
	pageActionsHint: {
		zh: '发现内容有误或已过时？可以直接修改源文件，或提交问题（会附上本页地址；改过复现代码的话，也会附上复现链接）。',
		en: 'Found something wrong or out of date? Edit the source file, or open an issue (it carries this page’s address and, if you changed the reproduction, a link to it).',
	},
	reportOnlyHint: {
		zh: '模拟器的表现和真实设备不一致？请提交问题（会附上本页地址；改过代码的话，也会附上复现链接）。',
		en: 'Does the simulator behave differently from a real device? Open an issue (it carries this page’s address and, if you changed the program, a link to it).',
	},
	notFoundTitle: { zh: '页面不存在', en: 'Page not found' },
	notFoundBody: {
		zh: '这个地址没有对应的页面。可以回到案例列表，或者用上方的搜索框查找报错信息。',
		en: 'Nothing lives at this address. Go back to the case list, or search for your error message above.',
	},
} as const satisfies Record<string, Record<Lang, string>>;

/** A key of the interface strings. */
export type UiKey = keyof typeof strings;

/** The interface string `key` in `lang`. */
export function t(lang: Lang, key: UiKey): string {
	return strings[key][lang];
}

/** Names of the case components, per language. */
export const COMPONENT_NAME: Readonly<Record<string, Record<Lang, string>>> = {
	'ascend-c': { zh: 'Ascend C 算子', en: 'Ascend C kernels' },
	'acl-runtime': { zh: 'AscendCL 运行时', en: 'AscendCL runtime' },
	hccl: { zh: 'HCCL 集合通信', en: 'HCCL collective communication' },
	driver: { zh: '驱动', en: 'Driver' },
	system: { zh: '系统与运维', en: 'System' },
};

/** Section anchors of a case page and their headings, in page order. */
export const SECTION_TITLES: ReadonlyArray<{ id: string; zh: string; en: string }> = [
	{ id: 'symptom', zh: '现象', en: 'Symptom' },
	{ id: 'confirm', zh: '如何确认', en: 'How to confirm' },
	{ id: 'root-cause', zh: '根因', en: 'Root cause' },
	{ id: 'fix', zh: '解决方法', en: 'Fix' },
	{ id: 'reproduce', zh: '复现', en: 'Reproduce' },
];
