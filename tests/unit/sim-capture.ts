/**
 * For CLI tests of `casebook sim`: runs the command with a report sink and an error writer that
 * keep what it wrote (the command streams its report instead of printing one string).
 */
import { simCommand } from '../../src/cli/sim.ts';

/** What the runs made through `sim` wrote: report pieces and error lines. */
export interface SimCapture {
	readonly out: string[];
	readonly err: string[];
	/** Runs `casebook sim` with `args`; resolves to its exit code. */
	sim(args: readonly string[]): Promise<number>;
}

/** Starts keeping what `casebook sim` writes; `out` and `err` fill as the command writes. */
export function captureSim(): SimCapture {
	const out: string[] = [];
	const err: string[] = [];
	const sink = { write: async (text: string) => void out.push(text) };
	return { out, err, sim: (args) => simCommand(args, sink, (line) => void err.push(line)) };
}

/** Runs `casebook sim` once with `args`: its exit code, its whole report and its error lines. */
export async function simOnce(
	args: readonly string[],
): Promise<{ code: number; text: string; err: string[] }> {
	const { out, err, sim } = captureSim();
	const code = await sim(args);
	return { code, text: out.join(''), err };
}
