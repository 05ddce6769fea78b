import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock.ts';
import { isHalt } from '../halt.ts';
import { PRODUCT_IDS } from '../product-id.ts';
import { Recorder } from '../recorder.ts';
import type { CallSite } from '../trace.ts';
import { factsOf, stateAfter } from '../facts/machine-state.ts';
import { NO_EVENT_ID, type TBufState } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import { createKernelLaunch, runOutcome } from './kernel-launch.ts';
import type { LocalTensor } from './local-tensor.ts';
import type { TQueBind } from './tque-bind.ts';

const site = (line: number): CallSite => ({ stack: [{ func: 'K::Process()', line }] });

/**
 * One generated call. `wild: false` calls are steered to what a correct program would do (a
 * queue with a FREE block, a tensor in the right state); `wild: true` ones take their arguments
 * as generated, so misuse happens too.
 */
type Op =
	| { kind: 'alloc'; q: number; wild: boolean }
	| { kind: 'free'; q: number; t: number; wild: boolean }
	| { kind: 'enque'; q: number; t: number; wild: boolean }
	| { kind: 'deque'; q: number; wild: boolean }
	| { kind: 'freeAll'; q: number; wild: boolean }
	| { kind: 'slice'; t: number; offset: number; wild: boolean };

const queueSpec = fc.record({
	position: fc.oneof(
		{ weight: 4, arbitrary: fc.constant('VECIN') },
		{ weight: 1, arbitrary: fc.constantFrom('VECOUT', 'A1', 'B1', 'A2') },
	),
	depth: fc.integer({ min: 1, max: 3 }),
	blocks: fc.integer({ min: 1, max: 3 }),
});

const rare = fc.integer({ min: 0, max: 19 }).map((n) => n === 0);
const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record({ kind: fc.constant('alloc' as const), q: fc.nat(5), wild: rare }),
	},
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constant('free' as const),
			q: fc.nat(5),
			t: fc.nat(20),
			wild: rare,
		}),
	},
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constant('enque' as const),
			q: fc.nat(5),
			t: fc.nat(20),
			wild: rare,
		}),
	},
	{
		weight: 3,
		arbitrary: fc.record({ kind: fc.constant('deque' as const), q: fc.nat(5), wild: rare }),
	},
	{
		weight: 1,
		arbitrary: fc.record({ kind: fc.constant('freeAll' as const), q: fc.nat(5), wild: rare }),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('slice' as const),
			t: fc.nat(20),
			offset: fc.integer({ min: -4, max: 600 }),
			wild: rare,
		}),
	},
);

/** For a steered call: the first queue from `start` (round robin) that passes `ok`. */
function pick<T>(items: readonly T[], start: number, ok: (item: T) => boolean): T | undefined {
	for (let i = 0; i < items.length; i++) {
		const item = items[(start + i) % items.length]!;
		if (ok(item)) return item;
	}
	return undefined;
}

/** Checks the invariants of one core after a call. */
function checkInvariants(core: CoreContext, queues: TQueBind[]): void {
	const limit = core.profile.queMaxEvent.value;
	const pipe = core.currentPipe!;
	const states: Record<TBufState, number> = { FREE: 0, OCCUPIED: 0, ENQUE: 0, DEQUE: 0 };
	let total = 0;
	const held = new Map<string, number>();
	const ranges = new Map<string, Array<[number, number]>>();
	for (const q of queues) {
		if (q.depth > 0) expect(q.usedCount).toBeLessThanOrEqual(q.depth);
		for (const b of q.blocks) {
			total++;
			states[b.state]++;
			for (const [kind, id] of [
				[q.enQueEvent, b.enQueEventId],
				[q.freeBufEvent, b.freeBufEventId],
			] as const) {
				if (id === NO_EVENT_ID || !kind || kind === 'V_V') continue;
				const key = `${kind}#${id}`;
				held.set(key, (held.get(key) ?? 0) + 1);
			}
			const list = ranges.get(q.hardware) ?? [];
			list.push([b.address, b.address + b.bytes]);
			ranges.set(q.hardware, list);
		}
	}
	// Every block is in exactly one of the four states.
	expect(states.FREE + states.OCCUPIED + states.ENQUE + states.DEQUE).toBe(total);
	// No event id is held twice, and the pool agrees with the blocks that hold ids.
	for (const [key, count] of held) {
		expect(count, key).toBe(1);
		const [event, id] = key.split('#') as [Parameters<typeof pipe.events.heldIds>[0], string];
		expect(pipe.events.heldIds(event)).toContain(Number(id));
	}
	// Blocks of one memory never overlap.
	for (const list of ranges.values()) {
		list.sort((a, b) => a[0] - b[0]);
		for (let i = 1; i < list.length; i++)
			expect(list[i]![0]).toBeGreaterThanOrEqual(list[i - 1]![1]);
	}
	// Occupancy above the limit always comes with a diagnostic that says so.
	for (const position of new Set(queues.map((q) => q.position))) {
		if (core.occupancy(position) > limit) {
			const said = core.recorder.diagnostics.some(
				(d) =>
					(d.code === 'tposition-buffer-count' || d.code === 'tque-buffer-limit') &&
					d.message.includes(`on ${position}`),
			);
			expect(said, `occupancy of ${position} above ${limit}`).toBe(true);
		}
	}
}

describe('random AllocTensor / FreeTensor / EnQue / DeQue sequences', () => {
	it('never throw anything but a Halt and keep the queue invariants', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					{ weight: 3, arbitrary: fc.constant('atlas-training' as const) },
					{ weight: 2, arbitrary: fc.constantFrom(...PRODUCT_IDS) },
				),
				fc.constantFrom('cpu' as const, 'npu' as const),
				fc.array(queueSpec, { minLength: 1, maxLength: 6 }),
				fc.array(op, { maxLength: 60 }),
				(product, mode, specs, ops) => {
					const recorder = new Recorder(new VirtualClock());
					const launch = createKernelLaunch({
						product,
						mode,
						blockDim: 1,
						recorder,
						pid: 100,
						kernelName: 'k',
						fileName: 'k.cpp',
					});
					const core = launch.cores[0]!;
					const queues: TQueBind[] = [];
					const tensors: LocalTensor[] = [];
					let thrown: unknown;
					try {
						const pipe = core.createTPipe(site(1));
						specs.forEach((s, i) => {
							const q = core.createTQue(site(2), s.position, s.depth, `q${i}`);
							pipe.InitBuffer(site(3), q, s.blocks, 256);
							queues.push(q);
						});
						ops.forEach((o, i) => {
							const line = 10 + i;
							const start = 'q' in o ? o.q : 0;
							const wildQ = queues[start % queues.length]!;
							const live = (t: LocalTensor, states: readonly TBufState[]) =>
								!t.stale && states.includes(t.block.state);
							const tensorFor = (states: readonly TBufState[]) =>
								o.wild
									? tensors['t' in o ? o.t % Math.max(1, tensors.length) : 0]
									: pick(tensors, 't' in o ? o.t : 0, (t) => live(t, states) && t.byteOffset === 0);
							switch (o.kind) {
								case 'alloc': {
									const q = o.wild
										? wildQ
										: pick(queues, start, (x) => x.blocks.some((b) => b.state === 'FREE'));
									if (q) tensors.push(q.AllocTensor(site(line), 'half'));
									break;
								}
								case 'free': {
									const t = tensorFor(['OCCUPIED', 'DEQUE']);
									if (t) (o.wild ? wildQ : (t.owner as TQueBind)).FreeTensor(site(line), t);
									break;
								}
								case 'enque': {
									const t = tensorFor(['OCCUPIED', 'DEQUE']);
									const q = t && !o.wild ? (t.owner as TQueBind) : wildQ;
									if (t && (o.wild || q.usedCount < q.depth)) q.EnQue(site(line), t);
									break;
								}
								case 'deque': {
									const q = o.wild ? wildQ : pick(queues, start, (x) => x.usedCount > 0);
									if (q) tensors.push(q.DeQue(site(line), 'half'));
									break;
								}
								case 'freeAll':
									wildQ.FreeAllEvent(site(line));
									break;
								case 'slice': {
									const t = tensors[o.t % Math.max(1, tensors.length)];
									if (t) tensors.push(t.at(site(line), o.offset));
									break;
								}
							}
							checkInvariants(core, queues);
						});
					} catch (error) {
						thrown = error;
					}
					if (thrown !== undefined) {
						expect(isHalt(thrown), String(thrown)).toBe(true);
						launch.noteHalt(core, thrown as never);
					}
					const result = launch.finish();
					for (const d of recorder.diagnostics)
						expect(d.code).not.toBe('internal-unknown-diagnostic');
					// A core that stopped did so in the mode's way and was explained by a diagnostic.
					if (result.stalled) {
						expect(result.stalled.kind).toBe(mode === 'cpu' ? 'abort' : 'hang');
						expect(recorder.diagnostics.some((d) => d.code === result.stalled!.code)).toBe(true);
					}
					// The recorded state facts are enough to redraw every block as it is now.
					const steps = recorder.finish(runOutcome(result.outcome)).steps;
					const blocks = factsOf(stateAfter(steps, steps.length), 'block');
					for (const q of queues) {
						for (const b of q.blocks)
							expect(blocks.find((f) => f.queue === q.name && f.index === b.index)).toMatchObject({
								state: b.state,
								address: b.address,
								bytes: b.bytes,
								enQueEventId: b.enQueEventId,
								freeBufEventId: b.freeBufEventId,
							});
					}
				},
			),
			{ numRuns: 400 },
		);
	});
});
