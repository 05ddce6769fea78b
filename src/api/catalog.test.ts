/**
 * The catalog's rows are well formed: every diagnostic a row names exists, every group and
 * limit a row names exists, every doc text is given in both languages, every source is a link,
 * and the signature reader reads the forms the tables use.
 */
import { describe, expect, it } from 'vitest';
import { isDiagnosticCode } from '../diagnostics/index.ts';
import { hostProfile } from '../sim/host/host-profile.ts';
import { kernelProfile } from '../sim/kernel/kernel-profile.ts';
import {
	API_CATALOG,
	API_GROUPS,
	API_TYPES,
	catalogGroups,
	findApi,
	parseSignature,
	suggestApi,
} from './index.ts';

const CJK = /[\u4e00-\u9fff]/;

describe('catalog rows', () => {
	it('name only diagnostics the catalog (src/diagnostics) has', () => {
		for (const row of API_CATALOG)
			for (const code of row.diagnostics)
				expect(isDiagnosticCode(code), `${row.name}: ${code}`).toBe(true);
	});

	it('belong to a listed group, and every group has zh and en titles', () => {
		const ids = new Set(API_GROUPS.map((g) => g.id));
		for (const row of API_CATALOG) expect(ids, row.name).toContain(row.group);
		for (const g of API_GROUPS) {
			expect(g.title.zh, g.id).toMatch(/\S/);
			expect(g.title.en, g.id).toMatch(/^[A-Z]/);
		}
		expect(catalogGroups().map((g) => g.group.id)).toEqual(API_GROUPS.map((g) => g.id));
	});

	it('explain themselves in Chinese and in English and link their reference page', () => {
		for (const entry of [...API_CATALOG, ...API_TYPES]) {
			expect(entry.doc.zh, entry.name).toMatch(CJK);
			expect(entry.doc.en, entry.name).toMatch(/^[A-Z(`a-z].*[.)]$/);
			expect(new URL(entry.source).protocol, entry.name).toBe('https:');
		}
	});

	it('name limits that the product profiles have', () => {
		const host = hostProfile('atlas-a2');
		const kernel = kernelProfile('atlas-a2');
		for (const row of API_CATALOG)
			for (const l of row.limits)
				expect(l.key in (l.profile === 'host' ? host : kernel), `${row.name}: ${l.key}`).toBe(true);
	});

	it('are found by name and by alias, and a misspelt name finds the nearest one', () => {
		expect(findApi('aclrtMallocCached')?.name).toBe('aclrtMalloc');
		expect(findApi('TQueBind::EnQue')?.name).toBe('TQue::EnQue');
		expect(suggestApi('aclrtCreateStreamWithConfg')).toBe('aclrtCreateStreamWithConfig');
		expect(suggestApi('TQue::EnQeu')).toBe('TQue::EnQue');
		expect(suggestApi('somethingElseEntirely')).toBeUndefined();
	});
});

describe('the signature reader', () => {
	it('reads an AscendCL function with an out-parameter', () => {
		const sig = parseSignature(
			'aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)',
			{ out: ['devPtr'] },
		);
		expect([sig.name, sig.returns, sig.minArgs, sig.maxArgs, sig.outs]).toEqual([
			'aclrtMalloc',
			'aclError',
			3,
			3,
			[0],
		]);
		expect(sig.params[0]).toMatchObject({ base: 'void', pointers: 2, direction: 'out' });
	});

	it('reads an Ascend C template member with qualifiers, a const tail and defaults', () => {
		const sig = parseSignature(
			'template <typename T1> __aicore__ inline __inout_pipe__(S) void SetValue(const uint32_t index, const T1 value) const',
		);
		expect(sig.templateParams).toEqual([{ kind: 'typename', name: 'T1' }]);
		expect(sig.params.map((p) => [p.name, p.base, p.isConst])).toEqual([
			['index', 'uint32_t', true],
			['value', 'T1', true],
		]);
		const tbuf = parseSignature(
			'template <TPosition pos = TPosition::LCM> __aicore__ inline TBuf();',
		);
		expect([tbuf.name, tbuf.returns, tbuf.templateParams[0]]).toEqual([
			'TBuf',
			'',
			{ kind: 'TPosition', name: 'pos', defaultValue: 'TPosition::LCM' },
		]);
	});

	it('reads operators, arrays, GM pointers, variadic tails and macros', () => {
		expect(
			parseSignature('__aicore__ inline LocalTensor operator[](const uint32_t offset) const').name,
		).toBe('operator[]');
		const mask = parseSignature(
			'template <typename T> __aicore__ inline void Add(const LocalTensor<T>& dst, uint64_t mask[], const uint8_t repeatTime)',
		);
		expect(mask.params[1]).toMatchObject({ name: 'mask', pointers: 1 });
		expect(mask.params[0]).toMatchObject({ base: 'LocalTensor', typeArgs: ['T'], reference: true });
		const gm = parseSignature('__aicore__ inline __gm__ uint8_t* __gm__ GetSysWorkSpacePtr()');
		expect([gm.returnBase, gm.returnPointers]).toEqual(['uint8_t', 1]);
		const printf = parseSignature(
			'template <class... Args> __aicore__ inline void printf(__gm__ const char* fmt, Args&&... args)',
		);
		expect([printf.minArgs, printf.maxArgs]).toEqual([1, Number.POSITIVE_INFINITY]);
		expect(parseSignature('#define ASSERT(x)')).toMatchObject({
			name: 'ASSERT',
			macro: true,
			minArgs: 1,
		});
	});

	it('refuses text that is not a signature, naming it', () => {
		expect(() => parseSignature('not a signature')).toThrow('not a signature: not a signature');
	});
});
