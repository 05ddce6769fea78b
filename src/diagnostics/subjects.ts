/** The subjects' names and one-line scopes in both languages, for the reference page and tools. */
import type { Localized } from '../triage/localized.ts';
import type { Subject } from './catalog.ts';

/** How each subject is introduced. */
export const SUBJECT_TEXT: Readonly<Record<Subject, { name: Localized; scope: Localized }>> = {
	language: {
		name: { zh: '语言与解释器', en: 'Language and interpreter' },
		scope: {
			zh: '解析、预处理和编译程序时发现的问题，以及解释器在运行中停下的原因（步数用尽、除以零、空指针……）。',
			en: 'What parsing, preprocessing and compiling the program find, and why the interpreter stopped a run (step budget, division by zero, null pointer…).',
		},
	},
	kernel: {
		name: { zh: '内核（Ascend C）', en: 'Kernel (Ascend C)' },
		scope: {
			zh: 'Ascend C 核函数对 TPipe、TQue、TBuf、DataCopy、矢量指令和同步接口的误用。CPU 调试模式下伴随真实检查打印的错误行和 SIGABRT；NPU 模式下解释核为什么挂死。',
			en: 'Misuse of TPipe, TQue, TBuf, DataCopy, vector instructions and sync APIs in an Ascend C kernel. In CPU-debug mode it comes with the real check’s error line and SIGABRT; in NPU mode it explains why the core hangs.',
		},
	},
	host: {
		name: { zh: '主机（AscendCL 与驱动）', en: 'Host (AscendCL and driver)' },
		scope: {
			zh: '主机程序中返回码看不出来的问题：随 CANN 版本变化的规则、与驱动的冲突、耗尽的资源。',
			en: 'Findings about a host program that no return code shows: rules that changed between CANN versions, clashes with the driver, exhausted resources.',
		},
	},
	hccl: {
		name: { zh: '集合通信（HCCL）', en: 'Collective communication (HCCL)' },
		scope: {
			zh: '多 rank 作业里让某个 rank 白等的原因：哪个 rank 没有下发、下发了别的集合通信、参数不一致，或者没有按时加入通信域。',
			en: 'Why a rank of a distributed job waited in vain: which rank never issued a collective, issued another one, passed other arguments, or did not join the communicator in time.',
		},
	},
};
