/**
 * Takes the copy of a run's memory a request asks for (`RunRequest.snapshot`): after step N, or
 * at the end. It knows the GM buffers the run made (kernel parameters, device allocations handed
 * to kernels) and the cores of the latest launch, and copies them when the step comes.
 */
import type { CoreContext } from '../sim/kernel/core-context.ts';
import type { GmBuffer } from '../sim/kernel/global-tensor.ts';
import {
	MAX_IMAGE_BYTES,
	snapshotMemory,
	type MemorySnapshot,
} from '../sim/kernel/memory-snapshot.ts';
import type { Recorder } from '../sim/recorder.ts';
import type { SimEnv } from './bindings/sim-env.ts';

/** See the file comment. */
export class MemoryWatch {
	/** GM buffers of kernel parameters (device allocations are read from the run's env). */
	readonly buffers: GmBuffer[] = [];
	readonly #recorder: Recorder;
	readonly #env: SimEnv;
	readonly #at: number | 'end' | undefined;
	#cores: readonly CoreContext[] = [];
	#taken: MemorySnapshot | undefined;

	constructor(recorder: Recorder, env: SimEnv, at: number | 'end' | undefined) {
		this.#recorder = recorder;
		this.#env = env;
		this.#at = at;
		if (typeof at === 'number') {
			recorder.onStep = (step) => {
				if (step === at && !this.#taken) this.#taken = this.#take(step);
			};
		}
	}

	/** A launch started: its cores are the ones a copy shows. */
	launched(cores: readonly CoreContext[]): void {
		if (this.#at !== undefined && !this.#taken) this.#cores = cores;
	}

	#take(step: number): MemorySnapshot {
		// The end of a run is copied whole: it is what `--output-dir` writes.
		const limit = this.#at === 'end' ? Infinity : MAX_IMAGE_BYTES;
		return snapshotMemory(
			step,
			[...this.buffers, ...this.#env.gmBuffers.values()],
			this.#cores,
			limit,
		);
	}

	/** The copy, once the run is over (taken now for `'end'`, or for a step the run never reached). */
	result(): MemorySnapshot | undefined {
		if (this.#at === undefined) return undefined;
		this.#recorder.onStep = undefined;
		return this.#taken ?? this.#take(this.#recorder.stepCount);
	}
}
