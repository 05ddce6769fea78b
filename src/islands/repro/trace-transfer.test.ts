import { describe, expect, it } from 'vitest';
import { langDiagnostic } from '../../lang/diagnostics.ts';
import type { Trace } from '../../sim/trace.ts';
import { TraceAssembler, splitTrace } from './trace-transfer.ts';

function bigTrace(steps: number, lines: number): Trace {
	return {
		outcome: 'hang',
		log: Array.from({ length: lines }, (_, i) => ({ text: `line ${i}`, channel: 'plog', time: i })),
		diagnostics: [langDiagnostic('steps-exhausted', { line: 1, column: 2 }, { steps: 100 })],
		steps: Array.from({ length: steps }, (_, i) => ({
			step: i + 1,
			time: i,
			actor: 'core:0',
			call: 'AllocTensor',
			args: [],
			result: 'ok',
		})),
		series: [],
		leaks: [],
		calls: { AllocTensor: steps },
		stepsTruncated: true,
	};
}

describe('a trace crosses the worker boundary in bounded chunks', () => {
	it('reassembles to the same trace', () => {
		const trace = bigTrace(2_345, 1_001);
		const assembler = new TraceAssembler(7);
		let result: Trace | undefined;
		for (const message of splitTrace(trace, 7, 500)) result = assembler.add(message);
		expect(result).toEqual(trace);
	});

	it('never puts more than the chunk size of steps or lines in one message', () => {
		for (const message of splitTrace(bigTrace(2_345, 1_001), 1, 500)) {
			if (message.type === 'steps') expect(message.steps.length).toBeLessThanOrEqual(500);
			if (message.type === 'log') expect(message.lines.length).toBeLessThanOrEqual(500);
		}
	});

	it('ignores messages of an earlier request', () => {
		const assembler = new TraceAssembler(2);
		for (const message of splitTrace(bigTrace(3, 3), 1))
			expect(assembler.add(message)).toBe(undefined);
	});

	it('refuses to finish a trace with pieces missing', () => {
		const messages = splitTrace(bigTrace(3_000, 0), 1, 1_000);
		const assembler = new TraceAssembler(1);
		expect(() => {
			for (const message of messages.filter((_, i) => i !== 2)) assembler.add(message);
		}).toThrow('trace transfer: pieces missing');
	});
});
