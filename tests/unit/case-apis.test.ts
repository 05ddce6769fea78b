/**
 * The `apis` field of case.yaml is checked against the API catalog: the loader the CLI and the
 * tests use (and the build, through the same schema) refuses a name the catalog does not know,
 * naming the file, the field and the nearest catalog name.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CASES_DIR, loadCases } from '../../src/cases/cases-fs.ts';

const scratch = mkdtempSync(join(tmpdir(), 'casebook-apis-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of one real case with its case.yaml edited by `edit`. */
function caseWith(slug: string, edit: (yaml: string) => string): string {
	const dir = join(scratch, slug);
	cpSync(join(DEFAULT_CASES_DIR, slug), join(dir, slug), { recursive: true });
	const file = join(dir, slug, 'case.yaml');
	writeFileSync(file, edit(readFileSync(file, 'utf8')));
	return dir;
}

describe('case.yaml apis', () => {
	it('accept the catalog names and aliases the seed cases use', async () => {
		const cases = await loadCases();
		expect(cases.flatMap((c) => c.facts.apis)).toContain('TQue::AllocTensor');
		expect(cases.flatMap((c) => c.facts.apis)).toContain('signal');
	});

	it('fail on an API the catalog does not have, naming the file, the field and the nearest name', async () => {
		const dir = caseWith('acl-resource-leak', (yaml) =>
			yaml.replace('  - aclrtFreeHost\n', '  - aclrtFreeHots\n'),
		);
		await expect(loadCases(dir)).rejects.toThrow(
			/acl-resource-leak\/case\.yaml[\s\S]*apis\.3: "aclrtFreeHots" is not in the API catalog \(src\/api\); did you mean "aclrtFreeHost"\?/,
		);
	});
});
