import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../cases/cases-fs.ts';
import { loadCliRegistry } from './registry-fs.ts';

const dir = mkdtempSync(join(tmpdir(), 'casebook-registry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function prebuiltFile(name: string, text: string): URL {
	const file = join(dir, name);
	writeFileSync(file, text);
	return pathToFileURL(file);
}

describe('the registry of the CLI', () => {
	it('is the prebuilt file when one of this version sits there, without reading the case files', async () => {
		const registry = {
			version: 1,
			signatures: [{ id: 'only-in-the-prebuilt-file', case: 'x', pattern: 'x' }],
		};
		const warnings: string[] = [];
		const loaded = await loadCliRegistry(
			(w) => warnings.push(w),
			prebuiltFile('good.json', JSON.stringify(registry)),
		);
		expect(loaded).toEqual(registry);
		expect(warnings).toEqual([]);
	});

	it('is built from the case files, silently, when there is no prebuilt file (a checkout)', async () => {
		const warnings: string[] = [];
		const loaded = await loadCliRegistry(
			(w) => warnings.push(w),
			pathToFileURL(join(dir, 'missing.json')),
		);
		expect(loaded).toEqual(await loadRegistry());
		expect(warnings).toEqual([]);
	});

	it('passes over a corrupt or other-version prebuilt file for the case files, saying why', async () => {
		for (const [name, text, why] of [
			['corrupt.json', '{"version":1,"signa', 'is not JSON'],
			['old.json', '{"version":0,"signatures":[]}', 'is not a version 1 registry'],
			['null.json', 'null', 'is not a version 1 registry'],
		] as const) {
			const warnings: string[] = [];
			const loaded = await loadCliRegistry((w) => warnings.push(w), prebuiltFile(name, text));
			expect(loaded.signatures.length).toBeGreaterThan(0);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toContain(name);
			expect(warnings[0]).toContain(why);
		}
	});
});
