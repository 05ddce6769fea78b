/**
 * A metric series fed on a hot path. It emits at most one point per {@link METRIC_RESOLUTION_US}
 * of virtual time (the window's highest value), plus an exact point whenever
 * {@link SampledMetric.flush} is called (errors, process exit, end of run). A
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
	/** Highest value since the last emitted point. */
	#peak = -Infinity;
	#current = 0;

	constructor(recorder: Recorder, id: string) {
		this.#recorder = recorder;
		this.id = id;
	}

	/** The latest value. */
	get value(): number {
		return this.#current;
	}

	/** Sets the value now; emits the window's peak when the resolution window has passed. */
	update(value: number): void {
		this.#current = value;
		if (value > this.#peak) this.#peak = value;
		const now = this.#recorder.clock.now;
		if (now - this.#lastEmit >= METRIC_RESOLUTION_US) {
			this.#recorder.metric(this.id, this.#peak);
			this.#lastEmit = now;
			this.#peak = -Infinity;
		}
	}

	/**
	 * Emits the current value now, so the series ends exact. (A peak inside the last window is
	 * dropped: the recorder keeps one point per instant, and the current value wins.)
	 */
	flush(): void {
		this.#recorder.metric(this.id, this.#current);
		this.#lastEmit = this.#recorder.clock.now;
		this.#peak = -Infinity;
	}
}
