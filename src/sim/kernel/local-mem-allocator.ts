/**
 * `LocalMemAllocator<hard>`: the static-tensor way of holding on-chip memory (asc-devkit
 * 资源管理/内存管理/LocalMemAllocator). There is no TPipe and no queue: the allocator keeps one
 * address per physical memory, starting at 0, and every `Alloc` hands out the next
 * `tileSize × sizeof(T)` bytes as a LocalTensor and moves the address on by exactly that much
 * (kernel_tensor_impl.h at asc-devkit 0da921b9 adds the byte size with no rounding, so a tile of
 * 3 halfs leaves the next one 6 bytes on and the alignment checks of the next call see it).
 *
 * A tensor is given the logical position the call names, or the memory's default one
 * (`GetDefaultPosition`: UB → VECCALC, L1 → A1, L0A → A2, L0B → B2, L0C → CO1, BIAS → C2,
 * FIXBUF → C2PIPE2GM). Its block never becomes free: static tensors live as long as the kernel.
 *
 * Invariant: `head` only grows; an Alloc past the memory's size is reported
 * (`local-mem-allocator-full`) and still handed out, so the accesses that follow are checked
 * against the memory's end like any other.
 */
import type { CallSite } from '../trace.ts';
import type { BufferBlock } from './buffer-block.ts';
import { NO_EVENT_ID } from './buffer-block.ts';
import type { CoreContext } from './core-context.ts';
import { LocalTensor, type TensorOwner } from './local-tensor.ts';
import type { DType } from './dtype.ts';
import { positionHardware, type Hardware, type TPosition } from './tposition.ts';

/** The framework's `enum class Hardware : uint8_t` in its documented order (GM = 0 … MAX). */
export const HARDWARE_VALUES = {
	GM: 0,
	UB: 1,
	L1: 2,
	L0A: 3,
	L0B: 4,
	L0C: 5,
	BIAS: 6,
	FIXBUF: 7,
	MAX: 8,
} as const;

const HARDWARE_NAMES = new Map<number, Hardware>(
	Object.entries(HARDWARE_VALUES)
		.filter(([name]) => name !== 'MAX')
		.map(([name, v]) => [v, name as Hardware]),
);

/** The memory a `Hardware` template argument names (its enum value or its name), if any. */
export function parseHardware(v: unknown): Hardware | undefined {
	if (typeof v === 'number') return HARDWARE_NAMES.get(v);
	const name = String(v).replace(/^.*::/, '');
	return name in HARDWARE_VALUES && name !== 'MAX' ? (name as Hardware) : undefined;
}

/** `GetDefaultPosition(hard)` of the framework (kernel_event.h at asc-devkit 0da921b9). */
const DEFAULT_POSITION: Readonly<Record<Exclude<Hardware, 'GM'>, TPosition>> = {
	UB: 'VECCALC',
	L1: 'A1',
	L0A: 'A2',
	L0B: 'B2',
	L0C: 'CO1',
	BIAS: 'C2',
	FIXBUF: 'C2PIPE2GM',
};

/** Address of the framework block descriptor the allocator's blocks show; illustrative. */
const STATIC_HANDLE_BASE = 0x7e000000;

/** One allocator of one physical memory. */
export class LocalMemAllocator {
	readonly core: CoreContext;
	readonly name: string;
	readonly hardware: Exclude<Hardware, 'GM'>;
	/** The next free byte (`GetCurAddr()`). */
	head = 0;
	/** Tensors handed out so far. */
	count = 0;

	constructor(core: CoreContext, name: string, hardware: Exclude<Hardware, 'GM'>) {
		this.core = core;
		this.name = name;
		this.hardware = hardware;
	}

	/**
	 * `Alloc<[pos,] T, tileSize>()` or `Alloc<[pos,] T>(tileSize)`: a tensor of `tileSize`
	 * elements at the current address, which moves on by its bytes.
	 */
	alloc(site: CallSite, dtypeName: string, tileSize: number, position?: string): LocalTensor {
		const core = this.core;
		const dtype = core.requireDType(site, dtypeName);
		const pos = this.#position(site, position);
		const size = Math.max(0, Math.trunc(tileSize));
		const bytes = size * dtype.bytes;
		const call = `${this.name}.Alloc<${dtype.name}>`;
		const capacity = core.memoryCapacity(this.hardware);
		if (this.head + bytes > capacity) {
			core.trace.diagnose(site, 'local-mem-allocator-full', {
				call,
				memory: this.hardware,
				count: size,
				bytes,
				head: this.head,
				capacity,
			});
		}
		const tensor = staticTensor(core, this.name, this.count, pos, this.head, size, dtype);
		this.count++;
		this.head += bytes;
		core.record(site, call, [String(size)], `LocalTensor<${dtype.name}> ${tensor.describe()}`);
		return tensor;
	}

	/** The position a call names, or the memory's default; one on another memory is reported. */
	#position(site: CallSite, given: string | undefined): TPosition {
		const fallback = DEFAULT_POSITION[this.hardware];
		if (given === undefined) return fallback;
		const core = this.core;
		const pos = core.parsePosition(site, given);
		if (pos && positionHardware(pos, core.profile.arch) !== this.hardware) {
			core.trace.diagnose(site, 'position-unsupported', {
				position: pos,
				product: core.productName,
			});
		}
		return pos ?? fallback;
	}
}

/**
 * A static tensor of `size` elements at byte `address` of the memory `position` is on: what
 * Alloc hands out, and what `LocalTensor<T>(pos, addr, tileSize)` builds directly. Its block is
 * never freed; the core keeps it for the memory view.
 */
export function staticTensor(
	core: CoreContext,
	ownerName: string,
	index: number,
	position: TPosition,
	address: number,
	size: number,
	dtype: DType,
): LocalTensor {
	const hardware = positionHardware(position, core.profile.arch) ?? 'UB';
	const owner: TensorOwner = {
		name: ownerName,
		kind: 'LocalMemAllocator',
		position,
		hardware,
		core,
	};
	const block: BufferBlock = {
		ownerName,
		index,
		address,
		bytes: size * dtype.bytes,
		handle: STATIC_HANDLE_BASE + core.blockIdx * 0x10000 + index * 0x40,
		state: 'OCCUPIED',
		enQueEventId: NO_EVENT_ID,
		freeBufEventId: NO_EVENT_ID,
		generation: 0,
	};
	const tensor = new LocalTensor(owner, block, 0, size, dtype);
	core.noteStaticTensor(tensor);
	return tensor;
}
