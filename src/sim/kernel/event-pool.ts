/**
 * The sync event ids a TPipe hands out, one pool per `HardEvent` (ascend-facts A.8:
 * `AllocEventID<evt>()` takes the first free bit of that event's bitmap and asserts it is below
 * `QUE_MAX_EVENT`). Invariant: an id is held by at most one holder; `alloc` never hands out an
 * id at or above the limit — it reports the id it would have taken instead.
 */
import type { HardEvent } from './tposition.ts';

/** Who holds an id, for the trace (e.g. `inQueueX#1 free`). */
export type EventHolder = string;

/** Per-HardEvent id pools of one TPipe. */
export class EventPool {
	readonly limit: number;
	readonly #held = new Map<HardEvent, Array<EventHolder | undefined>>();

	constructor(limit: number) {
		this.limit = limit;
	}

	#slots(event: HardEvent): Array<EventHolder | undefined> {
		let slots = this.#held.get(event);
		if (!slots) {
			slots = [];
			this.#held.set(event, slots);
		}
		return slots;
	}

	/** The id `alloc` would take now: the first free one (`sff0`), possibly equal to the limit. */
	firstFree(event: HardEvent): number {
		const slots = this.#slots(event);
		let id = 0;
		while (id < slots.length && slots[id] !== undefined) id++;
		return id;
	}

	/**
	 * Takes the first free id for `holder`. Returns `{ ok: false, id }` with the id it found
	 * (the limit) when every id is held.
	 */
	alloc(event: HardEvent, holder: EventHolder): { ok: boolean; id: number } {
		const id = this.firstFree(event);
		if (id >= this.limit) return { ok: false, id };
		this.#slots(event)[id] = holder;
		return { ok: true, id };
	}

	/** Gives `id` back; false when it was not held. */
	release(event: HardEvent, id: number): boolean {
		const slots = this.#slots(event);
		if (slots[id] === undefined) return false;
		slots[id] = undefined;
		return true;
	}

	/** Ids of `event` in use, ascending. */
	heldIds(event: HardEvent): number[] {
		const out: number[] = [];
		this.#slots(event).forEach((holder, id) => {
			if (holder !== undefined) out.push(id);
		});
		return out;
	}

	/** How many ids of `event` are in use. */
	inUse(event: HardEvent): number {
		let n = 0;
		for (const holder of this.#slots(event)) if (holder !== undefined) n++;
		return n;
	}

	/** Releases every id (TPipe Reset/Destroy). */
	clear(): void {
		this.#held.clear();
	}
}
