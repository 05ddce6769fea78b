import { describe, expect, it } from 'vitest';
import { run } from '../../lang/run.ts';
import type { TraceStep } from '../../sim/trace.ts';
import { MAX_STREAM_LANES, timelineLanes } from './timeline-lanes.ts';

const PROGRAM = `int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    void *p = nullptr;
    aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpyAsync(p, 1024, p, 512, ACL_MEMCPY_DEVICE_TO_DEVICE, s);
    aclrtSynchronizeStream(s);
    aclrtDestroyStream(s);
    aclrtFree(p);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

describe('the timeline of a host program', () => {
	const trace = run({
		source: PROGRAM,
		fileName: 'timeline.cpp',
		product: 'atlas-a2',
		mode: 'npu',
	});
	const lanes = timelineLanes(trace.steps);
	const at = (call: string) => trace.steps.find((s) => s.call === call)!;

	it('runs the program', () => expect(trace.outcome).toBe('completed'));

	it('puts the stream under its process, from its creation to its destruction', () => {
		expect(lanes.map((l) => [l.kind, l.label])).toEqual([
			['actor', 'user'],
			['actor', `host:${trace.steps[1]!.actor.slice(5)}`],
			['stream', expect.stringMatching(/^stream \d+$/)],
			['actor', 'driver'],
		]);
		const stream = lanes[2]!;
		expect([stream.start, stream.end]).toEqual([
			at('aclrtCreateStream').time,
			at('aclrtDestroyStream').time,
		]);
	});

	it('marks the calls on the stream, and the process events on the process lane', () => {
		expect(lanes[2]!.marks.map((m) => m.label.split('(')[0])).toEqual([
			'aclrtMemcpyAsync',
			'aclrtSynchronizeStream',
			'aclrtDestroyStream',
		]);
		expect(lanes[1]!.marks.map((m) => m.label.split('(')[0])).toEqual(['return']);
	});
});

let n = 0;
function step(
	time: number,
	actor: string,
	call: string,
	extra: Partial<TraceStep> = {},
): TraceStep {
	return { step: ++n, time, actor, call, args: [], result: 'ok', ...extra };
}

describe('a process with many streams', () => {
	it('shows the first streams and folds the rest into one counted lane', () => {
		const steps: TraceStep[] = [];
		for (let i = 0; i < 30; i++) {
			const handle = i + 1;
			steps.push(
				step(i * 10, 'host:9', 'aclrtCreateStream', {
					changes: [{ kind: 'stream', pid: 9, handle, id: i + 1 }],
				}),
				step(i * 10 + 1, 'host:9', 'aclrtMemcpyAsync', { streams: [handle] }),
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
		expect(lanes[0]!.marks.map((m) => m.label)).toEqual(['aclrtMemcpyAsync() → ok']);
	});
});
