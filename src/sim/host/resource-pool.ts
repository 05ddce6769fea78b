/**
 * A counted device resource with a hard limit (event resources, streams). Invariant:
 * 0 ≤ inUse ≤ limit; take() fails rather than going over.
 */
export class ResourcePool {
	readonly limit: number;
	#inUse = 0;

	constructor(limit: number) {
		this.limit = limit;
	}

	/** How many are taken. */
	get inUse(): number {
		return this.#inUse;
	}

	/** How many are free. */
	get available(): number {
		return this.limit - this.#inUse;
	}

	/** Takes `n` (default 1); false, and nothing taken, when fewer are free. */
	take(n = 1): boolean {
		if (this.#inUse + n > this.limit) return false;
		this.#inUse += n;
		return true;
	}

	/** Gives `n` back (default 1). */
	give(n = 1): void {
		this.#inUse -= n;
		if (this.#inUse < 0) throw new Error('resource pool released more than it handed out');
	}
}
