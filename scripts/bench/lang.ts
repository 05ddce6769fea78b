/**
 * Interpreter benchmark: parse time of a 300-line kernel, time from source to the kernel
 * starting to run (parse + compile + first call; design.md's 50 ms), interpreted loop iterations
 * per second, and the host loop of aclrtMalloc + kernel launch + aclrtFree through the
 * interpreter (1,000,000 iterations; design.md's 1 s). Absolute times are information only: on a
 * shared machine they wander, so the budget is the ratio to peers in lang-peers.ts.
 */
import { parseProgram, run } from '../../src/lang/index.ts';
import { medianMs as time, type Bench, type BenchRow } from './bench-row.ts';
import { hostLoopProgram } from './lib/host-loop.ts';
import { kernel300 } from './lib/kernel300.ts';

const bench: Bench = async () => {
	const source = kernel300();
	const lines = source.split('\n').length;
	time(() => parseProgram(source), 5);
	const parseMs = time(() => parseProgram(source), 20);
	// The kernel's first call happens right after compilation; a run to the end on one block
	// bounds "starts running" from above.
	const startMs = time(
		() => run({ source, product: 'atlas-a2', mode: 'npu', blocks: 1, gmBytes: 1 << 20 }),
		10,
	);
	const iterations = 1_000_000;
	const loop = `int main() {\n    int64_t sum = 0;\n    for (int32_t i = 0; i < ${iterations}; i++) {\n        sum += i % 7;\n    }\n    printf("%ld\\n", sum);\n    return 0;\n}\n`;
	run({ source: loop, product: 'atlas-a2', mode: 'npu' });
	const loopMs = time(() => run({ source: loop, product: 'atlas-a2', mode: 'npu' }), 3);
	const hostIterations = 100_000;
	const hostMs = time(
		() => run({ source: hostLoopProgram(hostIterations), product: 'atlas-a2', mode: 'npu' }),
		1,
	);
	// design.md's budget for the host loop (≤ 1 s in Node for 1,000,000 iterations), through the
	// interpreter; scripts/bench/host-sim.ts times the same loop on the simulator alone.
	const millionSource = hostLoopProgram(1_000_000);
	const millionMs = time(() => run({ source: millionSource, product: 'atlas-a2', mode: 'npu' }), 3);
	const rows: BenchRow[] = [
		{ name: `parse a ${lines}-line kernel`, value: parseMs, unit: 'ms' },
		{
			name: `${lines}-line kernel: source to running (parse, compile, run 1 block)`,
			value: startMs,
			unit: 'ms',
		},
		{
			name: '1,000,000-iteration interpreted loop',
			value: loopMs,
			unit: 'ms',
		},
		{
			name: `${hostIterations.toLocaleString('en')}-iteration host loop (aclrtMalloc + <<<>>> + aclrtFree) through the interpreter`,
			value: hostMs,
			unit: 'ms',
		},
		{
			name: '1,000,000-iteration host loop (aclrtMalloc + <<<>>> + aclrtFree) through the interpreter',
			value: millionMs,
			unit: 'ms',
		},
		{
			name: 'interpreted loop iterations per second',
			value: Math.round(iterations / (loopMs / 1000)),
			unit: 'iter/s',
		},
	];
	return rows;
};

export default bench;
