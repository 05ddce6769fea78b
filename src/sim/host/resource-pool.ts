/**
 * A counted device resource with a hard limit (event resources, streams). Invariant:
 * 0 ≤ inUse ≤ limit; take() fails rather than going over. When it has a gauge (of the run's
 * resource meter), every take reports the new level there, and a refused take what it asked for.
 */
import type { Gauge } from '../resources/gauge.ts';
import type { CallSite } from '../trace.ts';

/** A counted resource with a limit; see the file comment. */
export class ResourcePool {
	readonly limit: number;
	readonly #gauge: Gauge | undefined;
	#inUse = 0;

	constructor(limit: number, gauge?: Gauge) {
		this.limit = limit;
		this.#gauge = gauge;
	}

	/** How many are taken. */
	get inUse(): number {
		return this.#inUse;
	}

	/** How many are free. */
	get available(): number {
		return this.limit - this.#inUse;
	}

	/** Takes `n` (default 1) for the call at `site`; false, and nothing taken, when fewer are free. */
	take(n = 1, site?: CallSite): boolean {
		if (this.#inUse + n > this.limit) {
			this.#gauge?.refuse(this.#inUse + n, site);
			return false;
		}
		this.#inUse += n;
		this.#gauge?.level(this.#inUse, site);
		return true;
	}

	/** Gives `n` back (default 1). */
	give(n = 1): void {
		this.#inUse -= n;
		if (this.#inUse < 0) throw new Error('resource pool released more than it handed out');
	}
}
