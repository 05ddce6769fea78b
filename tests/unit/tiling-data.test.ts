/**
 * Host-side tiling classes (BEGIN_TILING_DATA_DEF …) through C++ programs of our own: the
 * expected bytes are worked out by hand from the framework's layout rule (tilingdata_base.h:
 * each field padded to a multiple of its element size, nested tiling structs and the class's
 * end to a multiple of 8) and from little-endian IEEE encodings, never taken from a run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';

function stdout(path: string): string[] {
	const source = readFileSync(new URL(`../programs/tiling/${path}`, import.meta.url), 'utf8');
	const trace = run({ source, product: 'atlas-a2', mode: 'npu' });
	expect(trace.outcome, JSON.stringify(trace.diagnostics.slice(0, 3))).toBe('completed');
	return trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
}

describe('a tiling class declared with the framework macros', () => {
	it('lays its fields out as TilingDef does and SaveToBuffer writes exactly those bytes', () => {
		// flag u8 @0, total u32 @4, dims u16[3] @8, big u64 @16 (after 2 pad bytes), the nested
		// InnerTiling (4 bytes of data, 8 with its end padding) @24, tail u32 @32, end pad to 40.
		expect(stdout('tiling-layout.cpp')).toEqual([
			'size 40 inner 8 total 16909060 dims2 30',
			'07 00 00 00 04 03 02 01',
			'0a 00 14 00 1e 00 00 00',
			'00 f2 05 2a 01 00 00 00',
			'09 00 00 00 00 00 00 00',
			'dd cc bb aa 00 00 00 00',
		]);
	});

	it('reaches the kernel through aclrtMemcpy and a word-by-word copy into the kernel’s struct', () => {
		// count 4, scale 0.5, offsets {100, -100}: z[i] = i * 0.5 + offsets[i % 2].
		expect(stdout('tiling-to-kernel.cpp')).toEqual([
			'size 16',
			'100.00',
			'-99.50',
			'101.00',
			'-98.50',
		]);
	});

	it('copies nothing into a buffer smaller than its data, and memcpy copies a plain struct’s bytes', () => {
		// Header: tag 0x0102 @0, 2 pad bytes, length 300 = 0x12c @4, 1.5f = 0x3fc00000 @8.
		expect(stdout('struct-bytes.cpp')).toEqual([
			'header 12: 02 01 00 00 2c 01 00 00 00 00 c0 3f',
			'small 16: ee ee',
		]);
	});
});
