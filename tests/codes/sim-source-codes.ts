/**
 * The codes the simulator's source can emit, read from the source itself (Node only, for the
 * verified-codes test): so a code added to the simulator is seen without anyone listing it.
 *
 * On every code line (comments skipped) of every non-test file under src/sim it reads
 * - the names of aclError and HcclResult constants (`ACL_ERROR_RT_STREAM_CAPTURED`,
 *   `R.HCCL_E_PARA`): an API returns them;
 * - the names of the runtime's inner errors (`'RT_ERROR_DRV_OUT_MEMORY'`): rtFailure prints the
 *   inner code and returns the aclError of that row of RT_ERRORS;
 * - numbers written out that are codes of the index (`107041`, `0x7030027`);
 * - string literals that are a code (`'EE1018'`), and the codes string literals quote, as triage finds them in a log (`ErrCode=207001`,
 *   `EE1023`, `retCode=0x31`, `errNo[0x0000000005010001]`).
 * The files that only define the constants' values (every value, used or not) are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeTable } from '../../src/codes/code-table.ts';
import type { CodeDirectory } from '../../src/triage/code-directory.ts';
import { hex } from '../../src/sim/host/host-log.ts';
import { RT_ERRORS } from '../../src/sim/host/rt-errors.ts';
import { findCodes } from '../../src/triage/find-codes.ts';

/** Files that define constants (every value, used or not), not uses of them. */
const DEFINITIONS = [
	'src/sim/host/acl-error.ts',
	'src/sim/hccl/hccl-types.ts',
	'src/sim/host/rt-errors.ts',
];

/** The .ts files of a folder tree, tests left out. */
function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(entry.name) ? [path] : [];
	});
}

const STRING = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

/** The code lines of a file: comment lines and trailing `//` comments dropped. */
function codeLines(text: string): string[] {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => !/^(\/\/|\/\*|\*)/.test(line))
		.map((line) => line.replace(/\s\/\/\s.*$/, ''));
}

/**
 * Every code the source under `root`/src/sim names, with the first file that names it
 * (repository-relative).
 */
export function codesNamedBySimulator(
	root: string,
	table: CodeTable,
	directory: CodeDirectory,
): Map<string, string> {
	const named = new Map<string, string>();
	const add = (code: string, where: string) => {
		if (!named.has(code)) named.set(code, where);
	};
	for (const file of sourceFiles(join(root, 'src/sim')).sort()) {
		const where = file.slice(root.length).replaceAll('\\', '/');
		if (DEFINITIONS.includes(where)) continue;
		for (const line of codeLines(readFileSync(file, 'utf8'))) {
			const outside = line.replace(STRING, '""');
			for (const [name] of outside.matchAll(/\b(?:ACL_ERROR_[A-Z0-9_]+|HCCL_E_[A-Z_]+)\b/g)) {
				const entry = table.find(name);
				if (entry) add(entry.code, where);
			}
			for (const [name] of line.matchAll(/\bRT_ERROR_[A-Z_]+\b/g)) {
				const inner = (RT_ERRORS as Record<string, { inner: number; acl: number }>)[name];
				if (!inner) continue;
				add(hex(inner.inner), where);
				add(String(inner.acl), where);
			}
			for (const [number] of outside.matchAll(/\b(?:[1-5]\d{5}|0x[0-9a-fA-F]{7})\b/g)) {
				const entry = table.get(number.toLowerCase());
				if (entry && (entry.family === 'acl-error' || entry.family === 'rts-inner'))
					add(entry.code, where);
			}
			for (const match of line.matchAll(STRING)) {
				const literal = (match[1] ?? match[2] ?? match[3])!;
				if (table.get(literal)) add(literal, where);
				for (const hit of findCodes(literal, directory)) add(hit.entry.code, where);
			}
		}
	}
	return named;
}
