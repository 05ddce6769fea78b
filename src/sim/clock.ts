/**
 * The simulator's virtual clock. Time is an integer count of microseconds since the start of
 * the simulated day ({@link CLOCK_EPOCH_MS}); it only moves when the simulation says so, never
 * backwards, so a run with the same inputs prints the same timestamps.
 */

/** Wall-clock time (ms since the Unix epoch, UTC) that virtual time 0 stands for. */
export const CLOCK_EPOCH_MS = Date.UTC(2026, 0, 12, 9, 30, 0, 0);

/**
 * A monotonic virtual clock in microseconds.
 *
 * Several actors that run at once in virtual time (the ranks of a distributed job, each a
 * process) run one after another in JavaScript; each keeps its own time on a *lane*. `now` is the
 * time of the current lane, every lane only moves forward, and {@link enterLane} switches
 * between them. Lane 0 is the machine's own (scenario actions, one-process runs). A recorder that
 * saw several lanes orders its output by time when it finishes (ties by arrival).
 */
export class VirtualClock {
	#now = 0;
	#seq = 0;
	#lane = 0;
	/** Saved times of the lanes other than the current one. */
	readonly #lanes = new Map<number, number>();
	/** The latest time any lane has reached. */
	#latest = 0;

	/** Current virtual time in microseconds. */
	get now(): number {
		return this.#now;
	}

	/** The lane whose time `now` is. */
	get lane(): number {
		return this.#lane;
	}

	/** Whether more than one lane has been used (the output must then be ordered by time). */
	get interleaved(): boolean {
		return this.#lanes.size > 0;
	}

	/** The latest time any lane has reached. */
	get latest(): number {
		return Math.max(this.#latest, this.#now);
	}

	/**
	 * Makes `lane` current and returns the lane that was. A lane seen for the first time starts at
	 * `startAt` (default: the time of the lane being left); a lane seen before resumes at its own
	 * time, or at `startAt` when that is later.
	 */
	enterLane(lane: number, startAt?: number): number {
		const previous = this.#lane;
		if (lane === previous) {
			if (startAt !== undefined && startAt > this.#now) this.#now = startAt;
			return previous;
		}
		this.#lanes.set(previous, this.#now);
		this.#latest = Math.max(this.#latest, this.#now);
		const saved = this.#lanes.get(lane);
		const start = startAt ?? this.#now;
		this.#now = saved === undefined ? start : Math.max(saved, start);
		this.#lanes.delete(lane);
		this.#lane = lane;
		return previous;
	}

	/** Moves time forward by `us` microseconds (a negative or fractional step is a bug). */
	advance(us: number): number {
		if (!Number.isInteger(us) || us < 0) {
			throw new RangeError(`virtual time must advance by a whole, non-negative count, got ${us}`);
		}
		this.#now += us;
		return this.#now;
	}

	/** Moves time to `us` if it is later than now; earlier times are refused. */
	advanceTo(us: number): number {
		if (us < this.#now) {
			throw new RangeError(`virtual time cannot go back from ${this.#now} to ${us}`);
		}
		this.#now = us;
		return this.#now;
	}

	/** A strictly increasing sequence number, for breaking ties between events at one instant. */
	nextSeq(): number {
		return ++this.#seq;
	}
}

/** Wall-clock parts of a virtual time, in UTC, for log formatters. */
export interface ClockParts {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	millisecond: number;
	microsecond: number;
}

/** Splits virtual time `us` into calendar parts. */
export function clockParts(us: number): ClockParts {
	const ms = Math.floor(us / 1000);
	const date = new Date(CLOCK_EPOCH_MS + ms);
	return {
		year: date.getUTCFullYear(),
		month: date.getUTCMonth() + 1,
		day: date.getUTCDate(),
		hour: date.getUTCHours(),
		minute: date.getUTCMinutes(),
		second: date.getUTCSeconds(),
		millisecond: date.getUTCMilliseconds(),
		microsecond: us % 1000,
	};
}

/** Formats virtual time as plog does: `yyyy-mm-dd-hh:mm:ss.mmm.uuu`. */
export function formatPlogTime(us: number): string {
	const p = clockParts(us);
	const two = (n: number) => String(n).padStart(2, '0');
	const three = (n: number) => String(n).padStart(3, '0');
	return `${p.year}-${two(p.month)}-${two(p.day)}-${two(p.hour)}:${two(p.minute)}:${two(p.second)}.${three(p.millisecond)}.${three(p.microsecond)}`;
}
