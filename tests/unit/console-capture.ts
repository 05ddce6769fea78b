/**
 * For CLI tests: collects what the command prints on console.log and console.error (restore
 * with `vi.restoreAllMocks()` after each test).
 */
import { vi } from 'vitest';

/** Starts collecting; the returned arrays fill as the command prints. */
export function captureConsole(): { out: string[]; err: string[] } {
	const out: string[] = [];
	const err: string[] = [];
	vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
	vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
	return { out, err };
}
