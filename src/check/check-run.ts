/**
 * Running a check: one program on every product and mode asked for, one run per cell, in the
 * order products and then modes are listed (the matrix's rows and columns). Each run is the
 * interpreter's `run` with the cell's product and mode; nothing else differs between cells.
 */
import { run } from '../lang/run.ts';
import type { ProductId } from '../sim/product-id.ts';
import type { RunRequest } from '../sim/run-request.ts';
import type { Trace } from '../sim/trace.ts';
import { checkCell, unavailableCell, type CheckCell } from './check-cell.ts';
import { isSimulated, type CheckMode } from './check-mode.ts';
import { headroomOf, type HeadroomRow } from './headroom.ts';

/** The program of a check: a run request without the product and mode each cell picks. */
export type CheckProgram = Omit<RunRequest, 'product' | 'mode'>;

/** What to check: the program, and the products and modes of the matrix. */
export interface CheckRequest {
	program: CheckProgram;
	products: readonly ProductId[];
	modes: readonly CheckMode[];
}

/** The whole check: one cell per product × mode, and the headroom across products. */
export interface CheckReport {
	cells: CheckCell[];
	headroom: HeadroomRow[];
}

/** Runs one program on one cell; the interpreter's `run` unless a test gives another. */
export type Runner = (request: RunRequest) => Trace;

/** The file a finding without its own file points into. */
export function programFileName(program: CheckProgram): string {
	return program.fileName ?? 'main.cpp';
}

/**
 * The cells of `request` in matrix order, each run when it is reached; a mode the simulator
 * cannot run yet gives an `unavailable` cell without running anything.
 */
export function* checkCells(request: CheckRequest, runner: Runner = run): Generator<CheckCell> {
	const fileName = programFileName(request.program);
	for (const product of request.products) {
		for (const mode of request.modes) {
			if (!isSimulated(mode)) {
				yield unavailableCell(product, mode);
				continue;
			}
			const trace = runner({ ...request.program, product, mode });
			yield checkCell(trace, product, mode, fileName);
		}
	}
}

/** The report of cells already run (in matrix order). */
export function checkReport(cells: readonly CheckCell[]): CheckReport {
	return { cells: [...cells], headroom: headroomOf(cells) };
}

/** Runs every cell of `request` and returns the report. */
export function runCheck(request: CheckRequest, runner: Runner = run): CheckReport {
	return checkReport([...checkCells(request, runner)]);
}
