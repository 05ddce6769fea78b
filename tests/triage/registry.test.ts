import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases, loadRegistry } from '../../src/cases/cases-fs.ts';
import { buildRegistry, findSignature } from '../../src/cases/registry.ts';
import { signatureSchema } from '../../src/cases/schema.ts';
import { caseUrl, permalink, triageUrl } from '../../src/triage/index.ts';

const sig = (id: string, extra: Record<string, unknown> = {}) =>
	signatureSchema.parse({ id, module: 'RUNTIME', pattern: 'boom', samples: ['boom'], ...extra });

describe('building the signature registry', () => {
	it('lists signatures by case slug, then in file order, with permalink and case URLs', () => {
		const registry = buildRegistry([
			{ slug: 'zeta-case', facts: { signatures: [sig('zeta-one')] } },
			{
				slug: 'alpha-case',
				facts: { signatures: [sig('alpha-two', { anchor: 'fix' }), sig('alpha-one')] },
				titles: { zh: '甲', en: 'Alpha' },
			},
		]);
		expect(registry.signatures.map((entry) => entry.id)).toEqual([
			'alpha-two',
			'alpha-one',
			'zeta-one',
		]);
		expect(registry.signatures[0]).toMatchObject({
			case: 'alpha-case',
			module: 'RUNTIME',
			pattern: 'boom',
			anchor: 'fix',
			permalink: '/e/alpha-two/',
			urls: { zh: '/zh/cases/alpha-case/#fix', en: '/en/cases/alpha-case/#fix' },
			title: { zh: '甲', en: 'Alpha' },
		});
		expect(registry.version).toBe(1);
		expect(findSignature(registry, 'zeta-one')?.case).toBe('zeta-case');
	});

	it('keeps the hint flag only where it is set', () => {
		const registry = buildRegistry([
			{ slug: 'c', facts: { signatures: [sig('weak', { hint: true }), sig('strong')] } },
		]);
		expect(registry.signatures.map((entry) => entry.hint)).toEqual([true, undefined]);
	});

	it('refuses two signatures with the same id, naming both cases', () => {
		expect(() =>
			buildRegistry([
				{ slug: 'first-case', facts: { signatures: [sig('same-id')] } },
				{ slug: 'second-case', facts: { signatures: [sig('same-id')] } },
			]),
		).toThrow(
			'signature id "same-id" is used by case "first-case" and by case "second-case"; ids are permalinks (/e/<id>/) and must be unique: rename the newer one.',
		);
	});
});

describe('the URLs triage links to', () => {
	it('are relative by default and absolute with a base URL', () => {
		expect(caseUrl('acl-resource-leak', 'symptom', 'zh')).toBe(
			'/zh/cases/acl-resource-leak/#symptom',
		);
		expect(caseUrl('acl-resource-leak', 'fix', 'en', 'https://x.org/')).toBe(
			'https://x.org/en/cases/acl-resource-leak/#fix',
		);
		expect(permalink('a-b')).toBe('/e/a-b/');
		expect(triageUrl('en', 'EZ9999: x')).toBe('/en/triage/#log=EZ9999%3A%20x');
	});
});

describe('loading the case files from disk', () => {
	function caseDir(files: Record<string, string>): string {
		const root = mkdtempSync(join(tmpdir(), 'casebook-cases-'));
		for (const [path, text] of Object.entries(files)) {
			mkdirSync(join(root, path, '..'), { recursive: true });
			writeFileSync(join(root, path), text);
		}
		return root;
	}

	it('loads every case of the repository and builds a registry from them', async () => {
		const cases = await loadCases();
		expect(cases.length).toBeGreaterThanOrEqual(5);
		const registry = await loadRegistry();
		expect(registry.signatures.length).toBeGreaterThanOrEqual(cases.length);
	});

	it('has no pattern that opens with an unbounded repeat, which is quadratic on a long run', async () => {
		// `\w+:context is abort` tries every start inside a 64 KiB run of letters and runs each to
		// its end: one pasted 10 MB line took minutes. A bounded repeat (`\w{1,64}`) is linear.
		const opensUnbounded = /^\^?(?:\(\?:(?:[^()]*\|)?)?(?:\\[wWsSdD]|\.|\[[^\]]*\])[+*]/;
		const registry = await loadRegistry();
		const offenders = registry.signatures.flatMap((s) =>
			[s.pattern, ...s.also, ...s.unless]
				.filter((p) => opensUnbounded.test(p))
				.map((p) => `${s.id}: ${p}`),
		);
		expect(offenders).toEqual([]);
		expect(opensUnbounded.test('(?:SubmitTask|\\w+):context is abort')).toBe(true);
	});

	it('names the file and the field when case.yaml does not fit the schema', async () => {
		const root = caseDir({ 'bad-case/case.yaml': 'component: kernel\n' });
		const error = await loadCases(root).catch((caught: Error) => caught);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toContain(join(root, 'bad-case', 'case.yaml'));
		expect((error as Error).message).toMatch(/\n {2}component: /);
		expect((error as Error).message).toMatch(/\n {2}sources: /);
	});

	it('names the file and the sample when a signature sample does not match its pattern', async () => {
		const yaml = [
			'component: system',
			'products: [atlas-a2]',
			'apis: [aclrtMalloc]',
			'signatures:',
			"  - { id: s, module: M, pattern: 'boom', samples: ['bang'] }",
			'sources: [{ title: t, url: "https://example.org/" }]',
			'scenarios:',
			'  - { id: s1, label: { zh: 甲, en: a }, faulty: a.cpp, fixed: b.cpp, product: atlas-a2, mode: npu, expect: { faulty: error, fixed: completed } }',
		].join('\n');
		const root = caseDir({ 'c/case.yaml': yaml });
		await expect(loadCases(root)).rejects.toThrow(
			"does not fit the case schema:\n  signatures.0.samples.0: sample line does not match the signature's own pattern boom",
		);
	});

	it('names the page file when its frontmatter is missing', async () => {
		const yaml = [
			'component: system',
			'products: [atlas-a2]',
			'apis: [aclrtMalloc]',
			"signatures: [{ id: s, module: M, pattern: 'boom', samples: ['boom'] }]",
			'sources: [{ title: t, url: "https://example.org/" }]',
			'scenarios:',
			'  - { id: s1, label: { zh: 甲, en: a }, faulty: a.cpp, fixed: b.cpp, product: atlas-a2, mode: npu, expect: { faulty: error, fixed: completed } }',
		].join('\n');
		const root = caseDir({ 'c/case.yaml': yaml, 'c/en.mdx': '# no frontmatter\n' });
		await expect(loadCases(root)).rejects.toThrow(
			`${join(root, 'c', 'en.mdx')}: has no frontmatter (a block between --- lines at the top)`,
		);
	});
});
