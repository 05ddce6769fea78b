/**
 * The pipes of each core as a trace carries them (`Trace.pipes`): for every core of a launch,
 * when each of its pipes (MTE1, MTE2, MTE3, V, M, S, FIX) was busy, with the call that kept it
 * busy and the bytes it touched, and the synchronisations that ordered the pipes (SetFlag /
 * WaitFlag, PipeBarrier, and those EnQue, DeQue, AllocTensor and FreeTensor insert). Times are
 * in the pipe model's own virtual nanoseconds from the core's start (src/sim/kernel/
 * pipe-schedule.ts); the durations behind them are illustrative. Views read these facts as
 * they are and never parse step text.
 */
import type { IssuingPipe } from '../kernel/issuing-pipe.ts';
import type { Hardware } from '../kernel/tposition.ts';

/** The bytes one operand of a busy interval touched. */
export interface PipeRange {
	readonly memory: Hardware;
	readonly kind: 'read' | 'write';
	/** The tensor as messages name it, e.g. `inQueueX#0[+256]`. */
	readonly tensor: string;
	/** The GM buffer, for GM (offsets are into it, so two buffers never share bytes). */
	readonly buffer?: string;
	readonly start: number;
	readonly end: number;
}

/** One call that kept a pipe busy over [start, end). */
export interface PipeBusy {
	readonly pipe: IssuingPipe;
	readonly start: number;
	readonly end: number;
	/** The call as traced, e.g. `DataCopy<float>` or `Add<float>`. */
	readonly call: string;
	/** The user's line of the call (0 when unknown). */
	readonly line: number;
	readonly ranges: readonly PipeRange[];
}

/** One synchronisation point on a pipe. */
export interface PipeSyncPoint {
	/** `set`: a flag raised; `wait`: the pipe waited for one; `barrier`: a PipeBarrier. */
	readonly kind: 'set' | 'wait' | 'barrier';
	/** The pipe the point stands on (a set on its source, a wait on its destination). */
	readonly pipe: IssuingPipe;
	readonly time: number;
	/** The call that made it: `SetFlag<MTE2_V>`, `EnQue`, `PipeBarrier<PIPE_ALL>`… */
	readonly call: string;
	/** The HardEvent, e.g. `MTE2_V` (absent for a barrier). */
	readonly event?: string;
	readonly line: number;
	/** A wait whose flag was never set: the pipe would wait for ever (the model goes on). */
	readonly unset?: boolean;
}

/** The pipes of one core of one launch. */
export interface CorePipes {
	/** Which launch of the run (0 first), and its kernel. */
	readonly launch: number;
	readonly kernel: string;
	readonly blockIdx: number;
	readonly busy: readonly PipeBusy[];
	readonly syncs: readonly PipeSyncPoint[];
	/** When the last pipe of the core went idle (ns). */
	readonly end: number;
	/** Busy intervals and sync points past the per-core cap, counted instead of kept. */
	readonly dropped?: number;
}

/** The pipe lanes a view draws, in this order (`pipe_t` names). */
export const TIMELINE_PIPES: readonly IssuingPipe[] = [
	'PIPE_MTE1',
	'PIPE_MTE2',
	'PIPE_MTE3',
	'PIPE_V',
	'PIPE_M',
	'PIPE_S',
	'PIPE_FIX',
];
