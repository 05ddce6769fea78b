/**
 * The resource report through the front door: C++ programs run by the interpreter, and the
 * peaks, limits, lines and held resources the trace carries for them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../lang/index.ts';
import type { ProductId } from '../product-id.ts';
import type { RunMode, RunRequest } from '../run-request.ts';
import type { ResourceKind, ResourcePeak, ResourceReport } from './resource-report.ts';

const CASE = 'content/cases/alloc-tensor-queue-position-limit';

function report(
	source: string,
	product: ProductId,
	mode: RunMode = 'npu',
	extra: Partial<RunRequest> = {},
): ResourceReport {
	const trace = run({ source, fileName: 'k.cpp', product, mode, ...extra });
	expect(trace.resources, `no report (${trace.outcome})`).toBeDefined();
	return trace.resources!;
}

function peak(r: ResourceReport, kind: ResourceKind, subject: string): ResourcePeak {
	const found = r.peaks.find((p) => p.kind === kind && p.subject === subject);
	expect(
		found,
		`${kind} ${subject} in ${r.peaks.map((p) => `${p.kind}:${p.subject}`)}`,
	).toBeDefined();
	return found!;
}

/** A kernel with one TPipe around `body`; its first line of `body` is line 8. */
function kernel(body: string, blocks = ''): string {
	return `#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    GlobalTensor<half> g;
    g.SetGlobalBuffer((__gm__ half *)x, 1024);${blocks}
${body}
}
`;
}

/** A host main around `body`; the first line of `body` is line 6. */
function host(body: string): string {
	return `#include "acl/acl.h"
int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
${body}
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;
}

describe('the six-queue kernel of the buffer-limit case', () => {
	const faulty = readFileSync(`${CASE}/add-six-faulty.cpp`, 'utf8');
	const fixed = readFileSync(`${CASE}/add-six-fixed.cpp`, 'utf8');

	it('peaks at six VECIN buffers against 4 on Atlas training, over the limit from the fifth AllocTensor (line 47)', () => {
		for (const mode of ['npu', 'cpu'] as const) {
			const vecin = peak(report(faulty, 'atlas-training', mode), 'position-buffers', 'VECIN');
			expect(vecin).toMatchObject({ peak: 6, limit: 4, unit: 'count', core: 0 });
			expect(vecin.at).toMatchObject({ line: 48 });
			expect(vecin.over).toMatchObject({ value: 5, refused: false, at: { line: 47 } });
		}
	});

	it('holds four MTE2_V ids of 4 on Atlas training and names the EnQue whose fifth id was refused (line 59)', () => {
		const ids = peak(report(faulty, 'atlas-training', 'cpu'), 'event-ids', 'MTE2_V');
		expect(ids).toMatchObject({ peak: 4, limit: 4 });
		expect(ids.over).toMatchObject({ value: 5, refused: true, at: { line: 59 } });
	});

	it('peaks at six VECIN buffers against 8 on Atlas A2, with nothing over a limit', () => {
		const r = report(faulty, 'atlas-a2');
		expect(peak(r, 'position-buffers', 'VECIN')).toMatchObject({ peak: 6, limit: 8 });
		expect(peak(r, 'event-ids', 'MTE2_V')).toMatchObject({ peak: 6, limit: 8 });
		expect(r.peaks.filter((p) => p.over)).toEqual([]);
	});

	it('counts the bytes InitBuffer carved per position and per memory against the product’s UB', () => {
		const training = report(faulty, 'atlas-training');
		expect(peak(training, 'position-bytes', 'VECIN')).toMatchObject({ peak: 6 * 512 });
		expect(peak(training, 'memory-bytes', 'UB')).toMatchObject({
			peak: 7 * 512,
			limit: 256 * 1024,
			at: { line: 27 },
		});
		expect(peak(report(faulty, 'atlas-a2'), 'memory-bytes', 'UB').limit).toBe(192 * 1024);
	});

	it('the fix peaks at two VECIN buffers on every product', () => {
		for (const product of ['atlas-training', 'atlas-a2'] as const) {
			const r = report(fixed, product);
			expect(peak(r, 'position-buffers', 'VECIN')).toMatchObject({ peak: 2 });
			expect(r.peaks.filter((p) => p.over)).toEqual([]);
		}
	});
});

describe('kernel resources', () => {
	it('reports a refused InitBuffer as the bytes it asked of UB, at its line', () => {
		const r = report(
			kernel(`    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 2, 200 * 1024);`),
			'atlas-a2',
		);
		const ub = peak(r, 'memory-bytes', 'UB');
		expect(ub.over).toMatchObject({ value: 400 * 1024, refused: true, at: { line: 9 } });
		expect(ub.peak).toBe(0);
	});

	it('takes the highest level any core reached and names that core', () => {
		const source = kernel(`    TQue<TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 3, 256);
    int n = GetBlockIdx() == 2 ? 3 : 1;
    for (int i = 0; i < n; i++) {
        LocalTensor<half> t = q.AllocTensor<half>();
    }`);
		const vecin = peak(
			report(source, 'atlas-a2', 'npu', { blocks: 4 }),
			'position-buffers',
			'VECIN',
		);
		expect(vecin).toMatchObject({ peak: 3, core: 2, at: { line: 12 } });
	});
});

describe('host resources', () => {
	it('reports the device memory peak with the aclrtMalloc that reached it, and marks the illustrative capacity', () => {
		const r = report(
			host(`    void *a = nullptr;
    void *b = nullptr;
    aclrtMalloc(&a, 1000, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&b, 2000, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtFree(b);
    aclrtMalloc(&b, 100, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtFree(a);
    aclrtFree(b);`),
			// A product whose device memory size no source gives (Atlas A2's is sourced).
			'atlas-training',
		);
		const memory = peak(r, 'device-memory', '0');
		// Each size is rounded up to 32 bytes and padded by 32 (ascend-facts B.3).
		expect(memory).toMatchObject({ peak: 1056 + 2048, unit: 'bytes', illustrative: true });
		expect(memory.at).toMatchObject({ line: 9 });
	});

	it('reports a refused stream creation past the device limit with what it asked for', () => {
		const r = report(
			host(`    aclrtStream s[4];
    for (int i = 0; i < 4; i++) aclrtCreateStream(&s[i]);`),
			'atlas-a2',
			'npu',
			{ limits: { streams: 3 } },
		);
		const streams = peak(r, 'streams', '0');
		// The default stream of the context counts: 1 + 2 created, the third refused.
		expect(streams).toMatchObject({ peak: 3, limit: 3, at: { line: 7 } });
		expect(streams.over).toMatchObject({ value: 4, refused: true, at: { line: 7 } });
	});

	it('counts the event resources aclrtRecordEvent holds at once', () => {
		const r = report(
			host(`    aclrtStream stream;
    aclrtCreateStream(&stream);
    aclrtEvent e[3];
    for (int i = 0; i < 3; i++) {
        aclrtCreateEvent(&e[i]);
        aclrtRecordEvent(e[i], stream);
    }
    for (int i = 0; i < 3; i++) aclrtDestroyEvent(e[i]);
    aclrtDestroyStream(stream);`),
			'atlas-a2',
		);
		expect(peak(r, 'event-resources', '0')).toMatchObject({
			peak: 3,
			limit: 65536,
			at: { line: 11 },
		});
	});

	it('groups what was still held at exit by kind and the line that took it', () => {
		const r = report(
			host(`    for (int i = 0; i < 3; i++) {
        void *p = nullptr;
        aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    void *h = nullptr;
    aclrtMallocHost(&h, 100);`),
			'atlas-a2',
		);
		expect(r.held.map((h) => [h.kind, h.count, h.bytes, h.at?.line])).toEqual([
			['device-memory', 3, 3 * 96, 8],
			['host-memory', 1, 100, 11],
		]);
		expect(r.held[0]!.example).toContain('aclrtMalloc(64)');
	});
});
