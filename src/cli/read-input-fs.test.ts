import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBounded } from './read-input-fs.ts';

const dir = mkdtempSync(join(tmpdir(), 'casebook-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
	const path = join(dir, name);
	writeFileSync(path, content);
	return path;
}

describe('readBounded', () => {
	it('reads a whole file that fits, with its size, and marks it complete', async () => {
		const text = 'aclrtMalloc 失败\n'.repeat(100_000);
		const input = await readBounded(file('fits.log', text), 4 << 20);
		expect(input.text).toBe(text);
		expect(input.truncated).toBe(false);
		expect(input.bytes).toBe(Buffer.byteLength(text));
		expect(input.size).toBe(Buffer.byteLength(text));
	});

	it('keeps exactly the bound of a longer file and marks it cut', async () => {
		const input = await readBounded(file('long.log', 'x'.repeat(3_000_001)), 3_000_000);
		expect(input.text.length).toBe(3_000_000);
		expect(input.bytes).toBe(3_000_000);
		expect(input.truncated).toBe(true);
		expect(input.size).toBe(3_000_001);
	});

	it('does not call a file of exactly the bound cut, nor an empty file', async () => {
		expect((await readBounded(file('exact.log', 'y'.repeat(1000)), 1000)).truncated).toBe(false);
		const empty = await readBounded(file('empty.log', ''), 1000);
		expect(empty).toMatchObject({ text: '', bytes: 0, truncated: false, size: 0 });
	});

	it('reads a device with no size (/dev/zero) up to the bound and stops', async () => {
		const input = await readBounded('/dev/zero', (2 << 20) + 5);
		expect(input.bytes).toBe((2 << 20) + 5);
		expect(input.truncated).toBe(true);
		expect(input.size).toBeUndefined();
	});
});
