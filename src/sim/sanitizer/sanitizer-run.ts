/**
 * One kernel launch under msSanitizer (`--mode sanitizer`): the checkers watch every core as it
 * runs (memcheck through the operand checks, racecheck through the access and sync observers),
 * and at the launch's end their reports are printed to the screen in the tool's format. Each
 * report is an ERROR; the run fails when there is one (issue 14: warnings alone would not).
 *
 * The real tool runs one checker per run (`--tool=memcheck|racecheck|…`, Ascend/mssanitizer
 * docs/en/user_guide/mssanitizer_user_guide.md, 0119e5a0); the simulator runs both at once, so
 * one run shows what either would find.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import { Memcheck } from './memcheck.ts';
import { Racecheck } from './racecheck.ts';

/** The checkers of one launch. */
export class SanitizerRun {
	readonly #memcheck = new Memcheck();
	readonly #racecheck = new Racecheck();

	/** Starts watching `core` (before its body runs). */
	watch(core: CoreContext): void {
		this.#memcheck.watch(core);
		this.#racecheck.watch(core);
	}

	/** Every report of the launch, as groups of screen lines, memcheck's first. */
	reports(kernel: string, fileName: string): string[][] {
		return [
			...this.#memcheck.report(kernel, fileName),
			...this.#racecheck.report(kernel, fileName),
		];
	}
}
