/**
 * The synchronisations that order a core's pipes, as data: `SetFlag<E>(id)` / `WaitFlag<E>(id)`,
 * `PipeBarrier<PIPE_X>()`, and the ones a TQue inserts (EnQue sets its forward event and DeQue
 * waits for it; FreeTensor sets the backward event and the block's next AllocTensor waits for
 * it: TQue简介.md in cannmirror/asc-devkit docs/zh/api/SIMD-API/基础API/资源管理/Pipe和Que框架).
 * An observer on the core (racecheck, a pipe timeline) sees each one in program order,
 * interleaved with the accesses (memory-access.ts).
 */
import type { CallSite } from '../trace.ts';
import type { IssuingPipe } from './issuing-pipe.ts';

/** One synchronisation. `key` tells apart flags of one event (its id, or the queue block). */
export type PipeSync =
	| {
			readonly kind: 'set';
			readonly src: IssuingPipe;
			readonly dst: IssuingPipe;
			readonly key: string;
	  }
	| {
			readonly kind: 'wait';
			readonly src: IssuingPipe;
			readonly dst: IssuingPipe;
			readonly key: string;
	  }
	/** A barrier on one pipe, or on every pipe (`PIPE_ALL`). */
	| { readonly kind: 'barrier'; readonly pipe: IssuingPipe | 'PIPE_ALL' };

/** Sees every synchronisation of a core, with the call that made it. */
export type SyncObserver = (site: CallSite, call: string, sync: PipeSync) => void;

const PIPE_OF: Readonly<Record<string, IssuingPipe>> = {
	S: 'PIPE_S',
	V: 'PIPE_V',
	M: 'PIPE_M',
	MTE1: 'PIPE_MTE1',
	MTE2: 'PIPE_MTE2',
	MTE3: 'PIPE_MTE3',
	FIX: 'PIPE_FIX',
};

/** The source and destination pipes of a HardEvent such as `MTE2_V`; undefined if unknown. */
export function eventPipes(event: string): [src: IssuingPipe, dst: IssuingPipe] | undefined {
	const [a, b, extra] = event.split('_');
	const src = a === undefined ? undefined : PIPE_OF[a];
	const dst = b === undefined ? undefined : PIPE_OF[b];
	return src && dst && extra === undefined ? [src, dst] : undefined;
}
