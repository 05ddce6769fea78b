/**
 * The diagnostics of a run's limits (src/sim/limits.ts): the stops (memory, steps, depth, source
 * size, nesting, macro expansion, the interpreter's own stack, the host's interrupt) and the
 * summaries (log lines, line length, trace steps, repeated diagnostics). Every message says
 * which limit was reached and where; every hint says how to change it. The language table takes
 * these rows as its own.
 */
import type { DiagnosticTable } from './entry.ts';

/** Every limit diagnostic. */
export const LIMIT_DIAGNOSTICS = {
	'memory-budget-exceeded': {
		severity: 'error',
		message: {
			zh: '内存预算已用完：再写入 `{name}`（{declared}{where}）会使程序数据超过 {limit}（已占用 {used}）',
			en: 'memory budget used up: writing more of `{name}` ({declared}{where}) would take the program’s data past {limit} ({used} held already)',
		},
		hint: {
			zh: '只统计程序实际写到的字节，不按声明的大小计算。请少写一些、释放不再需要的内存，或者用 `--max-memory` 调大预算（例如 `--max-memory 1g`）。',
			en: 'Only bytes the program writes count, not declared sizes. Write less of it, free what is no longer needed, or raise the budget with `--max-memory` (e.g. `--max-memory 1g`).',
		},
	},
	'memory-budget-objects': {
		severity: 'error',
		message: {
			zh: '内存预算已用完：程序持有 {count} 个模拟器对象（设备与主机内存块、流、Event 等），占用 {bytes}，连同程序数据超过了 {limit}',
			en: 'memory budget used up: the program holds {count} simulator objects (device and host allocations, streams, events…), which take {bytes} and, with its data, pass {limit}',
		},
		hint: {
			zh: '释放申请的资源、销毁创建的对象（例如 aclrtMalloc 与 aclrtFree 配对），或者用 `--max-memory` 调大预算。',
			en: 'Free what you allocate and destroy what you create (pair aclrtMalloc with aclrtFree, say), or raise the budget with `--max-memory`.',
		},
	},
	'steps-exhausted': {
		severity: 'error',
		message: {
			zh: '程序执行 {steps} 步（循环迭代和函数调用）后被停止',
			en: 'the program was stopped after {steps} steps (loop iterations and calls)',
		},
		hint: {
			zh: '检查是否有永不结束的循环，或者调大步数上限（`--max-steps`）。',
			en: 'Look for a loop that never ends, or raise the budget (`--max-steps`).',
		},
	},
	'recursion-too-deep': {
		severity: 'error',
		message: { zh: '函数调用嵌套超过 {depth} 层', en: 'calls nested more than {depth} deep' },
		hint: {
			zh: '检查是否有函数在没有终止条件的情况下调用自身；确需更深的递归时用 `--max-depth` 调大上限。',
			en: 'Look for a function that calls itself without an end condition; if the recursion is meant to go deeper, raise the limit with `--max-depth`.',
		},
	},
	'stack-exhausted': {
		severity: 'error',
		message: {
			zh: '解释器在调用深度 {depth} 处耗尽了自身的栈空间',
			en: 'the interpreter ran out of its own stack at a call depth of {depth}',
		},
		hint: {
			zh: '深递归再加上嵌套很深的表达式，需要的栈超出了解释器所有；请简化递归或表达式，或者用 `--max-depth` 调小上限，让运行更早地干净停止。',
			en: 'Deep recursion through deeply nested expressions needs more stack than the interpreter has; simplify the recursion or the expression, or lower `--max-depth` so the run stops cleanly sooner.',
		},
	},
	'source-too-large': {
		severity: 'error',
		message: {
			zh: '程序大小为 {size}，超过了模拟器可读取的上限 {limit}',
			en: 'the program is {size}; the simulator reads at most {limit}',
		},
		hint: {
			zh: '只保留出问题的那部分代码再运行，或者用 `--max-source-bytes` 调大上限。',
			en: 'Run the part of the program that fails, or raise the limit with `--max-source-bytes`.',
		},
	},
	'macro-expansion-too-large': {
		severity: 'error',
		message: {
			zh: '展开宏 `{name}` 时，宏展开累计新增的文本达到 {size}，超过了上限 {limit}',
			en: 'expanding the macro `{name}` brought the text added by macro expansions to {size}, past the limit of {limit}',
		},
		hint: {
			zh: '检查是否有宏展开成另一个宏的多个副本（每多一层，文本就翻一倍）；只有确实需要这么大的展开时，才用 `--max-source-bytes` 调大上限。',
			en: 'Look for macros that expand to several copies of another macro (each level doubles the text); raise the limit with `--max-source-bytes` only if the expansion is meant to be this large.',
		},
	},
	'nesting-too-deep': {
		severity: 'error',
		message: {
			zh: '括号、语句块或表达式嵌套了 {depth} 层，超过了模拟器可读取的上限 {limit} 层',
			en: 'brackets, blocks or expressions are nested {depth} deep; the simulator reads at most {limit} levels',
		},
		hint: {
			zh: '把这个表达式或语句块拆成几个有名字的部分，或者用 `--max-nesting` 调大上限。',
			en: 'Split the expression or block into smaller named parts, or raise the limit with `--max-nesting`.',
		},
	},
	'run-interrupted': {
		severity: 'error',
		message: {
			zh: '运行了 {seconds} 秒（真实时间）后在第 {steps} 步被停止：{cause}',
			en: 'the run was stopped after {seconds} s of real time, at step {steps}: {cause}',
		},
		hint: {
			zh: '演练场会停止超过 {seconds} 秒的运行。{advice}需要跑得更久时，请在命令行用 `casebook sim` 运行，并按需调整 `--max-steps`。',
			en: 'The playground stops runs that take longer than {seconds} s. {advice} To run longer, use `casebook sim` on the command line and adjust `--max-steps`.',
		},
	},
	'log-truncated': {
		severity: 'warning',
		message: {
			zh: '这次运行共输出 {count} 行日志；保留了开头 {head} 行和结尾 {tail} 行，中间的 {dropped} 行已省略',
			en: 'the run printed {count} log lines; the first {head} and the last {tail} are kept, the {dropped} in between were dropped',
		},
		hint: {
			zh: '减少输出（例如只打印失败），或者用 `--max-log-lines` 保留更多行。',
			en: 'Print less (only failures, say), or keep more lines with `--max-log-lines`.',
		},
	},
	'log-line-truncated': {
		severity: 'warning',
		message: {
			zh: '有 {lines} 行日志超过 {limit} 个字符，已被截断（共省略 {chars} 个字符）',
			en: '{lines} log line(s) were longer than {limit} characters and were cut ({chars} characters dropped)',
		},
		hint: {
			zh: '打印短一些的行，或者用 `--max-line-length` 保留更多字符。',
			en: 'Print shorter lines, or keep more characters with `--max-line-length`.',
		},
	},
	'trace-truncated': {
		severity: 'info',
		message: {
			zh: '轨迹逐条保留了前 {kept} 步（共 {total} 步），其余 {dropped} 步按调用汇总：{calls}',
			en: 'the trace keeps the first {kept} of {total} steps one by one; the other {dropped} are summarised per call: {calls}',
		},
		hint: {
			zh: '单步查看只能看到保留的步骤；用 `--max-trace-steps` 可以保留更多。运行本身是完整的。',
			en: 'Step-through shows the kept steps; keep more with `--max-trace-steps`. The run itself was complete.',
		},
	},
	'diagnostics-truncated': {
		severity: 'info',
		message: {
			zh: '另有 {count} 条同类诊断没有列出：{codes}',
			en: '{count} more diagnostics of the same kinds were not listed: {codes}',
		},
		hint: {
			zh: '每类诊断最多列出 {limit} 条；先修正列出的问题再运行。',
			en: 'At most {limit} of each kind are listed; fix those and run again.',
		},
	},
} as const satisfies DiagnosticTable;

/** A code of {@link LIMIT_DIAGNOSTICS}. */
export type LimitDiagnosticCode = keyof typeof LIMIT_DIAGNOSTICS;
