/**
 * Diagnostics of the language side: what `src/lang` says about a program it parses,
 * preprocesses, compiles and runs. Errors reject the program (outcome `rejected`) or stop it;
 * warnings and infos never do.
 */
import type { DiagnosticTable } from './entry.ts';
import { LIMIT_DIAGNOSTICS } from './limits.ts';

/** Every diagnostic of the interpreter; the rows of the run's limits come from limits.ts. */
export const LANG_DIAGNOSTICS = {
	...LIMIT_DIAGNOSTICS,
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
	'file-io-simulated': {
		severity: 'info',
		message: {
			zh: '`{name}` 会读写文件，但模拟器里没有文件：实际没有读写任何内容',
			en: '`{name}` reads or writes files, which the simulator does not have: nothing was read or written',
		},
		hint: {
			zh: '模拟器不模拟文件里的数据；缓冲区、大小和接口调用照常模拟。',
			en: 'Data contents are not simulated; buffers, sizes and API calls are.',
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
