/**
 * The CPU-debug ("CPU 孪生调试") output of a failed kernel check, in the real formats: the
 * KERNEL_LOG error line, the `error happened!` line, the SIGABRT line and a backtrace whose
 * frames run from the framework's signal handler through the framework functions into the
 * user's own functions and lines (ascend-facts A.8, A.10).
 *
 * Deterministic by construction: addresses come from a fixed table (the seed's addresses for
 * the frames the seed shows) or from a hash of the frame text, never from randomness.
 */
import type { Frame } from '../trace.ts';
import type { CannWording } from './cann-wording.ts';

/** One frame inside the framework, innermost first in a backtrace. */
export interface FrameworkFrame {
	func: string;
	file: string;
	line: number;
	/** Fixed address; omitted ones are derived from the frame text. */
	address?: number;
}

/** The SIGABRT line, verbatim (seed 000). */
export const SIGABRT_LINE = 'SIGABRT Signal (Abort Signal from abort) catched, backtrace info:';

/** The framework's signal handler frame (seed 000: `handler(int) at …/kern_fwk.h:105`). */
export function handlerFrame(wording: CannWording): FrameworkFrame {
	return {
		func: 'handler(int)',
		file: `${wording.installRoot}/tools/tikicpulib/lib/include/kern_fwk.h`,
		line: 105,
		address: 0x1e7c0,
	};
}

/** Framework headers that checks live in. */
export type FrameworkHeader = 'tpipe' | 'tquebind' | 'vec' | 'datacopy';

/**
 * Where a framework header is installed. Releases up to 9.0 print every TPipe/TQue function in
 * `…/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h` (seed 000); the open-source layout
 * used for ≥ 9.1 is illustrative (the facts name the source files, not where they install).
 */
export function frameworkPath(wording: CannWording, header: FrameworkHeader): string {
	const root = wording.installRoot;
	if (wording.openSourceLayout) {
		const file = {
			tpipe: 'kernel_tpipe_impl.h',
			tquebind: 'kernel_tquebind_impl.h',
			vec: 'kernel_operator_vec_binary_intf.h',
			datacopy: 'kernel_operator_data_copy_intf.h',
		}[header];
		return `${root}/x86_64-linux/asc/impl/basic_api/${file}`;
	}
	const file = {
		tpipe: 'kernel_tpipe.h',
		tquebind: 'kernel_tpipe.h',
		vec: 'kernel_operator_vec_binary_intf.h',
		datacopy: 'kernel_operator_data_copy_intf.h',
	}[header];
	return `${root}/x86_64-linux/tikcpp/tikcfw/interface/${file}`;
}

/** How KERNEL_LOG prefixes a line on this product (ascend-facts A.10). */
export type CpuLogLayout = 'core' | 'block-aiv';

/** What one KERNEL_LOG error line needs. */
export interface KernelLogLine {
	layout: CpuLogLayout;
	blockIdx: number;
	file: string;
	line: number;
	func: string;
	pid: number;
	message: string;
}

/**
 * `[ERROR][Core_<block>][<file>:<line>][<func>][<pid>] <msg>`, or on 2201
 * `[ERROR][Block_<block>][AIV_0][<file>:<line>][<func>][<pid>] <msg>` (vector kernels run on
 * AIV; the sub-block index of a pure-vector launch is 0).
 */
export function formatKernelLog(entry: KernelLogLine): string {
	const core =
		entry.layout === 'core' ? `[Core_${entry.blockIdx}]` : `[Block_${entry.blockIdx}][AIV_0]`;
	return `[ERROR]${core}[${entry.file}:${entry.line}][${entry.func}][${entry.pid}] ${entry.message}`;
}

/** `[ERROR][CORE_<n>][pid <pid>] error happened! =========` (seed 000). */
export function formatErrorHappened(blockIdx: number, pid: number): string {
	return `[ERROR][CORE_${blockIdx}][pid ${pid}] error happened! =========`;
}

/** FNV-1a over a string: a stable 32-bit hash for synthetic addresses. */
function hash(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h;
}

/** Framework frames live in 0x10000–0x1ffff and user frames in 0xd000–0xdfff, as in the seed. */
function frameAddress(text: string, user: boolean): number {
	const h = hash(text);
	return user ? 0xd000 + (h % 0x1000) : 0x10000 + (h % 0x10000);
}

/** `0x%016x`. */
function hex16(value: number): string {
	return `0x${value.toString(16).padStart(16, '0')}`;
}

/** Prints a user file the way the seed's backtrace does: an absolute path (`/home/xxxx/…`). */
export function userFilePath(file: string): string {
	return file.startsWith('/') ? file : `/home/xxxx/${file}`;
}

/**
 * The backtrace lines: `[#k] 0x…: <func> at <file>:<line>`, first the framework frames
 * (innermost first, starting with the signal handler), then the user's frames from `stack`
 * (given innermost last, as a CallSite holds them).
 */
export function formatBacktrace(
	framework: readonly FrameworkFrame[],
	stack: readonly Frame[],
	defaultFile: string,
): string[] {
	const lines: string[] = [];
	for (const f of framework) {
		const address = f.address ?? frameAddress(`${f.func}@${f.line}`, false);
		lines.push(`[#${lines.length}] ${hex16(address)}: ${f.func} at ${f.file}:${f.line}`);
	}
	for (let i = stack.length - 1; i >= 0; i--) {
		const f = stack[i]!;
		const file = userFilePath(f.file ?? defaultFile);
		const address = frameAddress(`${f.func}@${file}:${f.line}`, true);
		lines.push(`[#${lines.length}] ${hex16(address)}: ${f.func} at ${file}:${f.line}`);
	}
	return lines;
}

/**
 * Formats a C printf template the way KERNEL_LOG does for the conversions the checks use:
 * `%d %u %ld %s` print the value, `%p` prints `0x` + hex.
 */
export function formatC(template: string, ...args: ReadonlyArray<string | number>): string {
	let i = 0;
	return template.replace(/%(?:l?[dus]|p|%)/g, (spec) => {
		if (spec === '%%') return '%';
		const value = args[i++];
		if (value === undefined) return spec;
		if (spec === '%p') return `0x${Number(value).toString(16)}`;
		return String(value);
	});
}
