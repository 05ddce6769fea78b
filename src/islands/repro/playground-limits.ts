/**
 * The limits of runs from a page (src/sim/limits.ts), tighter than the CLI's where a browser tab
 * needs it, and the longest program the editor takes. Kept apart from the worker client so the
 * island can read them before the client loads.
 */
import type { RunLimits } from '../../sim/limits.ts';

/** The source limit of page runs: a program pasted into the editor is read in well under a second. */
const PLAYGROUND_SOURCE_BYTES = 512 * 1024;

/**
 * Limits every run from a page gets (the rest take their defaults): the log keeps twice what
 * the log view draws (1,000 lines), and lines as long as real log lines get (about 300
 * characters), with room.
 */
export const PLAYGROUND_LIMITS: Partial<RunLimits> = {
	maxSourceBytes: PLAYGROUND_SOURCE_BYTES,
	maxLogLines: 2_000,
	maxLineLength: 1_000,
};

/** Longest program the editor takes, in characters; a longer paste is refused with a message. */
export const MAX_EDITOR_CHARS = PLAYGROUND_SOURCE_BYTES;
