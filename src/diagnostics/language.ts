/**
 * Diagnostics of the language side: what `src/lang` says about a program it parses,
 * preprocesses, compiles and runs. Errors reject the program (outcome `rejected`) or stop it;
 * warnings and infos never do.
 */
import type { DiagnosticTable } from './entry.ts';

/** Every diagnostic of the interpreter. */
export const LANG_DIAGNOSTICS = {
	'parse-error': {
		severity: 'error',
		message: {
			zh: '语法错误：此处无法解析 `{text}`',
			en: 'syntax error: the parser cannot read `{text}` here',
		},
		hint: {
			zh: '检查这里之前是否漏了 `;`、`)` 或 `}`。',
			en: 'Check for a missing `;`, `)` or `}` just before this point.',
		},
	},
	'parse-unexpected-end': {
		severity: 'error',
		message: {
			zh: '语法错误：程序在一个语法结构的中途结束了',
			en: 'syntax error: the program ends in the middle of a construct',
		},
		hint: {
			zh: '把还没闭合的 `(`、`{`、`[` 补齐，并用 `;` 结束语句。',
			en: 'Close every `(`, `{` and `[` that is still open and end statements with `;`.',
		},
	},
	'construct-unsupported': {
		severity: 'error',
		message: {
			zh: '模拟器的 C++ 子集不支持{construct}',
			en: '{construct} is not supported by the simulator’s C++ subset',
		},
		hint: {
			zh: '改用子集支持的写法（类、显式给出实参的模板、if/for/while/switch、函数调用）；{detail}。',
			en: 'Rewrite it with the supported constructs (classes, templates used with explicit arguments, if/for/while/switch, calls); {detail}',
		},
	},
	'call-unknown': {
		severity: 'error',
		message: {
			zh: '未知函数 `{name}`：程序中没有定义它，模拟器也没有提供这个接口',
			en: 'unknown function `{name}`: it is not defined in the program and the simulator has no binding for it',
		},
		hint: {
			zh: '在程序中定义 `{name}`，检查拼写，或者换成模拟器支持的接口。',
			en: 'Define `{name}` in the program, check its spelling, or replace it with an API the simulator knows.',
		},
	},
	'api-not-on-product': {
		severity: 'error',
		message: {
			zh: '{product} 上没有 `{name}`：接口文档的产品支持情况只列出了 {products}',
			en: '`{name}` is not available on {product}: its reference lists only {products}',
		},
		hint: {
			zh: '换一个列出的产品运行，或者改用该产品支持的接口（例如用 TPipe/TQue 管理内存，代替静态 Tensor 的 LocalMemAllocator）。',
			en: 'Run on one of the listed products, or use an API this product has (for example TPipe/TQue memory management instead of LocalMemAllocator’s static tensors).',
		},
	},
	'call-misspelt': {
		severity: 'error',
		message: {
			zh: '未知函数 `{name}`：你是不是想写 `{suggestion}`？',
			en: 'unknown function `{name}`: did you mean `{suggestion}`?',
		},
		hint: {
			zh: '模拟器提供 `{suggestion}`；检查拼写，或者在程序中定义 `{name}`。',
			en: 'The simulator knows `{suggestion}`; check the spelling, or define `{name}` in the program.',
		},
	},
	'call-arity': {
		severity: 'error',
		message: {
			zh: '`{name}` 的调用传了 {count} 个参数，它的任何形式都不接受这个个数：{signatures}',
			en: '`{name}` is called with {count} argument(s), which no form of it takes: {signatures}',
		},
		hint: {
			zh: '按其中一个签名声明的参数依次传参。',
			en: 'Pass the arguments one of these signatures declares, in that order.',
		},
	},
	'call-arg-type': {
		severity: 'error',
		message: {
			zh: '`{name}` 的第 {index} 个参数是{actual}，但形参 `{param}` 的类型是 `{type}`',
			en: 'argument {index} of `{name}` is {actual}, but the parameter `{param}` is `{type}`',
		},
		hint: {
			zh: '传入形参类型的值；输出参数要传变量的地址，例如 `&{param}`。',
			en: 'Pass a value of the parameter’s type; an output parameter takes the address of a variable, e.g. `&{param}`.',
		},
	},
	'method-unknown': {
		severity: 'error',
		message: {
			zh: '`{type}` 没有模拟器认识的成员函数 `{name}`',
			en: '`{type}` has no member function `{name}` the simulator knows',
		},
		hint: {
			zh: '检查 `{name}` 的拼写；`{type}` 只模拟了文档中列出的成员函数。',
			en: 'Check the spelling of `{name}`; only the documented methods of `{type}` are simulated.',
		},
	},
	'member-unknown': {
		severity: 'error',
		message: { zh: '`{type}` 没有成员 `{name}`', en: '`{type}` has no member `{name}`' },
		hint: {
			zh: '在 `{type}` 中声明 `{name}`，或者修正拼写。',
			en: 'Declare `{name}` in `{type}` or fix the spelling.',
		},
	},
	'name-unknown': {
		severity: 'error',
		message: { zh: '`{name}` 未声明', en: '`{name}` is not declared' },
		hint: {
			zh: '先声明 `{name}` 再使用（变量、常量、枚举值或 `#define`）。',
			en: 'Declare `{name}` before using it (a variable, a constant, an enum value or a `#define`).',
		},
	},
	'type-unknown': {
		severity: 'error',
		message: { zh: '未知类型 `{name}`', en: 'unknown type `{name}`' },
		hint: {
			zh: '在程序中定义 `{name}`（class、struct、enum 或 `using`），或者使用模拟器认识的类型。',
			en: 'Define `{name}` in the program (class, struct, enum or `using`), or use a type the simulator knows.',
		},
	},
	'args-mismatch': {
		severity: 'error',
		message: {
			zh: '`{name}` 接受 {expected} 个参数，调用处传了 {got} 个',
			en: '`{name}` takes {expected} argument(s), the call passes {got}',
		},
		hint: {
			zh: '按 `{name}` 声明的参数个数传参。',
			en: 'Pass exactly the parameters `{name}` declares.',
		},
	},
	'template-args-missing': {
		severity: 'error',
		message: {
			zh: '这里的 `{name}` 需要显式写出模板实参',
			en: '`{name}` needs explicit template arguments here',
		},
		hint: {
			zh: '把模板实参写出来，例如 `{name}<half>(...)`。',
			en: 'Write the template arguments out, e.g. `{name}<half>(...)`.',
		},
	},
	'include-skipped': {
		severity: 'info',
		message: {
			zh: '模拟器中没有 #include {header}，已跳过',
			en: '#include {header} is not available in the simulator and was skipped',
		},
		hint: {
			zh: 'Ascend C 和 AscendCL 接口由模拟器自己提供；除非程序依赖这个头文件里的其他声明，否则不用处理。',
			en: 'The simulator provides the Ascend C and AscendCL APIs itself; nothing to do unless you rely on declarations from this header.',
		},
	},
	'include-cycle': {
		severity: 'warning',
		message: {
			zh: '#include {header} 没有再次读入：它正在被包含（循环包含），或者包含的嵌套超过了 {depth} 层',
			en: '#include {header} was not read again: it is already being included (a cycle) or includes nest deeper than {depth}',
		},
		hint: {
			zh: '给这个头文件加上包含保护（`#ifndef NAME_H` … `#endif`）或 `#pragma once`。',
			en: 'Give the header an include guard (`#ifndef NAME_H` … `#endif`) or `#pragma once`.',
		},
	},
	'helper-assumed': {
		severity: 'info',
		message: {
			zh: '程序里没有定义 `{name}`：按 {source} 中的定义，假定它是{meaning}',
			en: '`{name}` is not defined in the program: assumed to be {meaning}, as {source} defines it',
		},
		hint: {
			zh: '把定义 `{name}` 的头文件加到程序里（演练场的文件标签页，或命令行上的路径），就会运行它自己的定义。',
			en: 'Add the header that defines `{name}` to the program (a file tab, or a path on the command line) to run its own definition instead.',
		},
	},
	'framework-assumed': {
		severity: 'info',
		message: {
			zh: '`{name}` 是{source}的宏：假定它是{meaning}',
			en: '`{name}` is a macro of {source}: assumed to be {meaning}',
		},
		hint: {
			zh: '用 `--tiling FIELD=VALUE,…` 给出 tiling 字段的值，用 `--tiling-key K` 给出 tiling key；或者写一个 `main`，把 tiling 数据传给核函数。',
			en: 'Give tiling values with `--tiling FIELD=VALUE,…` and the key with `--tiling-key K`, or launch the kernel from a `main` that passes its tiling.',
		},
	},
	'call-external': {
		severity: 'warning',
		message: {
			zh: '程序和模拟器里都没有 `{name}`（{why}）：假定它是一个外部函数，按什么都不做、返回 0 的桩函数运行',
			en: '`{name}` is not defined in the program or in the simulator ({why}): assumed to be an external function, run as a stub that does nothing and returns 0',
		},
		hint: {
			zh: '把定义 `{name}` 的文件（和它的头文件）加到程序里，或者换掉这个调用；程序的其余部分照常运行。',
			en: 'Add the file that defines `{name}` (and its header) to the program, or replace the call; the rest of the program runs as written.',
		},
	},
	'type-external': {
		severity: 'warning',
		message: {
			zh: '`{name}` 既不是程序里的类型，也不是模拟器的类型（{why}）：假定它是一个外部类型，它的成员在写入前读出来都是 0，成员函数都是返回 0 的桩函数',
			en: '`{name}` is not a type of the program or of the simulator ({why}): assumed to be an external type whose members read 0 until written and whose member functions are stubs returning 0',
		},
		hint: {
			zh: '把定义 `{name}` 的头文件加到程序里，就会使用它真正的定义。',
			en: 'Add the header that defines `{name}` to the program to use its real definition.',
		},
	},
	'name-external': {
		severity: 'warning',
		message: {
			zh: '`{name}` 没有声明（{why}）：假定它是一个值为 0 的外部常量',
			en: '`{name}` is not declared ({why}): assumed to be an external constant with the value 0',
		},
		hint: {
			zh: '把定义 `{name}` 的头文件加到程序里，或者自己定义它。',
			en: 'Add the header that defines `{name}` to the program, or define it yourself.',
		},
	},
	'asm-skipped': {
		severity: 'warning',
		message: {
			zh: '内联汇编（`asm(…)`）不在模拟范围内：已跳过',
			en: 'inline assembly (`asm(…)`) is not simulated: it was skipped',
		},
		hint: {
			zh: '这条指令在设备上做的事（缓存维护、陷入异常等）在这里不会发生；程序的其余部分照常运行。',
			en: 'What the instruction does on the device (cache maintenance, a trap) does not happen here; the rest of the program runs.',
		},
	},
	'preprocessor-ignored': {
		severity: 'info',
		message: {
			zh: '`#{directive}` 在模拟器中不起作用，已跳过',
			en: '`#{directive}` has no effect in the simulator and was skipped',
		},
		hint: {
			zh: '不用处理；这条指令只对真实的编译器有意义。',
			en: 'Nothing to do; the directive only matters to a real compiler.',
		},
	},
	'preprocessor-unsupported': {
		severity: 'error',
		message: {
			zh: '无法求值预处理条件 `{text}`',
			en: 'the preprocessor condition `{text}` cannot be evaluated',
		},
		hint: {
			zh: '`#if` 中请只用 `defined(NAME)`、整数常量和 `#define` 定义的数字。',
			en: 'Use `defined(NAME)`, integer constants and `#define`d numbers in `#if`.',
		},
	},
	'preprocessor-unterminated': {
		severity: 'error',
		message: {
			zh: '这个 `#if` 没有对应的 `#endif`',
			en: 'this `#if` has no matching `#endif`',
		},
		hint: {
			zh: '在条件编译块的末尾补上 `#endif`。',
			en: 'Close the conditional block with `#endif`.',
		},
	},
	'macro-framework': {
		severity: 'error',
		message: {
			zh: '`{name}` 是算子工程框架提供的宏，模拟器里没有这套框架',
			en: '`{name}` is a macro of the operator framework, which the simulator does not provide',
		},
		hint: {
			zh: '在程序中声明一个 tiling 结构体，把它的字段作为核函数参数传入（或者从 `__gm__` 指针读取），核函数就能在这里运行。',
			en: 'Declare a tiling struct in the program and pass its fields as kernel arguments (or read them from a `__gm__` pointer), then the kernel runs here.',
		},
	},
	'entry-missing': {
		severity: 'error',
		message: {
			zh: '没有可运行的入口：程序里既没有 `main`，也没有 `__global__` 核函数',
			en: 'nothing to run: the program has no `main` and no `__global__` kernel',
		},
		hint: {
			zh: '主机程序请写 `int main()`；核函数入口请声明为 `extern "C" __global__ __aicore__`。',
			en: 'Add `int main()` for a host program or mark the kernel entry `extern "C" __global__ __aicore__`.',
		},
	},
	'kernel-synthetic-args': {
		severity: 'info',
		message: {
			zh: '没有 `main`：在 {blocks} 个核上启动核函数 `{name}`，每个 GM 参数都是一块 {bytes} 字节的模拟缓冲区',
			en: 'no `main`: kernel `{name}` launched on {blocks} block(s) with synthetic GM buffers of {bytes} bytes each',
		},
		hint: {
			zh: '加一个 `main`，用 `<<<blocks, nullptr, stream>>>` 启动核函数，就可以自己决定参数。',
			en: 'Add a `main` that launches the kernel with `<<<blocks, nullptr, stream>>>` to control the arguments.',
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
			zh: '检查是否有函数在没有终止条件的情况下调用自身。',
			en: 'Look for a function that calls itself without an end condition.',
		},
	},
	'division-by-zero': {
		severity: 'error',
		message: { zh: '整数除以零', en: 'integer division by zero' },
		hint: {
			zh: '除法之前先检查除数；在真实机器上这会触发 SIGFPE。',
			en: 'Check the divisor before dividing; on a real machine this raises SIGFPE.',
		},
	},
	'null-dereference': {
		severity: 'error',
		message: {
			zh: '解引用了空指针或未赋值的指针 `{name}`',
			en: 'dereference of a null or unset pointer `{name}`',
		},
		hint: {
			zh: '使用指针之前先初始化它（例如通过 `aclrtMalloc(&p, ...)`）。',
			en: 'Initialise the pointer (e.g. through `aclrtMalloc(&p, ...)`) before using it.',
		},
	},
	'index-out-of-range': {
		severity: 'error',
		message: {
			zh: '下标 {index} 超出了 `{name}` 的范围（大小为 {size}）',
			en: 'index {index} is outside `{name}` (size {size})',
		},
		hint: { zh: '下标应在 [0, {size}) 之内。', en: 'Keep indices in [0, {size}).' },
	},
	'value-not-callable': {
		severity: 'error',
		message: { zh: '`{name}` 不是函数', en: '`{name}` is not a function' },
		hint: {
			zh: '只有函数、成员函数和模拟器提供的接口可以调用。',
			en: 'Only functions, member functions and simulator APIs can be called.',
		},
	},
	'lvalue-required': {
		severity: 'error',
		message: {
			zh: '`{text}` 不能被赋值，也不能取地址',
			en: '`{text}` cannot be assigned to or have its address taken',
		},
		hint: {
			zh: '赋值的对象应当是变量、字段、数组元素或解引用后的指针。',
			en: 'Assign to a variable, a field, an array element or a dereferenced pointer.',
		},
	},
	'file-missing': {
		severity: 'info',
		message: {
			zh: '`{call}` 打开的 `{path}` 不在程序的文件里：这次调用按文件不存在时的方式失败了',
			en: "`{call}` opened `{path}`, which is not among the program's files: it failed as it does when the file does not exist",
		},
		hint: {
			zh: '把这个文件和程序一起给出：在演练场加一个数据文件标签页，在命令行里给出文件或目录路径，或者用 `--input NAME=FILE`。',
			en: 'Give the file with the program: a data tab in the playground, a path or a directory on the command line, or `--input NAME=FILE`.',
		},
	},
	'file-written': {
		severity: 'info',
		message: {
			zh: '`{call}` 写入了 `{path}`：它会成为这次运行的输出文件',
			en: "`{call}` writes `{path}`: it becomes one of the run's output files",
		},
		hint: {
			zh: '命令行里用 `--output-dir DIR` 保存程序写出的文件；演练场里可以下载它们。',
			en: 'On the command line `--output-dir DIR` keeps the files the program writes; the playground offers them for download.',
		},
	},
	'thread-blocked': {
		severity: 'error',
		message: {
			zh: '{thread} 在等待{what}：模拟器把线程一个叠一个地运行，无法回到那个能结束这次等待的线程',
			en: '{thread} waits for {what}: the simulator runs threads one on top of another and cannot resume the thread that would end this wait',
		},
		hint: {
			zh: '这里的线程按固定顺序运行：正在运行的线程等待、join 或结束时，新线程才开始；一个等待中的线程，只有在它之后启动的线程都结束或也在等待时才会继续。调整程序，让等待的线程在它所等的线程之后启动，或者更早 join。',
			en: 'The threads here run in a fixed order: a new thread starts when the running one waits, joins or ends, and a waiting thread resumes only when the threads started after it end or wait. Reorder the program so the thread that waits is started after the one it waits for, or join it earlier.',
		},
	},
	'thread-not-joinable': {
		severity: 'error',
		message: {
			zh: '对一个不可 join 的线程调用了 `{name}`（线程没有启动、已经 join 过或已经 detach）',
			en: '`{name}` on a thread that is not joinable (never started, already joined or detached)',
		},
		hint: {
			zh: '每个启动的线程只调用一次 `join()` 或 `detach()`；不确定时先用 `joinable()` 检查。',
			en: 'Call `join()` or `detach()` once per started thread; check `joinable()` first.',
		},
	},
	'exception-thrown': {
		severity: 'error',
		message: {
			zh: '程序抛出了一个没有被捕获的异常（`throw`）',
			en: 'the program threw an exception (`throw`) that nothing caught',
		},
		hint: {
			zh: '模拟器不模拟 C++ 异常；请改用返回码报告错误。',
			en: 'The simulator does not model C++ exceptions; report errors through return codes instead.',
		},
	},
	'internal-error': {
		severity: 'error',
		message: {
			zh: '解释器处理这段代码时出错：{detail}',
			en: 'the interpreter failed on this construct: {detail}',
		},
		hint: {
			zh: '这是模拟器的缺陷，不是你的程序有问题；请附上程序报告给我们。',
			en: 'This is a bug in the simulator, not in your program; please report it with the program.',
		},
	},
} as const satisfies DiagnosticTable;

/** A code of {@link LANG_DIAGNOSTICS}. */
export type LangCode = keyof typeof LANG_DIAGNOSTICS;
