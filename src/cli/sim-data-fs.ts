/**
 * The data options of `casebook sim`, apart from the rest of its command line: the kernel's
 * inputs and outputs and what a compiler would be told.
 *
 * - `--input NAME=FILE` (repeatable): FILE is one of the program's files under the name NAME.
 *   A host program reads it at the path NAME (`ReadFile("./input/x.bin", …)` with
 *   `--input ./input/x.bin=x.bin`); a kernel run without `main` takes its raw little-endian
 *   bytes as the GM buffer of the kernel parameter NAME. (Files given as PATHs are program
 *   files under their own paths.)
 * - `--output-dir DIR`: after the run, the files the program wrote land in DIR under the paths
 *   it wrote them to, and every GM buffer of a kernel run without `main` in DIR/NAME.bin;
 * - `--fill zeros|ramp|random[:SEED]`: what the parameters without an input hold (default ramp);
 * - `-D NAME[=VALUE]`, `-U NAME` (repeatable, also glued: `-DDTYPE_X=half`): macros, as a
 *   compiler takes them.
 *
 * Node-only: it reads and writes files.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMacroName, parseDefine } from '../sim/define-list.ts';
import { parseGmFill, type GmFill } from '../sim/kernel/gm-fill.ts';
import type { RunRequest } from '../sim/run-request.ts';
import type { Trace } from '../sim/trace.ts';

/** The data options as parsed. */
export interface SimDataOptions {
	inputs: Array<{ name: string; file: string }>;
	outputDir?: string;
	fill?: GmFill;
	defines: Record<string, string>;
	undefines: string[];
}

/** Help lines for the options, as `casebook sim --help` prints them. */
export const SIM_DATA_USAGE = `  --input NAME=FILE FILE is the program's file NAME (repeatable): a host program reads it at
                    path NAME; without main, its raw little-endian bytes are kernel parameter
                    NAME (the other parameters are filled as --fill says)
  --fill KIND       zeros, ramp (default: i mod 128, floats /16) or random[:SEED]
  --output-dir DIR  afterwards, write the files the program wrote to DIR (under their paths)
                    and, without main, every GM buffer to DIR/NAME.bin
  -D NAME[=VALUE]   define a macro, as a compiler does (e.g. -D DTYPE_X=half); repeatable
  -U NAME           remove a predefined macro (e.g. -U ASCENDC_CPU_DEBUG); repeatable`;

/**
 * Takes the data options out of `argv`: returns them and the arguments left for the rest of
 * the parser, or a message for a malformed one.
 */
export function splitDataOptions(
	argv: readonly string[],
): { data: SimDataOptions; rest: string[] } | { error: string } {
	const data: SimDataOptions = { inputs: [], defines: {}, undefines: [] };
	const rest: string[] = [];
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const glued = /^-[DU]./.test(arg) && !arg.startsWith('--');
		const flag = glued ? arg.slice(0, 2) : arg.startsWith('--') ? arg.split('=')[0]! : arg;
		const inline = glued
			? arg.slice(2)
			: arg.startsWith('--') && arg.includes('=')
				? arg.slice(arg.indexOf('=') + 1)
				: undefined;
		const value = (): string | undefined => inline ?? argv[++i];
		switch (flag) {
			case '--input': {
				const v = value() ?? '';
				const at = v.indexOf('=');
				if (at <= 0 || at === v.length - 1)
					return { error: `--input needs NAME=FILE, not ${v ? `"${v}"` : 'nothing'}.` };
				data.inputs.push({ name: v.slice(0, at), file: v.slice(at + 1) });
				break;
			}
			case '--output-dir': {
				const v = value();
				if (!v) return { error: '--output-dir needs a directory.' };
				data.outputDir = v;
				break;
			}
			case '--fill': {
				const v = value() ?? '';
				const fill = parseGmFill(v);
				if (!fill)
					return {
						error: `--fill must be zeros, ramp or random[:SEED], not ${v ? `"${v}"` : 'nothing'}.`,
					};
				data.fill = fill;
				break;
			}
			case '-D': {
				const v = value() ?? '';
				const d = parseDefine(v);
				if (!d) return { error: `-D needs NAME or NAME=VALUE, not ${v ? `"${v}"` : 'nothing'}.` };
				data.defines[d.name] = d.value;
				break;
			}
			case '-U': {
				const v = value() ?? '';
				if (!isMacroName(v))
					return { error: `-U needs a macro name, not ${v ? `"${v}"` : 'nothing'}.` };
				data.undefines.push(v);
				break;
			}
			default:
				rest.push(arg);
		}
	}
	return { data, rest };
}

/** Reads the input files into the request; throws a message naming a file it cannot read. */
export async function applyDataOptions(request: RunRequest, data: SimDataOptions): Promise<void> {
	if (data.inputs.length > 0) {
		const inputs: Record<string, Uint8Array> = {};
		for (const { name, file } of data.inputs) {
			try {
				inputs[name] = new Uint8Array(await readFile(file));
			} catch (error) {
				throw new Error(
					`cannot read --input ${name}=${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
				);
			}
		}
		request.gmInputs = inputs;
	}
	if (data.fill) request.gmFill = data.fill;
	if (Object.keys(data.defines).length > 0) request.defines = data.defines;
	if (data.undefines.length > 0) request.undefines = data.undefines;
	if (data.outputDir) request.snapshot = 'end';
}

/**
 * Writes what the run produced to `dir`: every file the program wrote, under the path it wrote
 * (kept inside `dir`: leading `/` and `..` parts are dropped), and every GM buffer of the run's
 * end snapshot as NAME.bin; returns the files written.
 */
export async function writeOutputs(dir: string, trace: Trace): Promise<string[]> {
	const images = (trace.memory?.images ?? []).filter((m) => m.memory === 'GM' && m.buffer);
	await mkdir(dir, { recursive: true });
	const written: string[] = [];
	for (const f of trace.files ?? []) {
		const parts = f.path.split(/[\\/]+/).filter((p) => p !== '' && p !== '.' && p !== '..');
		if (parts.length === 0) continue;
		const file = join(dir, ...parts);
		await mkdir(dirname(file), { recursive: true });
		await writeFile(file, f.bytes);
		written.push(file);
	}
	for (const m of images) {
		// The end snapshot copies whole buffers (memory-watch.ts).
		const bytes = new Uint8Array(m.size);
		bytes.set(m.bytes.subarray(0, m.size));
		const file = join(dir, `${m.buffer!.replace(/[^\w.-]/g, '_')}.bin`);
		await writeFile(file, bytes);
		written.push(file);
	}
	return written;
}
