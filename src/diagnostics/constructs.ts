/**
 * What `construct-unsupported` can name: each C++ construct the simulator's subset refuses, as a
 * phrase in both languages, and the advice that follows it in the hint. Call sites name a row by
 * id (a typo fails type-checking) and fill its `{name}` placeholders with code from the program.
 */
import type { Localized } from '../triage/localized.ts';
import type { DiagnosticParams } from './entry.ts';
import { fillBoth } from './template.ts';

/** The advice a `construct-unsupported` hint ends with. */
export const CONSTRUCT_ADVICE = {
	'supported-list': {
		zh: '支持的写法见诊断代码说明页',
		en: 'see the list of supported constructs',
	},
	'program-bases': {
		zh: '只有程序中定义的类可以作为基类',
		en: 'only classes of the program can be bases',
	},
	'named-variable': { zh: '改为初始化一个具名变量', en: 'initialise a named variable instead' },
	'integer-cast': { zh: '先转换成整数类型', en: 'cast to an integer type first' },
	'rewrite-expression': { zh: '改写这个表达式', en: 'rewrite the expression' },
	'store-first': { zh: '先把值存到一个变量里', en: 'store the value in a variable first' },
	'endless-template': {
		zh: '检查是否有模板在无休止地实例化自身',
		en: 'look for a template that instantiates itself without end',
	},
	'inside-switch': { zh: '把它放进 switch 里', en: 'put it inside a switch' },
	'plain-loop': { zh: '改用普通循环或返回码', en: 'use a plain loop or a return code' },
	'index-loop': { zh: '改写成下标循环', en: 'write an index loop' },
	'array-ranges': {
		zh: '这里只有 C 数组可以作为范围，请改写成下标循环',
		en: 'only C arrays can be ranges here; write an index loop',
	},
	'give-type': { zh: '给变量写上类型', en: 'give the variable a type' },
	'bind-reference': { zh: '在声明引用时就绑定它', en: 'bind the reference where you declare it' },
	'kernel-only': {
		zh: 'Ascend C 接口只能在 `__global__ __aicore__` 函数及其调用的函数中使用',
		en: 'call Ascend C APIs only from a `__global__ __aicore__` function and what it calls',
	},
	'host-only': {
		zh: 'AscendCL 运行在主机侧，请在 `main` 及其调用的函数中调用',
		en: 'AscendCL runs on the host: call it from `main` and the functions it calls',
	},
	'structured-binding': {
		zh: '写成 `auto [a, b] = value;`',
		en: 'write `auto [a, b] = value;`',
	},
	'datacopy-count': {
		zh: '改用带元素个数的 `DataCopy(dst, src, count)`',
		en: 'use `DataCopy(dst, src, count)` with an element count',
	},
} as const satisfies Record<string, Localized>;

/** An id of {@link CONSTRUCT_ADVICE}. */
export type ConstructAdviceId = keyof typeof CONSTRUCT_ADVICE;

/** One refused construct: its phrase (read after “does not support”) and its usual advice. */
export interface ConstructRow extends Localized {
	advice?: ConstructAdviceId;
}

/**
 * The constructs the subset refuses. The Chinese phrase is read after 「不支持」, the English one
 * before “is not supported”.
 */
export const CONSTRUCTS = {
	cast: { zh: '这种类型转换', en: 'this cast' },
	'member-template': {
		zh: '函数以外的成员模板',
		en: 'a member template other than a function',
	},
	'class-member': { zh: '类中的 `{text}`', en: '`{text}` in a class' },
	'base-class': {
		zh: '基类 `{text}`',
		en: 'the base class `{text}`',
		advice: 'program-bases',
	},
	'macro-without-args': {
		zh: '不带参数使用函数式宏 `{name}`',
		en: 'the function-like macro `{name}` used without arguments',
	},
	'macro-body': {
		zh: '宏 `{name}`（宏体不是表达式）',
		en: 'the macro `{name}` (its body is not an expression)',
	},
	'macro-recursive': { zh: '递归的宏 `{name}`', en: 'the recursive macro `{name}`' },
	'macro-expansion': {
		zh: '宏 `{name}`（展开后既不是表达式也不是语句）',
		en: 'the macro `{name}` (its expansion is not an expression or statements)',
	},
	'non-constant': {
		zh: '在需要常量的地方使用非常量 `{text}`',
		en: 'a non-constant `{text}` where a constant is needed',
	},
	'deep-expression': { zh: '嵌套这么深的表达式', en: 'an expression nested this deeply' },
	'empty-parentheses': { zh: '空括号', en: 'empty parentheses' },
	comma: { zh: '这种逗号表达式', en: 'this comma expression' },
	'brace-list': {
		zh: '在这里使用花括号初始化列表',
		en: 'a brace list here',
		advice: 'named-variable',
	},
	'compound-literal': { zh: '这种复合字面量', en: 'this compound literal' },
	lambda: { zh: '使用 lambda 表达式', en: 'a lambda expression' },
	goto: { zh: '使用 goto', en: 'goto' },
	'co-return': { zh: '使用 co_return', en: 'co_return' },
	'co-yield': { zh: '使用 co_yield', en: 'co_yield' },
	'co-await': { zh: '使用 co_await', en: 'co_await' },
	fold: { zh: '折叠表达式', en: 'a fold expression' },
	'parameter-pack': { zh: '参数包展开', en: 'a parameter pack' },
	'variadic-template-parameter': {
		zh: '可变参数模板形参',
		en: 'a variadic template parameter',
	},
	'user-defined-literal': { zh: '用户自定义字面量', en: 'a user-defined literal' },
	expression: { zh: '表达式 `{text}`（{node}）', en: '`{text}` ({node})' },
	new: { zh: '这种 new 表达式', en: 'this new-expression' },
	delete: { zh: '这种 delete 表达式', en: 'this delete-expression' },
	'lambda-without-body': { zh: '没有函数体的 lambda', en: 'a lambda without a body' },
	'binding-without-initializer': {
		zh: '没有初始值的结构化绑定',
		en: 'a structured binding without an initializer',
		advice: 'structured-binding',
	},
	'template-function-value': { zh: '把 `{text}` 当作值使用', en: '`{text}` used as a value' },
	'type-value': { zh: '把类型 `{text}` 当作值使用', en: 'the type `{text}` used as a value' },
	'function-template-value': {
		zh: '把函数模板当作值使用',
		en: 'a function template used as a value',
	},
	'launch-without-blocks': {
		zh: '不写核数的核函数启动',
		en: 'a kernel launch without a block count',
	},
	'unary-operator': { zh: '一元运算符 `{op}`', en: 'the unary operator `{op}`' },
	conditional: { zh: '这种条件表达式', en: 'this conditional expression' },
	sizeof: { zh: '这种 sizeof 写法', en: 'this sizeof' },
	'float-operator': {
		zh: '对浮点数使用 `{op}`',
		en: '`{op}` on floating-point values',
		advice: 'integer-cast',
	},
	'binary-operator': {
		zh: '运算符 `{op}`',
		en: 'the operator `{op}`',
		advice: 'rewrite-expression',
	},
	'file-level': { zh: '在文件作用域写 `{text}`', en: '`{text}` at file level' },
	'template-kind': { zh: '这种模板', en: 'this kind of template' },
	'template-parameter-kind': { zh: '这种模板形参', en: 'this kind of template parameter' },
	'rvalue-member': { zh: '在这里使用 `{text}`', en: '`{text}` here', advice: 'store-first' },
	'function-definition': { zh: '这种函数定义', en: 'this function definition' },
	instantiations: {
		zh: '超过 {max} 次模板实例化',
		en: 'more than {max} template instantiations',
		advice: 'endless-template',
	},
	'variadic-parameter': { zh: '可变参数', en: 'a variadic parameter' },
	'case-outside-switch': {
		zh: '在 switch 之外使用 `case`',
		en: '`case` outside a switch',
		advice: 'inside-switch',
	},
	'range-for': {
		zh: '这种基于范围的 for 循环',
		en: 'this range-based for loop',
		advice: 'index-loop',
	},
	'range-for-over': {
		zh: '遍历 `{text}` 的基于范围的 for 循环',
		en: 'a range-based for loop over `{text}`',
		advice: 'array-ranges',
	},
	'untyped-declaration': {
		zh: '声明 `{text}`',
		en: 'the declaration `{text}`',
		advice: 'give-type',
	},
	'reference-without-initializer': {
		zh: '没有初始化的引用',
		en: 'a reference without an initializer',
		advice: 'bind-reference',
	},
	'kernel-api-on-host': {
		zh: '在核函数之外调用 `{name}`',
		en: '`{name}` outside a kernel',
		advice: 'kernel-only',
	},
	'host-api-in-kernel': {
		zh: '在核函数内调用 `{name}`',
		en: '`{name}` inside a kernel',
		advice: 'host-only',
	},
	'datacopy-form': {
		zh: '这种形式的 DataCopy',
		en: 'this form of DataCopy',
		advice: 'datacopy-count',
	},
} as const satisfies Record<string, ConstructRow>;

/** An id of {@link CONSTRUCTS}. */
export type ConstructId = keyof typeof CONSTRUCTS;

/**
 * The `{construct}` and `{detail}` values of a `construct-unsupported` diagnostic: the phrase of
 * `id` with `values` filled in, and its advice (or `advice` when the call site knows better).
 */
export function constructParams(
	id: ConstructId,
	values: Readonly<Record<string, string | number>> = {},
	advice?: ConstructAdviceId,
): DiagnosticParams {
	const row: ConstructRow = CONSTRUCTS[id];
	return {
		construct: fillBoth(row, values),
		detail: CONSTRUCT_ADVICE[advice ?? row.advice ?? 'supported-list'],
	};
}
