/**
 * The check of all products as the simulator worker runs it: one cell per message, the worker
 * free between cells (a newer check, or a run, is taken in between), so the page receives
 * small cells as they finish instead of one long answer. Shared by the worker (which runs it)
 * and the page's client (which reads its messages).
 */
import { checkCells, type CheckProgram } from '../../check/check-run.ts';
import type { CheckCell } from '../../check/check-cell.ts';
import type { ProductId } from '../../sim/product-id.ts';
import type { CheckMode } from '../../check/check-mode.ts';

/** What the page sends the worker to check a program on every product and mode. */
export interface CheckMessage {
	check: number;
	program: CheckProgram;
	products: readonly ProductId[];
	modes: readonly CheckMode[];
}

/** What the worker answers, cell by cell; `check` numbers the request. */
export type CheckReply =
	| { type: 'check-cell'; check: number; index: number; cell: CheckCell }
	| { type: 'check-done'; check: number }
	| { type: 'check-failed'; check: number; message: string };

/** Whether a message to the worker asks for a check. */
export function isCheckMessage(data: unknown): data is CheckMessage {
	return typeof data === 'object' && data !== null && 'check' in data && 'program' in data;
}

/** The newest check asked for; an older one stops at its next cell. */
let latest = 0;

/** Lets the worker take other messages before the next cell. */
function yieldToMessages(): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs the check of `message`, posting each cell, then `check-done` (or `check-failed`). */
export async function runCheckTask(
	message: CheckMessage,
	post: (reply: CheckReply) => void,
): Promise<void> {
	const { check } = message;
	latest = check;
	try {
		let index = 0;
		for (const cell of checkCells(message)) {
			if (latest !== check) return;
			post({ type: 'check-cell', check, index: index++, cell });
			await yieldToMessages();
			if (latest !== check) return;
		}
		post({ type: 'check-done', check });
	} catch (error) {
		post({
			type: 'check-failed',
			check,
			message: error instanceof Error ? error.message : String(error),
		});
	}
}
