/**
 * One kernel launch under msSanitizer (`--mode sanitizer`): the checkers watch every core as it
 * runs (memcheck through the operand checks; racecheck, synccheck and initcheck through the
 * access and sync observers, chained), and at the launch's end their reports are printed to the
 * screen in the tool's format. A report is an ERROR (memcheck, racecheck, initcheck) or a
 * WARNING (synccheck's unpaired SetFlag); the run fails when there is an ERROR, warnings alone
 * keep it completed (issue 14).
 *
 * The real tool runs one checker per run (`--tool=memcheck|racecheck|initcheck|synccheck`,
 * Ascend/mssanitizer docs/en/user_guide/mssanitizer_user_guide.md, 0119e5a0); the simulator
 * runs them all at once, so one run shows what any of them would find.
 */
import type { CoreContext } from '../kernel/core-context.ts';
import { Initcheck } from './initcheck.ts';
import { Memcheck } from './memcheck.ts';
import { Racecheck } from './racecheck.ts';
import { Synccheck } from './synccheck.ts';

/** One report: its screen lines, and whether it is an ERROR (else a WARNING). */
export interface SanitizerReport {
	readonly lines: readonly string[];
	readonly error: boolean;
}

/** The checkers of one launch. */
export class SanitizerRun {
	readonly #memcheck = new Memcheck();
	readonly #racecheck = new Racecheck();
	readonly #initcheck = new Initcheck();
	readonly #synccheck = new Synccheck();

	/** Starts watching `core` (before its body runs). */
	watch(core: CoreContext): void {
		this.#memcheck.watch(core);
		this.#racecheck.watch(core);
		const access = core.onAccess;
		const sync = core.onSync;
		const init = this.#initcheck.watch(core);
		const flags = this.#synccheck.watch(core);
		core.onAccess = (site, call, accesses, pipe) => {
			access?.(site, call, accesses, pipe);
			init(site, call, accesses);
		};
		core.onSync = (site, call, s) => {
			sync?.(site, call, s);
			flags(site, call, s);
		};
	}

	/** Every report of the launch: memcheck's, racecheck's, initcheck's, then synccheck's. */
	reports(kernel: string, fileName: string): SanitizerReport[] {
		const errors = [
			...this.#memcheck.report(kernel, fileName),
			...this.#racecheck.report(kernel, fileName),
			...this.#initcheck.report(kernel, fileName),
		].map((lines) => ({ lines, error: true }));
		const warnings = this.#synccheck
			.report(kernel, fileName)
			.map((lines) => ({ lines, error: false }));
		return [...errors, ...warnings];
	}
}
