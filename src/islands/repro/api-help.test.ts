import { describe, expect, it } from 'vitest';
import { apiHelp } from '../../api/api-reference.ts';
import { helpFor, indexApiHelp, nameAt } from './api-help.ts';

const zh = indexApiHelp(apiHelp('zh'), 'zh');
const en = indexApiHelp(apiHelp('en'), 'en');

describe('the editor’s API help', () => {
	it('finds the API under the pointer with its namespace, and a member after a dot', () => {
		const line = '    AscendC::LocalTensor<half> x = inQueue.AllocTensor<half>();';
		const member = nameAt(line, line.indexOf('AllocTensor') + 3)!;
		expect(member).toMatchObject({ name: 'AllocTensor', member: true });
		expect(helpFor(en, member.name, true).map((h) => h.name)).toContain('TQue::AllocTensor');
		const call = nameAt('    CHECK(aclrtCreateStream(&s));', 14)!;
		expect(helpFor(zh, call.name, call.member)[0]?.name).toBe('aclrtCreateStream');
		const qualified = nameAt('AscendC::DataCopy(dst, src, 64);', 12)!;
		expect(helpFor(en, qualified.name, false)[0]?.name).toBe('DataCopy');
	});

	it('explains an API in the page’s language with its signature, limits and anchor', () => {
		const [zhHelp] = helpFor(zh, 'aclrtCreateStream', false);
		const [enHelp] = helpFor(en, 'aclrtCreateStream', false);
		expect(zhHelp!.signatures).toEqual(['aclError aclrtCreateStream(aclrtStream *stream)']);
		expect(zhHelp!.doc).toMatch(/创建一个 Stream/);
		expect(enHelp!.doc).toMatch(/stream/i);
		expect(zhHelp!.limits[0]).toMatch(/Stream 上限.*2048: Atlas 训练系列产品/);
		expect(enHelp!.url).toBe('/en/api/acl-stream/#aclrtCreateStream');
	});

	it('keeps an alias under its own name', () => {
		expect(helpFor(en, 'aclrtMallocCached', false)[0]?.name).toBe('aclrtMalloc');
		expect(en.free.map((c) => c.label)).toContain('aclrtMallocCached');
	});

	it('completes free functions and, after a dot, member names once each', () => {
		expect(en.free.some((c) => c.label === 'aclrtSetDevice')).toBe(true);
		expect(en.free.some((c) => c.label === 'AllocTensor')).toBe(false);
		const labels = en.members.map((c) => c.label);
		expect(labels).toContain('AllocTensor');
		expect(new Set(labels).size).toBe(labels.length);
	});

	it('finds nothing for a name the catalog does not have', () => {
		expect(helpFor(en, 'printf_s', false)).toEqual([]);
		expect(nameAt('   ', 1)).toBeNull();
	});
});
