import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../../tests/unit/console-capture.ts';
import { API_CATALOG, apiAnchor, apiEntry, findApi } from '../api/index.ts';
import { hostProfile } from '../sim/host/host-profile.ts';
import { API_EXIT, apiCommand, parseApiArgs } from './api.ts';

afterEach(() => {
	vi.restoreAllMocks();
});

const BASE = ['--base-url', 'https://casebook.example.org'];

describe('casebook api', () => {
	it('prints the signature, rules, error codes, limits and doc link of aclrtCreateStream', async () => {
		const { out } = captureConsole();
		expect(await apiCommand(['aclrtCreateStream', '--lang', 'en', ...BASE])).toBe(API_EXIT.found);
		const text = out.join('\n');
		expect(text).toContain('aclError aclrtCreateStream(aclrtStream *stream)');
		expect(text).toContain('with a current context');
		expect(text).toContain('ACL_ERROR_RT_RESOURCE_ALLOC_FAIL (207005)');
		expect(text).toMatch(/streams per device.*2048: Atlas training series/);
		expect(text).toContain('https://casebook.example.org/en/api/acl-stream/#aclrtCreateStream');
	});

	it('prints Chinese by default, with the illustrative cost marked', async () => {
		const { out } = captureConsole();
		await apiCommand(['aclrtMalloc', ...BASE]);
		expect(out.join('\n')).toContain('每次调用 5 µs（示意值）');
		expect(out.join('\n')).toContain('/zh/api/acl-memory/#aclrtMalloc');
	});

	it('finds an API by its alias and a member by Class::member', async () => {
		const { out } = captureConsole();
		expect(await apiCommand(['aclrtMallocCached', '--json', ...BASE])).toBe(API_EXIT.found);
		expect(JSON.parse(out.join('\n'))).toMatchObject({
			name: 'aclrtMalloc',
			aliases: ['aclrtMallocCached'],
		});
		out.length = 0;
		expect(await apiCommand(['TQue::AllocTensor', '--json', ...BASE])).toBe(API_EXIT.found);
		const entry = JSON.parse(out.join('\n'));
		expect(entry.url.zh).toBe('https://casebook.example.org/zh/api/ascendc-tque/#TQue-AllocTensor');
		expect(entry.diagnostics.map((d: { code: string }) => d.code)).toContain('tque-buffer-limit');
		expect(
			entry.limits[0].values.find((v: { product: string }) => v.product === 'atlas-training').value,
		).toBe('4');
	});

	it('names the nearest API for a misspelt name and exits 1', async () => {
		const { err } = captureConsole();
		expect(await apiCommand(['aclrtCreatStream'])).toBe(API_EXIT.unknown);
		expect(err.join('\n')).toContain('Did you mean "aclrtCreateStream"?');
	});

	it('lists every API by group without a name, and all of them as JSON', async () => {
		const { out } = captureConsole();
		await apiCommand(['--json', ...BASE]);
		expect(JSON.parse(out.join('\n'))).toHaveLength(API_CATALOG.length);
		out.length = 0;
		await apiCommand(['--lang', 'en']);
		expect(out.join('\n')).toMatch(
			/Stream management \(acl-stream\)\n(  .*\n)*  aclrtCreateStream\n/,
		);
	});

	it('refuses bad usage with exit 2', async () => {
		captureConsole();
		expect(await apiCommand(['a', 'b'])).toBe(API_EXIT.usage);
		expect(await apiCommand(['--lang', 'fr'])).toBe(API_EXIT.usage);
		expect(parseApiArgs(['--frob'])).toEqual({ error: 'unknown option "--frob".' });
	});
});

describe('API anchors', () => {
	it('are unique across the catalog and usable as fragment identifiers', () => {
		const anchors = API_CATALOG.map((row) => apiAnchor(row.name));
		expect(new Set(anchors).size).toBe(anchors.length);
		for (const a of anchors) expect(a).toMatch(/^[A-Za-z_][\w-]*$/);
	});

	it('mark a limit value with no source as illustrative, and a sourced one not', () => {
		const memory = apiEntry(findApi('aclrtMalloc')!).limits.find(
			(l) => l.key === 'deviceMemoryBytes',
		)!;
		for (const v of memory.values) {
			const source = hostProfile(v.product).deviceMemoryBytes.source;
			expect(v.illustrative, `${v.product}: ${source}`).toBe(source.startsWith('illustrative'));
		}
		expect(memory.values.some((v) => v.illustrative)).toBe(true);
	});
});
