/**
 * The data of a run at one step, for a view of its tensors: the bytes of every GM buffer the run
 * made and of every memory of the launch's cores, and the tensors that look into them (each
 * queue or TBuf block with the type it was last handed out as, each GlobalTensor with its
 * window). Plain data (typed arrays and records), so a worker can post it and a view can read
 * element `i` of any tensor without the simulator.
 *
 * Runs are deterministic, so the data "at step N" is taken by running the program again and
 * stopping the copy at step N; nothing is recorded per step.
 */
import type { TBufState } from './buffer-block.ts';
import { gmStore, type GmBuffer } from './global-tensor.ts';
import type { CoreContext } from './core-context.ts';
import type { Hardware, TPosition } from './tposition.ts';

/** The bytes of one memory: a GM buffer, or one memory of one core. */
export interface MemoryImage {
	/** `gm:x` for GM buffer `x`, `core0:UB` for core 0's UB. */
	readonly id: string;
	readonly memory: Hardware;
	/** The GM buffer's name, or the core's block index. */
	readonly buffer?: string;
	readonly block?: number;
	/** The buffer's size (GM) or the memory's extent touched so far (on-chip). */
	readonly size: number;
	/** The bytes from 0; shorter than `size` where nothing was ever written. */
	readonly bytes: Uint8Array;
}

/** A tensor: a typed window onto one image. */
export interface TensorWindow {
	readonly kind: 'local' | 'global';
	/** As messages name it: `inQueueX#0` or `xGm`. */
	readonly name: string;
	/** The image it looks into. */
	readonly image: string;
	/** Byte offset of its first element in the image. */
	readonly offset: number;
	/** Elements (for a GlobalTensor without a size: to the end of its buffer). */
	readonly size: number;
	/** Element type; `uint8_t` for a block never handed out. */
	readonly dtype: string;
	readonly block?: number;
	readonly position?: TPosition;
	readonly state?: TBufState;
}

/** What a run's memory held at one step. */
export interface MemorySnapshot {
	/** The step after which it was taken (the last step for the end of a run). */
	readonly step: number;
	readonly images: readonly MemoryImage[];
	readonly tensors: readonly TensorWindow[];
}

/** Bytes copied of one GM buffer at most for a step's view (a 1 GB allocation is not copied whole; illustrative cap). */
export const MAX_IMAGE_BYTES = 16 << 20;

/**
 * Copies the memory of `buffers` and `cores` as it is now, at most `maxImageBytes` of each GM
 * buffer (a view needs a window; writing the outputs of a run needs them whole).
 */
export function snapshotMemory(
	step: number,
	buffers: readonly GmBuffer[],
	cores: readonly CoreContext[],
	maxImageBytes = MAX_IMAGE_BYTES,
): MemorySnapshot {
	const images: MemoryImage[] = [];
	const tensors: TensorWindow[] = [];
	const seen = new Set<GmBuffer>();
	for (const b of buffers) {
		if (seen.has(b)) continue;
		seen.add(b);
		images.push({
			id: `gm:${b.name}`,
			memory: 'GM',
			buffer: b.name,
			size: b.bytes,
			bytes: gmStore(b).read(0, Math.min(b.bytes, maxImageBytes)),
		});
	}
	for (const core of cores) {
		const view = core.memoryView();
		for (const m of view.memories) {
			images.push({
				id: `core${core.blockIdx}:${m.memory}`,
				memory: m.memory,
				block: core.blockIdx,
				size: m.bytes.length,
				bytes: m.bytes,
			});
		}
		for (const { owner, position, block, dtype } of view.blocks) {
			tensors.push({
				kind: 'local',
				name: `${owner}#${block.index}`,
				image: `core${core.blockIdx}:${core.memoryOf(position)}`,
				offset: block.address,
				size: Math.floor(block.bytes / (dtype?.bytes ?? 1)),
				dtype: dtype?.name ?? 'uint8_t',
				block: core.blockIdx,
				position,
				state: block.state,
			});
		}
		for (const g of view.globals) {
			if (!g.ptr) continue;
			if (!seen.has(g.ptr.buffer)) {
				seen.add(g.ptr.buffer);
				const b = g.ptr.buffer;
				images.push({
					id: `gm:${b.name}`,
					memory: 'GM',
					buffer: b.name,
					size: b.bytes,
					bytes: gmStore(b).read(0, Math.min(b.bytes, maxImageBytes)),
				});
			}
			const rest = Math.floor((g.ptr.buffer.bytes - g.ptr.byteOffset) / g.dtype.bytes);
			tensors.push({
				kind: 'global',
				name: g.describe(),
				image: `gm:${g.ptr.buffer.name}`,
				offset: g.ptr.byteOffset,
				size: Math.max(0, g.size ?? rest),
				dtype: g.dtype.name,
				block: core.blockIdx,
			});
		}
	}
	return { step, images, tensors };
}
