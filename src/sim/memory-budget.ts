/**
 * The memory budget of one run: how many bytes of program data the simulator holds for the
 * program (arrays, heap blocks, GM buffer contents), counted as the program touches them, page
 * by page, never by their declared size: `static char a[2000000000];` costs nothing until it is
 * written, and touching more than the budget stops the run naming what was being touched.
 *
 * Invariant: `used` never exceeds `limit`; a charge that would pass it throws {@link LimitStop}
 * and charges nothing.
 */
import { formatBytes, LimitStop, type LimitValues } from './limits.ts';
import type { SourceSpan } from './trace.ts';

/**
 * What the simulator keeps per object a program creates and holds (an allocation with its
 * device pages and contents record, a stream, an event…): its record and what indexes it.
 * Illustrative, measured on this simulator: a program holding 100,000 more small device
 * allocations took 217 MB more resident memory in `casebook sim`, about 2.2 KB each.
 */
export const OBJECT_RECORD_BYTES = 2048;

/** What a charge is for: the program's name for it, its declared size, where it was declared. */
export interface MemoryOwner {
	/** A name the program would recognise, e.g. `a`, `malloc block`, `x (GM)`. */
	readonly name: string;
	/** Its declared or requested size in bytes. */
	readonly bytes: number;
	/** Where it was declared or allocated, when known. */
	readonly span?: SourceSpan;
}

/** See the file comment. */
export class MemoryBudget {
	readonly limit: number;
	#used = 0;
	#objects = 0;

	constructor(limit: number) {
		this.limit = limit;
	}

	/** Bytes charged so far (program data plus the simulator objects the program holds). */
	get used(): number {
		return this.#used + this.#objects;
	}

	/**
	 * Sets what the simulator objects the program holds now cost (device and host allocations,
	 * streams, events…: `count` of them at {@link OBJECT_RECORD_BYTES} each), or throws
	 * {@link LimitStop} when that, with the program's data, no longer fits.
	 */
	holdObjects(count: number): void {
		const bytes = count * OBJECT_RECORD_BYTES;
		if (this.#used + bytes > this.limit) {
			throw new LimitStop(
				'maxMemory',
				{
					count: count.toLocaleString('en-US'),
					bytes: formatBytes(bytes),
					limit: formatBytes(this.limit),
				},
				undefined,
				'memory-budget-objects',
			);
		}
		this.#objects = bytes;
	}

	/** Charges `bytes` for `owner`, or throws {@link LimitStop} when the budget cannot hold them. */
	charge(bytes: number, owner: MemoryOwner): void {
		this.require(bytes, owner);
		this.#used += bytes;
	}

	/**
	 * Throws {@link LimitStop} for `owner` when `bytes` more would not fit, charging nothing
	 * either way: for data the simulator does not keep per object (a string value being made).
	 */
	require(bytes: number, owner: MemoryOwner): void {
		if (this.#used + this.#objects + bytes <= this.limit) return;
		const line = owner.span?.line;
		const values: LimitValues = {
			name: owner.name,
			declared: formatBytes(owner.bytes),
			declaredBytes: owner.bytes,
			used: formatBytes(this.#used + this.#objects),
			limit: formatBytes(this.limit),
			limitBytes: this.limit,
			where: line ? { zh: `，来自第 ${line} 行`, en: `, from line ${line}` } : '',
		};
		throw new LimitStop('maxMemory', values);
	}

	/** Gives back bytes charged earlier (a local array whose function returned). */
	release(bytes: number): void {
		this.#used = Math.max(0, this.#used - bytes);
	}
}
