import { describe, expect, it } from 'vitest';
import {
	MAX_DECODED_BYTES,
	MAX_ENCODED_CHARS,
	decodeShareState,
	encodeShareState,
	fromBase64Url,
	shareHash,
	toBase64Url,
} from './share-codec.ts';
import { sharePayloadOf } from './share-hash.ts';
import type { ShareState } from './share-state.ts';

const state: ShareState = {
	v: 1,
	scenario: 'alloc-tensor-queue-position-limit/five-buffers',
	variant: 'faulty',
	code: '// 队列\nint main() { return 0; }\n',
	product: 'atlas-training',
	mode: 'cpu',
	step: 12,
	actions: [
		{ do: 'signal', signal: 'SIGINT' },
		{ do: 'wait', ms: 1000 },
	],
};

async function deflate(text: string): Promise<string> {
	const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
	return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe('a share link carries every file of the program', () => {
	const withFiles: ShareState = {
		...state,
		files: [
			{ path: 'add_custom.cpp', text: 'extern "C" __global__ void add_custom() {}\n' },
			{ path: 'inc/utils.h', text: '#pragma once\n' },
			{ path: 'input/input_x.txt', text: '1 2 3\n' },
		],
	};

	it('restores the files, their paths and their text', async () => {
		expect(await decodeShareState(await encodeShareState(withFiles))).toEqual({
			ok: true,
			state: withFiles,
		});
	});

	for (const path of ['../etc/passwd', '/abs.h', 'a//b.h', 'a/../b.h', '<img>.h', '']) {
		it(`refuses a file path that could escape or mislead: ${JSON.stringify(path)}`, async () => {
			const bad = { ...withFiles, files: [{ path, text: '' }] };
			expect(await decodeShareState(await encodeShareState(bad))).toEqual({
				ok: false,
				error: 'bad-shape',
			});
		});
	}

	it('refuses more files than a program may have', async () => {
		const files = Array.from({ length: 16 }, (_, i) => ({ path: `f${i}.h`, text: '' }));
		expect(await decodeShareState(await encodeShareState({ ...state, files }))).toEqual({
			ok: false,
			error: 'bad-shape',
		});
	});
});

describe('a share link round-trips', () => {
	it('restores exactly the state that was encoded, including non-ASCII code', async () => {
		const payload = await encodeShareState(state);
		expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(await decodeShareState(payload)).toEqual({ ok: true, state });
	});

	it('keeps the msSanitizer mode, and refuses a mode the simulator does not have', async () => {
		const sanitizer: ShareState = { ...state, mode: 'sanitizer' };
		expect(await decodeShareState(await encodeShareState(sanitizer))).toEqual({
			ok: true,
			state: sanitizer,
		});
		const bogus = await encodeShareState({ ...state, mode: 'gdb' } as unknown as ShareState);
		expect((await decodeShareState(bogus)).ok).toBe(false);
	});

	it('reads the payload back out of the hash it writes', async () => {
		const hash = await shareHash(state);
		expect(hash.startsWith('#s=')).toBe(true);
		const payload = sharePayloadOf(hash);
		expect(payload).toBeDefined();
		expect(await decodeShareState(payload!)).toEqual({ ok: true, state });
	});

	it('names the widget before the payload when asked, and still finds the payload', async () => {
		const hash = await shareHash(state, 'repro-queue-limit');
		expect(hash.startsWith('#w=repro-queue-limit&s=')).toBe(true);
		expect(await decodeShareState(sharePayloadOf(hash)!)).toEqual({ ok: true, state });
	});

	it('compresses a repetitive program well below its length', async () => {
		const big = { ...state, code: 'AllocTensor();\n'.repeat(2000) };
		expect((await encodeShareState(big)).length).toBeLessThan(big.code.length / 10);
	});
});

describe('a hostile or corrupt share link is refused with a reason', () => {
	it('refuses a payload longer than the cap without decoding it', async () => {
		expect(await decodeShareState('A'.repeat(MAX_ENCODED_CHARS + 1))).toEqual({
			ok: false,
			error: 'too-long',
		});
	});

	it('refuses characters outside base64url', async () => {
		expect(await decodeShareState('abc$%def')).toEqual({ ok: false, error: 'bad-base64' });
		expect(await decodeShareState('ab+/')).toEqual({ ok: false, error: 'bad-base64' });
		expect(await decodeShareState('abcde')).toEqual({ ok: false, error: 'bad-base64' });
	});

	it('refuses bytes that are not a deflate stream', async () => {
		expect(await decodeShareState(toBase64Url(new Uint8Array([255, 255, 255, 255, 1, 2])))).toEqual(
			{ ok: false, error: 'bad-deflate' },
		);
	});

	it('refuses an empty payload', async () => {
		expect((await decodeShareState('')).ok).toBe(false);
	});

	it('stops inflating a zip bomb past the size cap', async () => {
		const bomb = await deflate('x'.repeat(MAX_DECODED_BYTES * 4));
		expect(bomb.length).toBeLessThan(MAX_ENCODED_CHARS);
		expect(await decodeShareState(bomb)).toEqual({ ok: false, error: 'too-large' });
	});

	it('refuses a payload that is not JSON', async () => {
		expect(await decodeShareState(await deflate('{not json'))).toEqual({
			ok: false,
			error: 'bad-json',
		});
	});

	it('refuses JSON of the wrong shape: unknown product, extra keys, bad action, wrong version', async () => {
		const bad = [
			{ ...state, product: 'atlas-9000' },
			{ ...state, extra: true },
			{ ...state, actions: [{ do: 'format-disk' }] },
			{ ...state, v: 2 },
			{ ...state, scenario: '../../etc/passwd' },
			{ ...state, step: -1 },
			[state],
			null,
		];
		for (const value of bad) {
			expect(await decodeShareState(await deflate(JSON.stringify(value)))).toEqual({
				ok: false,
				error: 'bad-shape',
			});
		}
	});
});

describe('base64url helpers', () => {
	it('round-trip every byte value', () => {
		const bytes = new Uint8Array(256).map((_, i) => i);
		expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
	});

	it('finds no payload in a hash without s=', () => {
		expect(sharePayloadOf('#reproduce')).toBeUndefined();
		expect(sharePayloadOf('')).toBeUndefined();
	});
});
