import { describe, expect, it } from 'vitest';
import type { TraceStep } from '../../sim/trace.ts';
import { MAX_STREAM_LANES, timelineLanes } from './timeline-lanes.ts';

let n = 0;
function step(
	time: number,
	actor: string,
	call: string,
	args: string[] = [],
	changes?: TraceStep['changes'],
): TraceStep {
	const s: TraceStep = { step: ++n, time, actor, call, args, result: 'ok' };
	if (changes) s.changes = changes;
	return s;
}

describe('the timeline has a lane per process and per stream', () => {
	const steps = [
		step(0, 'user', 'run', ['main']),
		step(
			1,
			'host:18401',
			'aclrtCreateStream',
			[],
			[{ path: 'pid18401.stream.0x5a0020', value: 'stream 1' }],
		),
		step(2, 'host:18401', 'aclmdlExecuteAsync', ['512', '0x5a0020']),
		step(3, 'host:18401', 'aclrtSynchronizeStream', ['0x5a0020']),
		step(50, 'user', 'kill', ['-15', '18401']),
		step(51, 'host:18401', 'exit', ['1']),
		step(52, 'driver', 'reclaim', ['18401']),
	];

	it("puts each stream under its process, from creation to the process's end", () => {
		const lanes = timelineLanes(steps);
		expect(lanes.map((l) => [l.kind, l.label, l.start, l.end])).toEqual([
			['actor', 'user', 0, 50],
			['actor', 'host:18401', 1, 51],
			['stream', 'stream 1', 1, 51],
			['actor', 'driver', 52, 52],
		]);
	});

	it("marks calls on the stream, and the user's and process events on actors", () => {
		const lanes = timelineLanes(steps);
		expect(lanes[2]!.marks.map((m) => m.label)).toEqual([
			'aclmdlExecuteAsync(512, 0x5a0020) → ok',
			'aclrtSynchronizeStream(0x5a0020) → ok',
		]);
		expect(lanes[1]!.marks.map((m) => m.time)).toEqual([51]);
		expect(lanes[0]!.marks.map((m) => m.time)).toEqual([0, 50]);
	});

	it('ends a stream lane where the stream was destroyed', () => {
		const lanes = timelineLanes([
			step(0, 'host:7', 'aclrtCreateStream', [], [{ path: 'pid7.stream.0x1', value: 'stream 1' }]),
			step(5, 'host:7', 'aclrtDestroyStream', ['0x1'], [{ path: 'pid7.stream.0x1', value: null }]),
			step(9, 'host:7', 'aclFinalize'),
		]);
		expect(lanes.find((l) => l.kind === 'stream')).toMatchObject({ start: 0, end: 5 });
	});
});

describe('a process with many streams', () => {
	it('shows the first streams and folds the rest into one counted lane', () => {
		const steps: TraceStep[] = [];
		for (let i = 0; i < 30; i++) {
			const handle = `0x${(i + 1).toString(16)}`;
			steps.push(
				step(
					i * 10,
					'host:9',
					'aclrtCreateStream',
					[],
					[{ path: `pid9.stream.${handle}`, value: `stream ${i + 1}` }],
				),
				step(i * 10 + 1, 'host:9', 'aclrtMemcpyAsync', [handle]),
			);
		}
		const lanes = timelineLanes(steps).filter((l) => l.kind === 'stream');
		expect(lanes).toHaveLength(MAX_STREAM_LANES);
		expect(lanes.slice(0, -1).map((l) => l.label)).toEqual(
			Array.from({ length: MAX_STREAM_LANES - 1 }, (_, i) => `stream ${i + 1}`),
		);
		const folded = lanes[lanes.length - 1]!;
		expect(folded.folded).toBe(30 - (MAX_STREAM_LANES - 1));
		expect(folded.marks).toEqual([]);
		expect(lanes[0]!.marks.map((m) => m.label)).toEqual(['aclrtMemcpyAsync(0x1) → ok']);
	});
});
