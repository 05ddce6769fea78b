/**
 * Share links against generated hostile payloads: random text, valid base64url of random
 * bytes, valid deflate of random JSON, zip bombs, and well-formed links that carry a hostile
 * program. Decoding never throws and refuses what it cannot trust; a program a link does carry
 * runs under the playground's limits to a trace within them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/index.ts';
import {
	decodeShareState,
	encodeShareState,
	MAX_ENCODED_CHARS,
	toBase64Url,
} from '../../src/islands/repro/share-codec.ts';
import { PLAYGROUND_LIMITS } from '../../src/islands/repro/run-client.ts';
import { MAX_SHARED_CODE_CHARS, type ShareState } from '../../src/islands/repro/share-state.ts';
import { resolveLimits } from '../../src/sim/limits.ts';
import { hostileProgram } from './hostile-programs.ts';

/** Deflates `bytes` as a share link does. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
		.stream()
		.pipeThrough(new CompressionStream('deflate-raw'));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('');

describe('hostile share links', () => {
	it('are refused or decoded, never thrown on: 800 random payloads', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string({ maxLength: 2_000 }),
					fc.string({ unit: fc.constantFrom(...BASE64URL), maxLength: 4_000 }),
					fc.uint8Array({ maxLength: 3_000 }).map(toBase64Url),
				),
				async (payload) => {
					const decoded = await decodeShareState(payload);
					expect(typeof decoded.ok).toBe('boolean');
				},
			),
			{ numRuns: 800, seed: 19 },
		);
	});

	it('refuse deflated JSON of the wrong shape: 400 random JSON values', async () => {
		await fc.assert(
			fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
				const bytes = new TextEncoder().encode(JSON.stringify(value));
				const decoded = await decodeShareState(toBase64Url(await deflate(bytes)));
				expect(decoded).toEqual({ ok: false, error: 'bad-shape' });
			}),
			{ numRuns: 400, seed: 20 },
		);
	});

	it('refuse a zip bomb (50 MB of zeros in a short link) without inflating it', async () => {
		const payload = toBase64Url(await deflate(new Uint8Array(50_000_000)));
		expect(payload.length).toBeLessThan(MAX_ENCODED_CHARS);
		expect(await decodeShareState(payload)).toEqual({ ok: false, error: 'too-large' });
	});

	it('that carry a hostile program decode, and the program runs within the playground limits: 300 of them', async () => {
		// The playground's limits, with a small step and memory budget so 300 runs are quick.
		const limits = resolveLimits({ ...PLAYGROUND_LIMITS, maxSteps: 5_000, maxMemory: 2 << 20 });
		await fc.assert(
			fc.asyncProperty(hostileProgram, async (program) => {
				const state: ShareState = {
					v: 1,
					scenario: 'acl-resource-leak/frame-leak',
					variant: 'faulty',
					code: program.slice(0, MAX_SHARED_CODE_CHARS),
					product: 'atlas-a2',
					mode: 'npu',
					step: 0,
					actions: [],
				};
				const decoded = await decodeShareState(await encodeShareState(state));
				expect(decoded.ok).toBe(true);
				if (!decoded.ok) return;
				const trace = run({
					source: decoded.state.code,
					product: 'atlas-a2',
					mode: 'npu',
					runLimits: limits,
				});
				expect(trace.diagnostics.some((d) => d.code.startsWith('internal'))).toBe(false);
				expect(trace.log.length).toBeLessThanOrEqual(limits.maxLogLines);
			}),
			{ numRuns: 300, seed: 21 },
		);
		// 300 whole runs took 120 s at a load of 25 on 2 cores; outcomes are checked, not speed.
	}, 300_000);
});
