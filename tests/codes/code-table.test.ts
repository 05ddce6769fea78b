import { beforeAll, describe, expect, it } from 'vitest';
import { loadCases } from '../../src/cases/cases-fs.ts';
import { checkTable } from '../../src/codes/check-table.ts';
import { candidateIds, spellingsOf } from '../../src/codes/code-id.ts';
import { loadCodeTable, loadFamilies } from '../../src/codes/codes-fs.ts';
import type { CodeTable } from '../../src/codes/code-table.ts';
import { codeFamilySchema } from '../../src/codes/schema.ts';
import { resolveSource } from '../../src/codes/source-link.ts';

let table: CodeTable;

beforeAll(async () => {
	table = await loadCodeTable();
});

describe('the error-code index', () => {
	it('holds every code of the public headers and of error_code.json, over 1,300 in all', async () => {
		const families = await loadFamilies();
		const byFamily = Object.fromEntries(families.map((f) => [f.family, f.codes.length]));
		// acl_base_rt.h 69, rt_error_codes.h 144, ge_error_codes.h 38 (ascend-facts-2 §1.2).
		expect(byFamily['acl-error']).toBe(69);
		expect(byFamily['rts-error']).toBe(144);
		expect(byFamily['ge-error']).toBe(38);
		// error_code.json has 406 codes; every one is a row of some screen family.
		const screen = families.filter((f) => f.kind === 'screen').flatMap((f) => f.codes);
		const fromJson = screen.filter((row) => row.sources.some((s) => s.startsWith('json#')));
		expect(fromJson.length).toBe(406);
		expect(table.size).toBeGreaterThan(1300);
	});

	it("holds torch_npu's ERR codes: every module/code pair the sources raise, and every one the error-code page lists", async () => {
		const families = await loadFamilies();
		const torchNpu = families.find((f) => f.family === 'torch-npu-err')!;
		const ids = torchNpu.codes.map((row) => row.code);
		// PTA_ERROR(ErrCode::ACL), OPS_ERROR(ErrCode::ACL), DIST_ERROR(ErrCode::HCCL), and ERR99999 (page only).
		expect(ids).toEqual(expect.arrayContaining(['ERR00100', 'ERR01100', 'ERR02200', 'ERR99999']));
		expect(table.get('ERR00100')?.name).toBe('PTA call acl api failed');
		// They label an exception whose own text (an aclError, a screen code) says more.
		expect(table.isGeneric(table.get('ERR00100')!)).toBe(true);
	});

	it('records a file and commit for every row, resolving to a GitHub link', async () => {
		for (const family of await loadFamilies()) {
			for (const row of family.codes) {
				for (const ref of row.sources) {
					const link = resolveSource(family, ref);
					expect(link?.url, `${family.family} ${row.code} ${ref}`).toMatch(
						/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]{40}\//,
					);
				}
			}
		}
	});

	it('is consistent: related codes exist and named cases exist', async () => {
		const cases = new Set((await loadCases()).map((c) => c.slug));
		expect(checkTable(table, { cases })).toEqual([]);
	});

	it('keeps related codes symmetric (0x7020023 → 207005 and back)', () => {
		expect(table.relatedIds('0x7020023')).toContain('207005');
		expect(table.relatedIds('207005')).toContain('0x7020023');
		for (const entry of table.entries()) {
			for (const other of table.relatedIds(entry.code)) {
				expect(table.relatedIds(other), `${other} ↔ ${entry.code}`).toContain(entry.code);
			}
		}
	});
});

describe('code spellings', () => {
	it.each([
		['EE1023', 'EE1023'],
		['ee1023', 'EE1023'],
		['507035', '507035'],
		['0x7020023', '0x7020023'],
		['0x07020023', '0x7020023'],
		['117571619', '0x7020023'],
		['ACL_ERROR_RT_NO_EVENT_RESOURCE', '207007'],
		['ACL_ERROR_RT_DEVIDE_OOM', '207018'],
		['RT_ERROR_DRV_NO_RESOURCES', '0x7020023'],
		['0x31', 'ts-0x31'],
		['DRV_ERROR_INNER_ERR', 'drv-7'],
		['HCCL_E_INTERNAL', 'hccl-4'],
		['(EE1023)', 'EE1023'],
		['err00100', 'ERR00100'],
		['ERR02200', 'ERR02200'],
	])('finds %s as %s', (spelling, id) => {
		expect(table.find(spelling)?.code).toBe(id);
	});

	it('lists the decimal and padded hex spellings of an inner code', () => {
		expect(spellingsOf('0x7020023')).toEqual(
			expect.arrayContaining(['0x7020023', '0x07020023', '117571619']),
		);
	});

	it('leaves a bare small number ambiguous between the driver and HCCL', () => {
		expect(candidateIds('7')).toEqual(['drv-7', 'hccl-7']);
		expect(candidateIds('hello')).toEqual([]);
	});
});

describe('the family schema', () => {
	it('rejects a row whose source names no source of its family, naming the row', () => {
		const result = codeFamilySchema.safeParse({
			family: 'demo',
			kind: 'acl',
			module: 'AscendCL',
			title: { zh: '演示', en: 'Demo' },
			about: { zh: '演示', en: 'Demo' },
			sources: {},
			codes: [{ code: '100000', category: 'x', sources: ['header#L1'] }],
		});
		expect(result.success).toBe(false);
		expect(JSON.stringify(result.error?.issues)).toContain('names no source of this family');
	});

	it('rejects an id that does not fit the family kind', () => {
		const result = codeFamilySchema.safeParse({
			family: 'demo',
			kind: 'screen',
			module: 'Runtime',
			title: { zh: '演示', en: 'Demo' },
			about: { zh: '演示', en: 'Demo' },
			sources: { x: { repo: 'a/b', commit: '0'.repeat(40), path: 'p' } },
			codes: [{ code: '507035', category: 'x', sources: ['x'] }],
		});
		expect(result.success).toBe(false);
	});

	it('rejects a case slug that does not exist', () => {
		const entry = table.get('207007')!;
		const copy = { ...entry, cases: ['acl-notify-resource-exhausted'] };
		const problems = checkTable(
			{ entries: () => [copy], get: (id: string) => table.get(id) } as unknown as CodeTable,
			{ cases: new Set(['acl-event-id-exhausted']) },
		);
		expect(problems.join('\n')).toContain('case "acl-notify-resource-exhausted" does not exist');
	});
});
