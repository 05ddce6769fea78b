/**
 * Checks shared by DataCopy and the vector instructions on their operands: the start-address
 * alignment of the operand's memory, use after FreeTensor, and ranges — past the tensor's block
 * (a warning: the neighbouring buffer is overwritten; a failed CPU assert for vector
 * instructions) or past the end of the memory (the core stops).
 */
import type { CallSite } from '../trace.ts';
import type { CoreContext } from './core-context.ts';
import { formatC, type FrameworkFrame } from './cpu-debug-log.ts';
import type { GlobalTensor } from './global-tensor.ts';
import type { LocalTensor } from './local-tensor.ts';

/** The CPU-debug message templates used by DataCopy and vector checks (ascend-facts A.3, A.10). */
export const CHECK_MESSAGES = {
	align: 'Failed to check %s start address alignment in %s, its start address must align with %dB.',
	value: 'Failed to check %s value in %s, its valid range is %s ~ %s, current value is %s.',
	position:
		'Failed to check %s tensor position in %s, supported positions are %s, current position is %s.',
} as const;

/** Alignment, staleness and bounds of a local operand that touches `bytes` bytes. */
export function checkLocalOperand(
	core: CoreContext,
	site: CallSite,
	call: string,
	role: string,
	t: LocalTensor,
	bytes: number,
	frame: FrameworkFrame,
	api: string,
	assertInstr?: string,
): void {
	if (t.stale) {
		core.trace.diagnose(site, 'tensor-use-after-free', {
			call,
			tensor: t.describe(),
			block: t.block.index,
			state: t.block.state,
		});
	}
	const memory = t.hardware;
	const align = memory === 'GM' ? 1 : core.profile.alignment[memory].value;
	if (t.address % align !== 0) {
		core.trace.fail(site, call, {
			code: 'address-unaligned',
			values: { call, operand: role, address: t.address, memory, align },
			log: {
				header: api === 'DataCopy' ? 'datacopy' : 'vec',
				line: frame.line - 2,
				func: api,
				message: formatC(CHECK_MESSAGES.align, role, api, align),
			},
			frames: [frame],
			reason: `${call}: ${role} at ${memory} ${t.address} is not ${align}-byte aligned`,
		});
	}
	const capacity = core.memoryCapacity(memory);
	const end = t.address + bytes;
	if (end > capacity) {
		core.trace.fail(site, call, {
			code: 'memory-out-of-range',
			values: { call, start: t.address, end, memory, capacity },
			log: {
				header: api === 'DataCopy' ? 'datacopy' : 'vec',
				line: frame.line - 1,
				func: api,
				message: formatC(
					CHECK_MESSAGES.value,
					'count',
					api,
					'0',
					String(Math.floor((capacity - t.address) / t.dtype.bytes)),
					String(bytes / t.dtype.bytes),
				),
			},
			frames: [frame],
			reason: `${call}: ${role} ends at ${end}, past the ${capacity} bytes of ${memory}`,
		});
	}
	if (bytes > t.bytesToBlockEnd) {
		const values = {
			call,
			start: t.byteOffset,
			end: t.byteOffset + bytes,
			tensor: t.describe(),
			size: Math.max(0, t.bytesToBlockEnd),
			count: bytes / t.dtype.bytes,
			bytes,
		};
		if (assertInstr && core.mode === 'cpu') {
			core.trace.fail(site, call, {
				code: 'vector-count-exceeds-tensor',
				values,
				assert: {
					header: 'vec',
					line: 447,
					func: frame.func,
					expr: `false && "check ${assertInstr} instr failed"`,
				},
				frames: [frame],
				reason: `${call}: ${bytes} bytes exceed ${t.describe()}`,
			});
		}
		core.trace.diagnose(
			site,
			assertInstr ? 'vector-count-exceeds-tensor' : 'tensor-out-of-bounds',
			values,
		);
	}
}

/** Alignment to sizeof(T) and bounds of a GM operand. */
export function checkGlobalOperand(
	core: CoreContext,
	site: CallSite,
	call: string,
	role: string,
	t: GlobalTensor,
	bytes: number,
	frame: FrameworkFrame,
): void {
	if (!t.ptr) {
		core.trace.diagnose(site, 'global-tensor-unset', { call, tensor: t.name });
		return;
	}
	if (t.ptr.byteOffset % t.dtype.bytes !== 0) {
		core.trace.fail(site, call, {
			code: 'address-unaligned',
			values: {
				call,
				operand: role,
				address: t.ptr.byteOffset,
				memory: 'GM',
				align: t.dtype.bytes,
			},
			log: {
				header: 'datacopy',
				line: frame.line - 2,
				func: 'DataCopy',
				message: formatC(CHECK_MESSAGES.align, role, 'DataCopy', t.dtype.bytes),
			},
			frames: [frame],
			reason: `${call}: GM ${role} is not aligned to sizeof(${t.dtype.name})`,
		});
	}
	const end = t.ptr.byteOffset + bytes;
	if (end > t.ptr.buffer.bytes || t.ptr.byteOffset < 0) {
		core.trace.diagnose(site, 'gm-out-of-bounds', {
			call,
			start: t.ptr.byteOffset,
			end,
			buffer: t.ptr.buffer.name,
			capacity: t.ptr.buffer.bytes,
		});
	}
}
