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

describe('the host tiling functions over ge::Shape', () => {
	it('read the shape, fill the documented tiling fields by reference and size the temporary space by the stated rule', () => {
		// Shape {2, 16, 64, 60}: 4 dims, dim 9 reads 0, size 2·16·64·60 = 122880. LayerNorm [B, S, H]:
		// 2·16·64 = 2048 elements, min 2048·4 = 8192, max 8192 + 2·2048·4 = 24576; NormTiling is
		// tmpSize @0 and the 104-byte LayerNormTiling @8: 112. [A, R] {4, 24} with rstd: 96
		// elements, min 96·4 + 4·4 = 400, max 400 + 2·96·4 = 1168. SoftMax {2, 4, 32}: 8 rows of
		// 32, min 8·2·32 = 512, max 512 + 256·4 = 1536. Sort {128}: 128·8 = 1024 and 2048.
		expect(stdout('tiling-helpers.cpp')).toEqual([
			'shape 4 60 0 122880',
			'layernorm 8192 24576 | 2 16 64 60 | 112',
			'separate 400 1168 | 4 24',
			'softmax 512 1536 | 8 32',
			'sort 1024 2048 | 8 27',
		]);
	});

	it('warn in both languages that the sizes are illustrative and that only the shape fields are filled', () => {
		const source = readFileSync(
			new URL('../programs/tiling/tiling-helpers.cpp', import.meta.url),
			'utf8',
		);
		const trace = run({ source, product: 'atlas-a2', mode: 'npu' });
		const codes = trace.diagnostics.map((d) => d.code);
		expect(codes.filter((c) => c === 'tiling-size-illustrative')).toHaveLength(5);
		expect(codes.filter((c) => c === 'tiling-fields-partial')).toHaveLength(3);
		const sizes = trace.diagnostics.find((d) => d.code === 'tiling-size-illustrative')!;
		expect(sizes.messages?.zh).toContain('示意规则');
		expect(sizes.messages?.en).toContain('illustrative rule');
	});
});

describe('tiling tables the host code reads', () => {
	it('initialise each pair of a vector of pairs from its nested braces', () => {
		// 5000 ≥ 4096 → 1; 1024 ≥ 1024 → 4; 300 ≥ 256 → 16; 8 ≥ 0 → 64; 96 / 16 = 6.
		expect(stdout('slice-table.cpp')).toEqual(['1 4 16 64', '6']);
	});
});
