/**
 * The HCCL environment variables the simulator reads, and the timeouts they give on each product.
 *
 * - HCCL_EXEC_TIMEOUT (hicann/hccl docs/zh/user_guide/hccl_env/HCCL_EXEC_TIMEOUT.md, 09300b7):
 *   Atlas A2/A3 in HOST mode take whole seconds in [0, 2147483647], default 1836, 0 = never; in
 *   AIV mode (HCCL_OP_EXPANSION_MODE=AIV) [0, 1091], default 1091, and 0 or more than 1091 count
 *   as 1091. Atlas training and inference series take (0, 17340], default 1836, and use the value
 *   rounded down to a multiple of 68, at least 68 (600 → 544).
 * - HCCL_CONNECT_TIMEOUT (HCCL_CONNECT_TIMEOUT.md): [120, 7200] s, default 120; forming a
 *   communicator waits that long plus 20 s, "used to tell every node why the initialisation
 *   failed".
 * - HCCL_ENTRY_LOG_ENABLE=1 logs each collective call (HCCL_ENTRY_LOG_ENABLE.md);
 *   HCCL_DIAGNOSE_ENABLE=1 keeps task details for the failure lines on Atlas A2/A3
 *   (HCCL_DIAGNOSE_ENABLE.md, task_exec_stage.md).
 *
 * A value outside its range, or not a number, is ignored and the default used (the docs do not
 * say what HCCL does then; illustrative).
 */
import type { ProductId } from '../product-id.ts';

/** Seconds HCCL_EXEC_TIMEOUT defaults to (HOST and AI CPU modes, and the 910/310P series). */
export const DEFAULT_EXEC_TIMEOUT_S = 1836;

/** HCCL_EXEC_TIMEOUT's default and maximum in AIV expansion mode. */
export const AIV_EXEC_TIMEOUT_S = 1091;

/** The step the Atlas training and inference series round HCCL_EXEC_TIMEOUT down to. */
export const EXEC_TIMEOUT_STEP_S = 68;

/** The largest HCCL_EXEC_TIMEOUT the Atlas training and inference series take. */
export const MAX_EXEC_TIMEOUT_910_S = 17340;

/** The largest HCCL_EXEC_TIMEOUT Atlas A2/A3 take in HOST mode. */
export const MAX_EXEC_TIMEOUT_S = 2147483647;

/** HCCL_CONNECT_TIMEOUT's default, minimum and maximum, in seconds. */
export const DEFAULT_CONNECT_TIMEOUT_S = 120;
export const MAX_CONNECT_TIMEOUT_S = 7200;

/** What a failed communicator initialisation waits beyond HCCL_CONNECT_TIMEOUT. */
export const INIT_ERROR_BROADCAST_S = 20;

/**
 * How long a failed link setup takes to report beyond HCCL_CONNECT_TIMEOUT: the fault-detection
 * threshold of HCCL_DFS_CONFIG's connection_fault_detection_time, 20 s by default
 * (param_link_stage.md).
 */
export const LINK_DETECTION_S = 20;

/** How one variable was set, for the `[HCCL_ENV]` lines. */
export interface EnvSetting {
	readonly seconds: number;
	/** `default` or `environment`, as `set by default to [120]s` says. */
	readonly from: 'default' | 'environment';
}

/** The process environment, as `getenv` sees it. */
export type Env = Readonly<Record<string, string | undefined>>;

function integer(text: string | undefined): number | undefined {
	if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
	return Number(text);
}

/** Whether the process runs collectives in AIV expansion mode. */
function aivMode(env: Env): boolean {
	return (env['HCCL_OP_EXPANSION_MODE'] ?? '').trim().toUpperCase() === 'AIV';
}

/** Whether `product` is one of the Atlas training / inference series (910, 310P). */
function series910(product: ProductId): boolean {
	return product === 'atlas-training' || product.startsWith('atlas-inference');
}

/**
 * HCCL_EXEC_TIMEOUT as configured (before rounding): what a task waits for its peers, in
 * seconds; 0 means it waits forever.
 */
export function execTimeoutSetting(product: ProductId, env: Env): EnvSetting {
	const given = integer(env['HCCL_EXEC_TIMEOUT']);
	if (series910(product)) {
		if (given !== undefined && given > 0 && given <= MAX_EXEC_TIMEOUT_910_S)
			return { seconds: given, from: 'environment' };
		return { seconds: DEFAULT_EXEC_TIMEOUT_S, from: 'default' };
	}
	if (aivMode(env)) {
		if (given === undefined) return { seconds: AIV_EXEC_TIMEOUT_S, from: 'default' };
		const s = given === 0 || given > AIV_EXEC_TIMEOUT_S ? AIV_EXEC_TIMEOUT_S : given;
		return { seconds: s, from: 'environment' };
	}
	if (given !== undefined && given <= MAX_EXEC_TIMEOUT_S)
		return { seconds: given, from: 'environment' };
	return { seconds: DEFAULT_EXEC_TIMEOUT_S, from: 'default' };
}

/**
 * The execution timeout in effect, in seconds (0: never): the setting, rounded down to a
 * multiple of 68 and at least 68 on the Atlas training and inference series.
 */
export function execTimeoutS(product: ProductId, env: Env): number {
	const { seconds } = execTimeoutSetting(product, env);
	if (!series910(product)) return seconds;
	return Math.max(
		EXEC_TIMEOUT_STEP_S,
		Math.floor(seconds / EXEC_TIMEOUT_STEP_S) * EXEC_TIMEOUT_STEP_S,
	);
}

/** HCCL_CONNECT_TIMEOUT, in seconds. */
export function connectTimeoutSetting(env: Env): EnvSetting {
	const given = integer(env['HCCL_CONNECT_TIMEOUT']);
	if (given !== undefined && given >= DEFAULT_CONNECT_TIMEOUT_S && given <= MAX_CONNECT_TIMEOUT_S)
		return { seconds: given, from: 'environment' };
	return { seconds: DEFAULT_CONNECT_TIMEOUT_S, from: 'default' };
}

/** Whether `HCCL_<name>` is set to 1. */
export function flagSet(env: Env, name: 'HCCL_ENTRY_LOG_ENABLE' | 'HCCL_DIAGNOSE_ENABLE'): boolean {
	return (env[name] ?? '').trim() === '1';
}

/**
 * Whether a failed task prints its `[TaskExecStage][Timeout][Host]Task run failed` lines: on
 * Atlas A2/A3 only with HCCL_DIAGNOSE_ENABLE=1, elsewhere always.
 */
export function printsTaskDetails(product: ProductId, env: Env): boolean {
	return series910(product) || flagSet(env, 'HCCL_DIAGNOSE_ENABLE');
}
