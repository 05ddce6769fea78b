/**
 * What a screen code the index does not list still says: its second character names the module
 * and its four digits say whether it is a usage error (0000–8999) or internal (9000–9999).
 * Module letters from the hiascend error-code format page (ascend-facts C); meanings are ours.
 */
import type { DirectoryEntry } from './code-directory.ts';

/** The module named by the second character of a screen code. */
const SCREEN_MODULES: Readonly<Record<string, readonly [zh: string, en: string]>> = {
	'1': ['GE', 'GE'],
	'2': ['FE', 'FE'],
	'3': ['AI CPU', 'AI CPU'],
	'4': ['TE Fusion', 'TE Fusion'],
	'7': ['Vector 算子插件', 'vector operator plugin'],
	'8': ['Vector 算子', 'vector operators'],
	B: ['TBE Pass', 'TBE Pass'],
	C: ['AutoTune', 'AutoTune'],
	D: ['RLTune', 'RLTune'],
	E: ['Runtime', 'Runtime'],
	F: ['LxFusion', 'LxFusion'],
	G: ['AOE', 'AOE'],
	H: ['AscendCL', 'AscendCL'],
	I: ['HCCL', 'HCCL'],
	J: ['HCCP', 'HCCP'],
	K: ['Profiling', 'Profiling'],
	L: ['Driver', 'Driver'],
	M: ['队列调度', 'queue scheduling'],
	N: ['DVPP', 'DVPP'],
	O: ['AMCT', 'AMCT'],
	P: ['Dump', 'Dump'],
	Z: ['算子公共 / aclnn', 'operator common / aclnn'],
};

/** Screen codes whose last four digits are at least this are internal errors (E*9***). */
const FIRST_INTERNAL_SCREEN_NUMBER = 9000;

/** A page-less entry for a screen code the index lacks, or undefined when it is not one. */
export function screenCodeFallback(code: string): DirectoryEntry | undefined {
	const module = SCREEN_MODULES[code.charAt(1)];
	if (!module || !/^[EWI][0-9A-Z]\d{4}$/.test(code)) return undefined;
	const internal = Number(code.slice(2)) >= FIRST_INTERNAL_SCREEN_NUMBER;
	const level = code.startsWith('W') ? ['告警', 'Warning'] : ['错误', 'Error'];
	return {
		code,
		kind: 'screen',
		summary: internal
			? {
					zh: `${module[0]} 内部${level[0]}（E*9*** 表示需要联系华为技术支持；真正的原因通常在它前面或 plog 里）。`,
					en: `${level[1]} inside ${module[1]} (E*9*** codes are internal; the real cause is usually printed before it or in the plog).`,
				}
			: {
					zh: `${module[0]} 的用户侧${level[0]}（0000–8999 表示使用或环境问题）。`,
					en: `${level[1]} from ${module[1]} caused by usage or environment (0000–8999 are user errors).`,
				},
		explained: [],
		generic: internal,
		related: [],
		cases: [],
		hasPage: false,
	};
}
