/**
 * `DataCopy(dst, src, count)` between GM and a local tensor, or between local tensors: checks
 * positions, alignment and ranges, warns about the silent round-down of a length that is not a
 * multiple of 32 bytes (ascend-facts A.3), and copies the bytes.
 */
import type { CallSite } from '../trace.ts';
import type { ByteStore } from './byte-store.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import { type GlobalTensor, gmStore } from './global-tensor.ts';
import { LocalTensor } from './local-tensor.ts';
import { CHECK_MESSAGES, checkGlobalOperand, checkLocalOperand } from './operand-checks.ts';

/**
 * `DataCopy(dst, src, count)` between GM and a local tensor (either way) or between two local
 * tensors. The copied bytes are `count * sizeof(T)` rounded down to 32 (ascend-facts A.3).
 * Returns the bytes copied.
 */
export function dataCopy(
	core: CoreContext,
	site: CallSite,
	dst: LocalTensor | GlobalTensor,
	src: LocalTensor | GlobalTensor,
	count: number,
): number {
	const local = dst instanceof LocalTensor ? dst : src instanceof LocalTensor ? src : undefined;
	const dtype = local?.dtype ?? (dst as GlobalTensor).dtype;
	const call = `DataCopy<${dtype.name}>`;
	const args = [dst.describe(), src.describe(), String(count)];
	const wording = core.wording;
	const cpp = (t: LocalTensor | GlobalTensor) => cppOperand(t);
	const frame: FrameworkFrame = {
		get func() {
			return `void AscendC::DataCopy<${dtype.demangled}>(${cpp(dst)} const&, ${cpp(src)} const&, unsigned int)`;
		},
		get file() {
			return frameworkPath(wording, 'datacopy');
		},
		line: 92,
	};
	const n = Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
	const bytes = n * dtype.bytes;
	const copied = Math.floor(bytes / 32) * 32;
	const operands: Array<[string, LocalTensor | GlobalTensor]> = [
		['dst', dst],
		['src', src],
	];
	for (const [role, t] of operands) {
		if (t instanceof LocalTensor) {
			if (t.dtype.bytes !== dtype.bytes) {
				core.trace.diagnose(site, 'tensor-dtype-mismatch', {
					call,
					operand: role,
					actual: t.dtype.name,
					expected: dtype.name,
				});
			}
			if (t.hardware !== 'UB' && t.hardware !== 'L1') {
				core.trace.fail(site, call, {
					code: 'tensor-position-unsupported',
					values: {
						call,
						operand: role,
						position: t.position,
						supported: 'VECIN, VECOUT, VECCALC, A1, B1',
					},
					log: {
						header: 'datacopy',
						line: 88,
						func: 'DataCopy',
						message: formatC(
							CHECK_MESSAGES.position,
							role,
							'DataCopy',
							'VECIN, VECOUT, VECCALC, A1, B1',
							t.position,
						),
					},
					frames: [frame],
					reason: `${call}: ${role} is on ${t.position}`,
				});
			}
			checkLocalOperand(core, site, call, role, t, copied, frame, 'DataCopy');
		} else {
			checkGlobalOperand(core, site, call, role, t, copied, frame);
		}
	}
	if (bytes % 32 !== 0) {
		core.trace.diagnose(site, 'datacopy-round-down', {
			count: n,
			dtype: dtype.name,
			bytes,
			copied,
		});
	}
	if (copied > 0) copyBytes(core, dst, src, copied);
	core.trace.step(site, call, args, `${copied} B`);
	return copied;
}

function cppOperand(t: LocalTensor | GlobalTensor): string {
	const kind = t instanceof LocalTensor ? 'LocalTensor' : 'GlobalTensor';
	return `AscendC::${kind}<${t.dtype.demangled}>`;
}

function where(
	core: CoreContext,
	t: LocalTensor | GlobalTensor,
): { store: ByteStore; offset: number } | undefined {
	if (t instanceof LocalTensor) return { store: core.storeOf(t.hardware), offset: t.address };
	return t.ptr ? { store: gmStore(t.ptr.buffer), offset: t.ptr.byteOffset } : undefined;
}

function copyBytes(
	core: CoreContext,
	dst: LocalTensor | GlobalTensor,
	src: LocalTensor | GlobalTensor,
	bytes: number,
): void {
	const to = where(core, dst);
	const from = where(core, src);
	if (to && from) to.store.copyFrom(from.store, from.offset, to.offset, bytes);
}
