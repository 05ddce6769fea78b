/**
 * The helper macros of the public Ascend samples, assumed when a program uses one without
 * defining it (its header, e.g. `utils.h` or `common.h`, is not among the program's files).
 * Each row says what the helper does, in this project's own words as macro text, so the call
 * expands and runs like any macro; the log text the helper prints is the samples' own wording
 * (quoted from the header named in `source`).
 *
 * Two families: the `*_LOG` printf-style loggers (`INFO_LOG("x=%d", x)` prints `[INFO]  x=1`),
 * and the `CHECK_*` wrappers that evaluate a call and report a non-zero result (some then
 * return from the caller, some carry on). The operator framework's kernel macros
 * (`GET_TILING_DATA`, `TILING_KEY_IS`…) are rows too.
 */
import type { MacroDef } from './preprocess.ts';
import type { Localized } from '../triage/localized.ts';

/** One helper convention. */
export interface HelperConvention {
	/** The assumed definition, as a function-like macro. */
	macro: MacroDef;
	/** What the program is assumed to mean, for the info diagnostic. */
	meaning: Localized;
	/** Where the public samples define the helper (or the framework provides it). */
	source: string | Localized;
	/** A macro of the operator framework (its kernels come with generated headers). */
	framework?: boolean;
}

/** Where the operator framework's kernel macros come from. */
const FRAMEWORK_DOC: Localized = {
	zh: '算子工程框架（Ascend C 自定义算子工程的 `op_kernel/*.cpp`）',
	en: 'the operator framework (Ascend C custom operator projects, `op_kernel/*.cpp`)',
};

/** A framework macro: `body` runs where the kernel uses it. */
function framework(
	name: string,
	params: string[],
	body: string,
	meaning: Localized,
): HelperConvention {
	return { macro: macro(name, params, body), meaning, source: FRAMEWORK_DOC, framework: true };
}

/** The samples' common header for the runtime examples: hicann/runtime `example/utils.h`. */
const RUNTIME_UTILS = 'hicann/runtime example/utils.h (681ef76)';
/** The kernel-invocation samples' header (Ascend/samples). */
const DATA_UTILS =
	'Ascend/samples cplusplus/level1_single_api/4_op_dev/6_ascendc_custom_op/kernel_invocation/Add/data_utils.h (fc2aea9)';
/** The HCCL examples (hicann/hccl). */
const HCCL_EXAMPLES = 'hicann/hccl examples/02_collectives/01_allreduce/main.cc (09300b7)';
/** A launch header the kernel build generates (`aclrtlaunch_<kernel>.h`), as a project keeps it. */
const GENERATED_LAUNCH =
	'wendy12022/mycode AddernelInvocatioNeo/out/include/ascendc_kernels_npu/aclrtlaunch_add_custom.h';
/** The single-operator (aclnn) samples of cann-ops. */
const ACLNN_COMMON = 'cann-ops src/contrib/math/exp/examples/AclNNInvocationNaive/main.cpp';

function macro(name: string, params: string[], body: string): MacroDef {
	return { name, params, body, bodyOffset: -1, offset: -1 };
}

/** A logger: `[LEVEL]  ` + the formatted text + a line break, on stdout. */
function logger(name: string, level: string, source: string): HelperConvention {
	return {
		macro: macro(name, ['fmt', '...'], `fprintf(stdout, "[${level}]  " fmt "\\n", ##__VA_ARGS__)`),
		meaning: {
			zh: `printf 风格的日志宏：先打印 \`[${level}]  \`，再打印格式化后的内容，占一行`,
			en: `a printf-style logger that prints \`[${level}]  \` and the formatted text on one line`,
		},
		source,
	};
}

/** A check that logs a failed call with `report` and then runs `after` (empty: carries on). */
function check(
	name: string,
	param: string,
	report: string,
	after: string,
	meaning: Localized,
	source: string,
): HelperConvention {
	const body =
		`do { int __casebook_ret = (int)(${param}); ` +
		`if (__casebook_ret != 0) { ${report}; ${after} } } while (0)`;
	return { macro: macro(name, [param], body), meaning, source };
}

const RETURNS_MINUS_ONE: Localized = {
	zh: '检查宏：调用返回非零时打印一行错误日志，并让调用者返回 -1',
	en: 'a check that logs a call returning non-zero and makes the caller return -1',
};

const COPIES_TILING: Localized = {
	zh: '框架把 tiling 结构体复制到它命名的变量里，字段读出的是 --tiling 给出的值（没给出的为 0）',
	en: 'the framework copying the tiling struct into the variable it names, whose fields read the values given with --tiling (0 for the others)',
};

const ROWS: HelperConvention[] = [
	logger('INFO_LOG', 'INFO', RUNTIME_UTILS),
	logger('WARN_LOG', 'WARN', RUNTIME_UTILS),
	logger('ERROR_LOG', 'ERROR', RUNTIME_UTILS),
	logger('DEBUG_LOG', 'DEBUG', RUNTIME_UTILS),
	{
		macro: macro('LOG_PRINT', ['fmt', '...'], 'printf(fmt, ##__VA_ARGS__)'),
		meaning: { zh: 'printf', en: 'printf' },
		source: ACLNN_COMMON,
	},
	check(
		'CHECK_ERROR',
		'call',
		'ERROR_LOG("Operation failed: %s returned error code %d", #call, __casebook_ret)',
		'return -1;',
		RETURNS_MINUS_ONE,
		RUNTIME_UTILS,
	),
	check(
		'CHECK_ERROR_WITHOUT_RETURN',
		'call',
		'ERROR_LOG("Operation failed: %s returned error code %d", #call, __casebook_ret)',
		'',
		{
			zh: '检查宏：调用返回非零时打印一行错误日志，然后继续执行',
			en: 'a check that logs a call returning non-zero and carries on',
		},
		RUNTIME_UTILS,
	),
	check(
		'CHECK_ACL_RETURN',
		'call',
		'ERROR_LOG("%s failed: ret=%d", #call, __casebook_ret)',
		'return -1;',
		RETURNS_MINUS_ONE,
		RUNTIME_UTILS,
	),
	check(
		'CHECK_ACL',
		'x',
		'std::cerr << __FILE__ << ":" << __LINE__ << " aclError:" << __casebook_ret << std::endl',
		'',
		{
			zh: '检查宏：调用返回非零时在 stderr 打印 `文件:行号 aclError:N`，然后继续执行',
			en: 'a check that prints `file:line aclError:N` on stderr when the call returns non-zero, and carries on',
		},
		DATA_UTILS,
	),
	check(
		'ACLCHECK',
		'ret',
		'printf("acl interface return err %s:%d, retcode: %d \\n", __FILE__, __LINE__, __casebook_ret)',
		'return __casebook_ret;',
		{
			zh: '检查宏：AscendCL 调用返回非零时打印返回码，并让调用者返回这个值',
			en: 'a check that prints a non-zero AscendCL result and makes the caller return it',
		},
		HCCL_EXAMPLES,
	),
	check(
		'HCCLCHECK',
		'ret',
		'printf("hccl interface return err %s:%d, retcode: %d \\n", __FILE__, __LINE__, __casebook_ret)',
		'return __casebook_ret;',
		{
			zh: '检查宏：HCCL 调用返回非零时打印返回码，并让调用者返回这个值',
			en: 'a check that prints a non-zero HCCL result and makes the caller return it',
		},
		HCCL_EXAMPLES,
	),
	{
		macro: macro('CHECK_RET', ['cond', '...'], 'do { if (!(cond)) { __VA_ARGS__; } } while (0)'),
		meaning: {
			zh: '检查宏：条件不成立时执行第二个参数（若干语句）',
			en: 'a check that runs its second argument (statements) when the condition is false',
		},
		source: ACLNN_COMMON,
	},
	{
		macro: macro('ACLRT_LAUNCH_KERNEL', ['kernel_func'], 'aclrtlaunch_##kernel_func'),
		meaning: {
			zh: '核函数工程生成的启动宏：ACLRT_LAUNCH_KERNEL(k)(blockDim, stream, 参数…) 调用生成的 aclrtlaunch_k，即以 k<<<blockDim, nullptr, stream>>>(参数…) 启动核函数 k',
			en: 'the launch macro a kernel build generates: ACLRT_LAUNCH_KERNEL(k)(blockDim, stream, args…) calls the generated aclrtlaunch_k, which launches k<<<blockDim, nullptr, stream>>>(args…)',
		},
		source: GENERATED_LAUNCH,
	},
	framework(
		'GET_TILING_DATA',
		['var', 'tiling'],
		'__CasebookTiling var = __CasebookTiling(tiling)',
		COPIES_TILING,
	),
	framework(
		'GET_TILING_DATA_WITH_STRUCT',
		['type', 'var', 'tiling'],
		'__CasebookTiling var = __CasebookTiling(tiling)',
		COPIES_TILING,
	),
	framework(
		'GET_TILING_DATA_PTR_WITH_STRUCT',
		['type', 'var', 'tiling'],
		'__CasebookTiling __casebook_##var = __CasebookTiling(tiling); __CasebookTiling *var = &__casebook_##var',
		{
			zh: '框架让它命名的指针指向 tiling 结构体，字段读出的是 --tiling 给出的值（没给出的为 0）',
			en: 'the framework pointing the variable it names at the tiling struct, whose fields read the values given with --tiling (0 for the others)',
		},
	),
	framework(
		'GET_TILING_DATA_MEMBER',
		['type', 'member', 'var', 'tiling'],
		'__CasebookTiling __casebook_##var = __CasebookTiling(tiling); auto var = __casebook_##var.member',
		{
			zh: '框架取出 tiling 结构体的一个字段：读出 --tiling 给出的值，没给出则为 0',
			en: 'the framework copying one field of the tiling struct; it reads the value given with --tiling, else 0',
		},
	),
	framework('TILING_KEY_IS', ['key'], '(__casebook_tiling_key() == (key))', {
		zh: 'tiling key 等于参数时为真；没有主机侧 tiling 函数时，key 取核函数里检查的最小值，除非用 --tiling-key 指定',
		en: 'true when the tiling key equals the argument; with no host tiling function the key is the smallest the kernel tests, unless --tiling-key gives one',
	}),
	framework('KERNEL_TASK_TYPE_DEFAULT', ['type'], '((void)0)', {
		zh: '框架的核函数类型声明，在模拟器里不产生任何影响',
		en: 'the framework’s kernel-type declaration, which changes nothing in the simulator',
	}),
	framework('REGISTER_TILING_DEFAULT', ['type'], '((void)0)', {
		zh: '框架对 tiling 结构体的注册，在模拟器里不产生任何影响',
		en: 'the framework’s tiling-struct registration, which changes nothing in the simulator',
	}),
];

/** The conventions by name. */
export const HELPER_CONVENTIONS: ReadonlyMap<string, HelperConvention> = new Map(
	ROWS.map((r) => [r.macro.name, r]),
);

/** The convention a name follows, if it is one of the samples' helpers. */
export function helperConvention(name: string): HelperConvention | undefined {
	return HELPER_CONVENTIONS.get(name);
}

/** A helper function of the samples, run by the simulator's own file bindings (std/files.ts). */
export interface HelperFunction {
	meaning: Localized;
	source: string;
}

/** The samples' helper functions the simulator provides when the program does not define them. */
export const HELPER_FUNCTIONS: ReadonlyMap<string, HelperFunction> = new Map([
	[
		'ReadFile',
		{
			meaning: {
				zh: '样例里的读文件函数：把整个文件读进缓冲区（不超过缓冲区大小）并写回文件大小；文件不存在时打印 `[ERROR]  failed to get file`',
				en: "the samples' file reader: it reads the whole file into the buffer (up to its size) and stores the size, or prints `[ERROR]  failed to get file` when the file is not there",
			},
			source: DATA_UTILS,
		},
	],
	[
		'WriteFile',
		{
			meaning: {
				zh: '样例里的写文件函数：把缓冲区的 size 个字节写进文件',
				en: "the samples' file writer: it writes `size` bytes of the buffer to the file",
			},
			source: DATA_UTILS,
		},
	],
]);
