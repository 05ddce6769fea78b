/**
 * The data options of `casebook sim`, apart from the rest of its command line: the kernel's
 * inputs and outputs and what a compiler would be told.
 *
 * - `--input NAME=FILE` (repeatable): the raw little-endian bytes of FILE become the GM buffer
 *   of the kernel parameter NAME (a kernel run without `main`);
 * - `--output-dir DIR`: after the run, every GM buffer the run made is written to DIR/NAME.bin;
 * - `--fill zeros|ramp|random[:SEED]`: what the parameters without an input hold (default ramp);
 * - `-D NAME[=VALUE]`, `-U NAME` (repeatable, also glued: `-DDTYPE_X=half`): macros, as a
 *   compiler takes them.
 *
 * Node-only: it reads and writes files.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
export const SIM_DATA_USAGE = `  --input NAME=FILE bytes of kernel parameter NAME (raw, little-endian) when there is no main
                    (repeatable); the others are filled as --fill says
  --fill KIND       zeros, ramp (default: i mod 128, floats /16) or random[:SEED]
  --output-dir DIR  write every GM buffer of the run to DIR/NAME.bin afterwards
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

/** Writes every GM buffer of the run's end snapshot to `dir`/NAME.bin; returns the files written. */
export async function writeOutputs(dir: string, trace: Trace): Promise<string[]> {
	const images = (trace.memory?.images ?? []).filter((m) => m.memory === 'GM' && m.buffer);
	await mkdir(dir, { recursive: true });
	const written: string[] = [];
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
