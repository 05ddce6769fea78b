/**
 * The modes a check can be asked for: the simulator's own (RUN_MODES) and any the design
 * names that the simulator does not have yet. A cell in a mode the simulator lacks is not run;
 * it is reported as `unavailable`, never as a pass. When a mode lands in RUN_MODES, its cells
 * run with no change here.
 */
import { isRunMode, RUN_MODES, type RunMode } from '../sim/run-request.ts';

/** Every mode `casebook check` and the widget's matrix accept (design.md: npu, cpu, sanitizer). */
export const CHECK_MODES = ['npu', 'cpu', 'sanitizer'] as const;

/** One of {@link CHECK_MODES}. */
export type CheckMode = (typeof CHECK_MODES)[number];

// Every simulator mode must be a check mode; this line stops compiling if one is not.
const SIMULATED: readonly CheckMode[] = RUN_MODES;

/** Whether `value` names a mode a check accepts. */
export function isCheckMode(value: string): value is CheckMode {
	return (CHECK_MODES as readonly string[]).includes(value);
}

/** Whether the simulator can run `mode` (the others' cells are `unavailable`). */
export function isSimulated(mode: CheckMode): mode is CheckMode & RunMode {
	return SIMULATED.includes(mode) && isRunMode(mode);
}

/** The modes of `modes` the simulator cannot run yet, in order. */
export function unavailableModes(modes: readonly CheckMode[]): CheckMode[] {
	return modes.filter((m) => !isSimulated(m));
}
