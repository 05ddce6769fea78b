/**
 * Host memory the program reaches through plain addresses (`malloc`, `new[]`,
 * `aclrtMallocHost`): address → the value last written there, read back unchanged whatever type
 * reads it (the interpreter does not model type punning). Storage comes in 4 KiB pages made on
 * first write and charged to the run's budget then, so a 1 GiB `malloc` costs nothing until the
 * program writes into it.
 *
 * Invariant: `load(a)` returns what the last `store(a)` wrote, or 0. A page holds its values in a
 * typed array sized by the first value written to it (a float buffer, an int buffer…); a value
 * that does not come back unchanged from that page's slots (another width, a misaligned
 * address, a pointer) is kept whole on the side and charged {@link ODD_VALUE_BYTES}.
 */
import type { MemoryBudget, MemoryOwner } from '../sim/memory-budget.ts';
import type { SourceSpan } from '../sim/trace.ts';
import type { CType } from './types.ts';
import type { TypedSlots, Value } from './values.ts';

/** Bytes per page. */
const PAGE = 4096;

/** What a value kept on the side costs (a map entry; illustrative). */
const ODD_VALUE_BYTES = 16;

/** What the record of one live allocation costs (illustrative). */
const BLOCK_RECORD_BYTES = 32;

/** One page: slots of one width for the values written at addresses aligned to it. */
interface Page {
	readonly width: 1 | 2 | 4 | 8;
	readonly slots: TypedSlots;
}

/** A live allocation. */
interface Block {
	readonly bytes: number;
	readonly span: SourceSpan | undefined;
}

/** See the file comment. */
export class HostHeap {
	readonly #budget: MemoryBudget;
	readonly #pages = new Map<number, Page>();
	readonly #odd = new Map<number, Value>();
	/** Live allocations by base address (charged {@link BLOCK_RECORD_BYTES} each). */
	readonly #blocks = new Map<number, Block>();

	constructor(budget: MemoryBudget) {
		this.#budget = budget;
	}

	/** Notes an allocation, so `free` can give its pages back and the budget can name it. */
	allocated(base: number, bytes: number, span: SourceSpan | undefined): void {
		this.#budget.charge(BLOCK_RECORD_BYTES, blockOwner(bytes, span));
		this.#blocks.set(base, { bytes, span });
	}

	/**
	 * `free(base)`: forgets the allocation and drops the pages that lie wholly inside it (pages
	 * it shares with a neighbour stay). Freeing anything else does nothing (the simulator does
	 * not model heap corruption).
	 */
	freed(base: number): void {
		const block = this.#blocks.get(base);
		if (!block) return;
		this.#blocks.delete(base);
		this.#budget.release(BLOCK_RECORD_BYTES);
		const first = Math.ceil(base / PAGE);
		const end = Math.floor((base + block.bytes) / PAGE);
		if (end - first > this.#pages.size) {
			for (const index of this.#pages.keys()) if (index >= first && index < end) this.#drop(index);
		} else for (let index = first; index < end; index++) this.#drop(index);
	}

	#drop(index: number): void {
		if (this.#pages.delete(index)) this.#budget.release(PAGE);
	}

	/** The value at `address`. */
	load(address: number): Value {
		if (this.#odd.size > 0 && this.#odd.has(address)) return this.#odd.get(address) ?? 0;
		const index = Math.floor(address / PAGE);
		const page = this.#pages.get(index);
		if (!page) return 0;
		const at = address - index * PAGE;
		return at % page.width === 0 ? page.slots[at / page.width]! : 0;
	}

	/** Writes `value` at `address`; `elem` picks the slot width of a page the write creates. */
	store(address: number, elem: CType, value: Value): void {
		const index = Math.floor(address / PAGE);
		const at = address - index * PAGE;
		if (typeof value === 'number') {
			let page = this.#pages.get(index);
			if (!page) page = this.#newPage(index, elem, address);
			if (at % page.width === 0) {
				const k = at / page.width;
				page.slots[k] = value;
				if (page.slots[k] === value) {
					if (this.#odd.size > 0) this.#odd.delete(address);
					return;
				}
				page.slots[k] = 0;
			}
		}
		if (!this.#odd.has(address))
			this.#budget.charge(ODD_VALUE_BYTES, this.#owner(address, ODD_VALUE_BYTES));
		this.#odd.set(address, value);
	}

	#newPage(index: number, elem: CType, address: number): Page {
		this.#budget.charge(PAGE, this.#owner(address, PAGE));
		const page = makePage(elem);
		this.#pages.set(index, page);
		return page;
	}

	/** The allocation `address` lies in, for the budget's message (looked up only then). */
	#owner(address: number, bytes: number): MemoryOwner {
		if (this.#budget.used + bytes <= this.#budget.limit) return NO_OWNER;
		for (const [base, b] of this.#blocks) {
			if (address >= base && address < base + b.bytes) return blockOwner(b.bytes, b.span);
		}
		return { name: `host memory at 0x${address.toString(16)}`, bytes: PAGE };
	}
}

/** The owner of charges that fit the budget: never shown. */
const NO_OWNER: MemoryOwner = { name: 'host memory', bytes: 0 };

function blockOwner(bytes: number, span: SourceSpan | undefined): MemoryOwner {
	return span ? { name: 'a malloc block', bytes, span } : { name: 'a malloc block', bytes };
}

/** A page whose slots suit `elem`: its width, signedness and whether it is floating. */
function makePage(elem: CType): Page {
	const t = elem.k === 'enum' ? elem.base : elem;
	if (t.k === 'float') {
		if (t.bits === 64) return { width: 8, slots: new Float64Array(PAGE / 8) };
		const width = t.bits === 16 ? 2 : 4;
		return { width, slots: new Float32Array(PAGE / width) };
	}
	if (t.k === 'bool') return { width: 1, slots: new Uint8Array(PAGE) };
	if (t.k === 'int' && t.bits < 64) {
		switch (t.bits) {
			case 8:
				return { width: 1, slots: t.signed ? new Int8Array(PAGE) : new Uint8Array(PAGE) };
			case 16:
				return { width: 2, slots: t.signed ? new Int16Array(PAGE / 2) : new Uint16Array(PAGE / 2) };
			default:
				return { width: 4, slots: t.signed ? new Int32Array(PAGE / 4) : new Uint32Array(PAGE / 4) };
		}
	}
	// 64-bit integers, pointers (addresses are numbers) and anything else: one number per 8 bytes.
	return { width: 8, slots: new Float64Array(PAGE / 8) };
}
