/**
 * Scalar access to tensor contents: `GetValue(i)` / `SetValue(i, v)` on LocalTensor and
 * GlobalTensor, with the same bounds reporting as the other calls. Values live in the core's
 * memory stores and in GM buffer stores (byte-store.ts).
 */
import type { CallSite } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import { type GlobalTensor, gmStore } from './global-tensor.ts';
import type { LocalTensor } from './local-tensor.ts';

/** `t.GetValue(i)`. */
export function localGetValue(
	core: CoreContext,
	site: CallSite,
	t: LocalTensor,
	index: number,
): number {
	const i = elementIndex(core, site, `${t.describe()}.GetValue`, t, index);
	const value =
		i === undefined ? 0 : core.storeOf(t.hardware).get(t.dtype, t.address + i * t.dtype.bytes);
	core.record(site, `${t.describe()}.GetValue`, [String(index)], String(value));
	return value;
}

/** `t.SetValue(i, v)`. */
export function localSetValue(
	core: CoreContext,
	site: CallSite,
	t: LocalTensor,
	index: number,
	value: number,
): void {
	const i = elementIndex(core, site, `${t.describe()}.SetValue`, t, index);
	if (i !== undefined) core.storeOf(t.hardware).set(t.dtype, t.address + i * t.dtype.bytes, value);
	core.record(site, `${t.describe()}.SetValue`, [String(index), String(value)], 'void');
}

/** Checks a scalar access; undefined when it would leave the memory (then it is skipped). */
function elementIndex(
	core: CoreContext,
	site: CallSite,
	call: string,
	t: LocalTensor,
	index: number,
): number | undefined {
	const i = Number.isFinite(index) ? Math.trunc(index) : 0;
	if (t.stale) {
		core.trace.diagnose(site, 'tensor-use-after-free', {
			call,
			tensor: t.describe(),
			block: t.block.index,
			state: t.block.state,
		});
	}
	const start = t.byteOffset + i * t.dtype.bytes;
	if (i < 0 || i >= t.size) {
		core.trace.diagnose(site, 'tensor-out-of-bounds', {
			call,
			start,
			end: start + t.dtype.bytes,
			tensor: t.describe(),
			size: t.bytes,
		});
	}
	const address = t.address + i * t.dtype.bytes;
	return address < 0 || address + t.dtype.bytes > core.memoryCapacity(t.hardware) ? undefined : i;
}

/** `gm.GetValue(i)`. */
export function globalGetValue(
	core: CoreContext,
	site: CallSite,
	gt: GlobalTensor,
	index: number,
): number {
	const at = globalIndex(core, site, `${gt.name}.GetValue`, gt, index);
	const value = at === undefined ? 0 : gmStore(gt.ptr!.buffer).get(gt.dtype, at);
	core.record(site, `${gt.name}.GetValue`, [String(index)], String(value));
	return value;
}

/** `gm.SetValue(i, v)`. */
export function globalSetValue(
	core: CoreContext,
	site: CallSite,
	gt: GlobalTensor,
	index: number,
	value: number,
): void {
	const at = globalIndex(core, site, `${gt.name}.SetValue`, gt, index);
	if (at !== undefined) gmStore(gt.ptr!.buffer).set(gt.dtype, at, value);
	core.record(site, `${gt.name}.SetValue`, [String(index), String(value)], 'void');
}

function globalIndex(
	core: CoreContext,
	site: CallSite,
	call: string,
	gt: GlobalTensor,
	index: number,
): number | undefined {
	if (!gt.ptr) {
		core.trace.diagnose(site, 'global-tensor-unset', { call, tensor: gt.name });
		return undefined;
	}
	const at = gt.ptr.byteOffset + Math.trunc(Number.isFinite(index) ? index : 0) * gt.dtype.bytes;
	if (at < 0 || at + gt.dtype.bytes > gt.ptr.buffer.bytes) {
		core.trace.diagnose(site, 'gm-out-of-bounds', {
			call,
			start: at,
			end: at + gt.dtype.bytes,
			buffer: gt.ptr.buffer.name,
			capacity: gt.ptr.buffer.bytes,
		});
		return at < 0 ? undefined : at;
	}
	return at;
}
