/**
 * Checking one program on every product and mode, through the interpreter: the seed's six-queue
 * kernel fails only on Atlas training (hang on the NPU, the limit message in CPU debug), its fix
 * passes everywhere, and the headroom says how close each product came to its limits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS, type ProductId } from '../sim/product-id.ts';
import { isRunMode, RUN_MODES } from '../sim/run-request.ts';
import { run } from '../lang/run.ts';
import { cellFailed, cellRule } from './check-cell.ts';
import { CHECK_MODES, unavailableModes } from './check-mode.ts';
import { runCheck, type CheckProgram } from './check-run.ts';
import { checkVerdict } from './check-verdict.ts';
import { headroomSentence } from './check-words.ts';
import { oneQueueKernel } from './one-queue-kernel.fixture.ts';
import { distinctFindings } from './distinct-findings.ts';
import type { HeadroomRow } from './headroom.ts';

const CASE = 'content/cases/alloc-tensor-queue-position-limit';
const program = (file: string): CheckProgram => ({
	source: readFileSync(`${CASE}/${file}`, 'utf8'),
	fileName: file,
});
const all = { products: PRODUCT_IDS, modes: RUN_MODES };

describe('the six-queue kernel on every product and mode', () => {
	const report = runCheck({ program: program('add-six-faulty.cpp'), ...all });

	it('has one cell per product and mode, in the simulator’s order', () => {
		expect(report.cells.map((c) => `${c.product}/${c.mode}`)).toEqual(
			PRODUCT_IDS.flatMap((p) => RUN_MODES.map((m) => `${p}/${m}`)),
		);
	});

	it('hangs on the NPU and aborts in CPU debug on Atlas training, at the EnQue of line 59', () => {
		const training = report.cells.filter((c) => c.product === 'atlas-training');
		expect(training.map((c) => [c.mode, c.outcome])).toEqual([
			['npu', 'hang'],
			['cpu', 'abort'],
			['sanitizer', 'hang'],
		]);
		for (const cell of training) {
			expect(cellRule(cell)).toMatchObject({
				code: 'tque-buffer-limit',
				severity: 'error',
				file: 'add-six-faulty.cpp',
				line: 59,
			});
		}
		const cpu = training.find((c) => c.mode === 'cpu')!;
		expect(cellRule(cpu)!.messages.en).toContain(
			'Atlas training series allows at most 4 buffers per TPosition',
		);
	});

	it('completes with no finding on every other product', () => {
		const others = report.cells.filter((c) => c.product !== 'atlas-training');
		expect(others.every((c) => c.outcome === 'completed' && c.findings.length === 0)).toBe(true);
	});

	it('says VECIN peaks at 6 of 4 on Atlas training and 6 of 8 elsewhere, in both languages', () => {
		const vecin = report.headroom.find(
			(r) => r.kind === 'position-buffers' && r.subject === 'VECIN',
		)!;
		expect(vecin.products.map((p) => [p.product, p.peak, p.limit])).toEqual(
			PRODUCT_IDS.map((p) => [p, 6, p === 'atlas-training' ? 4 : 8]),
		);
		expect(headroomSentence(vecin, 'en', PRODUCT_IDS)).toBe(
			'VECIN buffers peak at 6 of 4 on atlas-training (over the limit from add-six-faulty.cpp:47), 6 of 8 elsewhere',
		);
		expect(headroomSentence(vecin, 'zh', PRODUCT_IDS)).toBe(
			'VECIN 上的 buffer：atlas-training 峰值 6，上限 4（从 add-six-faulty.cpp:47 起超出上限）；其余产品峰值 6，上限 8',
		);
	});

	it('names the EnQue whose fifth MTE2_V id Atlas training refused', () => {
		const ids = report.headroom.find((r) => r.kind === 'event-ids' && r.subject === 'MTE2_V')!;
		expect(headroomSentence(ids, 'en', PRODUCT_IDS)).toBe(
			'MTE2_V event ids peak at 4 of 4 on atlas-training (number 5 refused at add-six-faulty.cpp:59), 6 of 8 elsewhere',
		);
	});

	it('reports each finding once, with the runs it happened on', () => {
		expect(
			distinctFindings(report.cells).map((f) => [
				f.code,
				f.line,
				f.cells.map((c) => `${c.product}/${c.mode}`),
			]),
		).toEqual([
			[
				'tque-buffer-limit',
				59,
				['atlas-training/npu', 'atlas-training/cpu', 'atlas-training/sanitizer'],
			],
			[
				'tposition-buffer-count',
				47,
				['atlas-training/npu', 'atlas-training/cpu', 'atlas-training/sanitizer'],
			],
		]);
	});

	it('fails the check', () => {
		expect(checkVerdict(report.cells, 'error')).toBe('findings');
	});
});

describe('the fix of the six-queue kernel', () => {
	it('completes on every product and mode with no finding, so the check is clean even on warnings', () => {
		const report = runCheck({ program: program('add-six-fixed.cpp'), ...all });
		expect(report.cells.every((c) => c.outcome === 'completed')).toBe(true);
		expect(checkVerdict(report.cells, 'warning')).toBe('clean');
	});
});

describe('verdicts', () => {
	const kernel = oneQueueKernel;
	const one = { products: ['atlas-a2'] as ProductId[], modes: RUN_MODES };

	it('fails on a warning only when told to fail on warnings', () => {
		// DataCopy of 3 halves copies 0 bytes: rounded down to 32, a warning the run survives.
		const report = runCheck({ program: { source: kernel('    DataCopy(t, g, 3);') }, ...one });
		expect(report.cells.every((c) => c.outcome === 'completed')).toBe(true);
		expect(report.cells[0]!.findings.map((f) => f.code)).toEqual(['datacopy-round-down']);
		expect(checkVerdict(report.cells, 'error')).toBe('clean');
		expect(checkVerdict(report.cells, 'warning')).toBe('findings');
	});

	it('is rejected when the program cannot be interpreted', () => {
		const report = runCheck({ program: { source: kernel('    int x = ;') }, ...one });
		expect(report.cells.map((c) => c.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
		expect(checkVerdict(report.cells, 'error')).toBe('rejected');
	});
});

describe('the sanitizer mode', () => {
	it('is run like every other mode, so no check mode is left not available', () => {
		const asked: string[] = [];
		const report = runCheck(
			{
				program: program('add-six-fixed.cpp'),
				products: ['atlas-a2'],
				modes: ['npu', 'sanitizer'],
			},
			(request) => {
				asked.push(request.mode);
				return run(request);
			},
		);
		expect(asked).toEqual(['npu', 'sanitizer']);
		expect(report.cells.map((c) => [c.mode, c.outcome, c.findings.length])).toEqual([
			['npu', 'completed', 0],
			['sanitizer', 'completed', 0],
		]);
		expect(checkVerdict(report.cells, 'warning')).toBe('clean');
		expect(unavailableModes(CHECK_MODES)).toEqual([]);
		expect(CHECK_MODES.every((m) => isRunMode(m))).toBe(true);
	});
});

describe('headroom sentences', () => {
	const row = (peaks: Array<[ProductId, number, number]>): HeadroomRow => ({
		kind: 'streams',
		subject: '0',
		unit: 'count',
		products: peaks.map(([product, peak, limit]) => ({ product, mode: 'npu', peak, limit })),
	});

	it('says "on every product" when all products reached the same level of the same limit', () => {
		const r = row([
			['atlas-a2', 3, 1984],
			['atlas-a3', 3, 1984],
		]);
		expect(headroomSentence(r, 'en', ['atlas-a2', 'atlas-a3'])).toBe(
			'streams (device 0) peak at 3 of 1984 on every product',
		);
		expect(headroomSentence(r, 'zh', ['atlas-a2', 'atlas-a3'])).toBe(
			'设备 0 的 Stream：所有产品峰值 3，上限 1984',
		);
	});

	it('names products the runs never brought to the resource', () => {
		const r = row([
			['atlas-a2', 1, 8],
			['atlas-a3', 1, 8],
		]);
		expect(headroomSentence(r, 'en', ['atlas-training', 'atlas-a2', 'atlas-a3'])).toBe(
			'streams (device 0) peak at 1 of 8 elsewhere; not reached on atlas-training',
		);
	});

	it('lists single products by name and shows bytes in binary units, marking an illustrative limit', () => {
		const r: HeadroomRow = {
			kind: 'device-memory',
			subject: '0',
			unit: 'bytes',
			products: [
				{
					product: 'atlas-training',
					mode: 'npu',
					peak: 2048,
					limit: 32 * 2 ** 30,
					illustrative: true,
				},
				{ product: 'atlas-a2', mode: 'npu', peak: 1024, limit: 64 * 2 ** 30, illustrative: true },
			],
		};
		expect(headroomSentence(r, 'en', ['atlas-training', 'atlas-a2'])).toBe(
			'device memory bytes (device 0) peak at 2.00 KiB of 32.0 GiB on atlas-training (illustrative limit), 1.00 KiB of 64.0 GiB on atlas-a2 (illustrative limit)',
		);
	});
});
