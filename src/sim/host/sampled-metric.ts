/**
 * A metric series fed on a hot path. It emits at most one point per {@link METRIC_RESOLUTION_US}
 * of virtual time (the window's highest value, so a peak is never hidden), plus an exact point
 * whenever {@link SampledMetric.flush} is called (errors, process exit, end of run). A
 * million-iteration malloc/free loop therefore stores thousands of points, not millions.
 */
import type { Recorder } from '../recorder.ts';

/** Minimum virtual time between two sampled points (1 ms; a display choice, not a fact). */
export const METRIC_RESOLUTION_US = 1000;

/** One throttled series in a recorder. */
export class SampledMetric {
	readonly id: string;
	readonly #recorder: Recorder;
	#lastEmit = -Infinity;
	#windowMax = -Infinity;
	#current = 0;

	constructor(recorder: Recorder, id: string) {
		this.#recorder = recorder;
		this.id = id;
	}

	/** The latest value. */
	get value(): number {
		return this.#current;
	}

	/** Sets the value now; emits a point when the resolution window has passed. */
	update(value: number): void {
		this.#current = value;
		if (value > this.#windowMax) this.#windowMax = value;
		const now = this.#recorder.clock.now;
		if (now - this.#lastEmit >= METRIC_RESOLUTION_US) {
			this.#recorder.metric(this.id, this.#windowMax);
			this.#lastEmit = now;
			this.#windowMax = value;
		}
	}

	/** Emits the current value now (after any pending window peak), so the series ends exact. */
	flush(): void {
		const recorder = this.#recorder;
		if (this.#windowMax > this.#current) {
			recorder.metric(this.id, this.#windowMax);
			// A peak and the current value at one instant would merge, so the peak goes first.
			if (recorder.clock.now === this.#lastEmit) {
				this.#windowMax = this.#current;
				return;
			}
		}
		recorder.metric(this.id, this.#current);
		this.#lastEmit = recorder.clock.now;
		this.#windowMax = this.#current;
	}
}
