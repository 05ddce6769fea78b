/**
 * Atomic accumulation into GM (SetAtomicAdd / SetAtomicMax / SetAtomicMin, asc-devkit
 * 原子操作): while a mode is on, every copy a core makes into GM combines each element with what
 * GM already holds, in the mode's element type, instead of overwriting it. Blocks run one after
 * another in the simulator, so accumulation across blocks is exact and in block order; on the
 * device the order of arrival varies, which changes floating-point sums in the last bits.
 */
import { ByteStore } from './byte-store.ts';
import type { DType } from './dtype.ts';

/** An atomic mode: how an element combines, and in which type. */
export interface AtomicMode {
	readonly op: 'add' | 'max' | 'min';
	readonly dtype: DType;
}

/** Writes `bytes` at `offset` of `store`, combining element by element as `mode` says. */
export function atomicWrite(
	store: ByteStore,
	offset: number,
	bytes: Uint8Array,
	mode: AtomicMode,
): void {
	const size = mode.dtype.bytes;
	const whole = Math.floor(bytes.length / size) * size;
	const incoming = new ByteStore();
	incoming.write(0, bytes);
	for (let at = 0; at < whole; at += size) {
		const old = store.get(mode.dtype, offset + at);
		const v = incoming.get(mode.dtype, at);
		const next =
			mode.op === 'add' ? old + v : mode.op === 'max' ? Math.max(old, v) : Math.min(old, v);
		store.set(mode.dtype, offset + at, next);
	}
	if (whole < bytes.length) store.write(offset + whole, bytes.subarray(whole));
}
