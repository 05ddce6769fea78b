/**
 * What a kernel prints through the debugging APIs (asc-devkit 调试接口/上板打印 and 异常检测):
 * the printf conversions they document (%d %i %u %x %f %s %p), the DumpTensor header and data
 * lines, and the `[ASSERT]` line of a failed assert. `%x` prints 64 bits on the NPU and 32 bits
 * in CPU debug, as the printf page says.
 */
import type { RunMode } from '../run-request.ts';
import type { DType } from './dtype.ts';

/** Formats `fmt` with `args` the way the kernel printf does in `mode`. */
export function formatKernelPrint(fmt: string, args: readonly unknown[], mode: RunMode): string {
	let i = 0;
	return fmt.replace(
		/%([-+ 0#]*)(\d*)(?:\.(\d+))?(?:hh|h|ll|l|z)?([diuxXfFsp%])/g,
		(_m, flags, width, prec, conv) => {
			if (conv === '%') return '%';
			const v = args[i++];
			const n = typeof v === 'number' ? v : Number(v);
			let s: string;
			switch (conv) {
				case 'd':
				case 'i':
					s = String(Math.trunc(Number.isFinite(n) ? n : 0));
					break;
				case 'u':
					s = String(Math.trunc(Math.abs(Number.isFinite(n) ? n : 0)));
					break;
				case 'x':
				case 'X': {
					const bits = mode === 'npu' ? 64 : 32;
					const big = BigInt.asUintN(bits, BigInt(Math.trunc(Number.isFinite(n) ? n : 0)));
					s = big.toString(16);
					if (conv === 'X') s = s.toUpperCase();
					break;
				}
				case 'f':
				case 'F':
					s = Number.isFinite(n) ? n.toFixed(prec === undefined ? 6 : Number(prec)) : String(n);
					break;
				case 'p':
					s = `0x${Math.trunc(Number.isFinite(n) ? n : 0).toString(16)}`;
					break;
				default:
					s = typeof v === 'string' ? v : String(v ?? '');
			}
			const w = Number(width || 0);
			if (s.length < w)
				s = String(flags).includes('-')
					? s.padEnd(w)
					: s.padStart(w, String(flags).includes('0') ? '0' : ' ');
			return s;
		},
	);
}

/** How DumpTensor names an element type (`data_type=float16`). */
export function dumpTypeName(dtype: DType): string {
	switch (dtype.name) {
		case 'half':
			return 'float16';
		case 'float':
			return 'float32';
		case 'bfloat16_t':
			return 'bfloat16';
		case 'double':
			return 'float64';
		default:
			return dtype.name.replace(/_t$/, '');
	}
}

/** One element as DumpTensor prints it: floats with six decimals, integers as they are. */
export function dumpValue(dtype: DType, v: number): string {
	return /half|float|bfloat16|double/.test(dtype.name) ? v.toFixed(6) : String(v);
}
