/**
 * Host objects a program copies to the device and structs reached through pointers, run as C++
 * programs: a tiling struct on the stack copied with aclrtMemcpy reaches the kernel with its
 * fields laid out by type, and `p->field` works on every kind of pointer to a struct.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lang/run.ts';

const PRELUDE = `#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>
#include <cstdlib>
struct Inner { int a; int b; };
struct TilingData { uint32_t totalLength; uint32_t tileNum; float scale; uint16_t small; int64_t big; Inner in; int tiles[3]; };
`;

function stdout(source: string): string[] {
	const trace = run({ source, fileName: 'prog.cpp', product: 'atlas-a2', mode: 'npu' });
	expect(trace.outcome, trace.diagnostics.map((d) => d.messages.en).join('\n')).toBe('completed');
	return trace.log.filter((l) => l.channel === 'stdout').map((l) => l.text);
}

const KERNEL = `extern "C" __global__ __aicore__ void show(GM_ADDR tiling)
{
    auto t = reinterpret_cast<__gm__ TilingData *>(tiling);
    printf("kernel %u %u %.2f %u %ld %d %d\\n", t->totalLength, t->tileNum, t->scale, (uint32_t)t->small, (long)t->big, t->in.b, t->tiles[2]);
}
`;

const HOST = (copy: string) => `int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    TilingData h{2048, 8, 1.5f, 7, 123456789, {4, 5}, {6, 7, 8}};
    void *dev = nullptr;
    aclrtMalloc(&dev, sizeof(h), ACL_MEM_MALLOC_HUGE_FIRST);
    ${copy}
    show<<<1, nullptr, stream>>>((GM_ADDR)dev);
    aclrtSynchronizeStream(stream);
    TilingData back{};
    aclrtMemcpy(&back, sizeof(back), dev, sizeof(back), ACL_MEMCPY_DEVICE_TO_HOST);
    printf("back %u %.2f %ld %d %d size %zu\\n", back.totalLength, back.scale, (long)back.big, back.in.a, back.tiles[1], sizeof(TilingData));
    aclrtFree(dev);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;

describe('a host struct copied to the device with aclrtMemcpy', () => {
	it('reaches the kernel field by field and comes back the same', () => {
		const out = stdout(
			PRELUDE +
				KERNEL +
				HOST('aclrtMemcpy(dev, sizeof(h), &h, sizeof(h), ACL_MEMCPY_HOST_TO_DEVICE);'),
		);
		expect(out).toContain('kernel 2048 8 1.50 7 123456789 5 8');
		expect(out).toContain('back 2048 1.50 123456789 4 7 size 48');
	});

	it('also when the copy is an aclrtMemcpyAsync on the stream', () => {
		const out = stdout(
			PRELUDE +
				KERNEL +
				HOST('aclrtMemcpyAsync(dev, sizeof(h), &h, sizeof(h), ACL_MEMCPY_HOST_TO_DEVICE, stream);'),
		);
		expect(out).toContain('kernel 2048 8 1.50 7 123456789 5 8');
	});

	it('moves a stack array and a scalar both ways', () => {
		const out = stdout(`${PRELUDE}int main() {
    aclInit(nullptr); aclrtSetDevice(0);
    float a[4] = {1, 2, 3, 4};
    void *dev = nullptr;
    aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, 16, a, 16, ACL_MEMCPY_HOST_TO_DEVICE);
    float b[4] = {0};
    aclrtMemcpy(b, 16, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST);
    uint32_t u = 77; uint32_t w = 0;
    aclrtMemcpy(dev, 4, &u, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(&w, 4, dev, 4, ACL_MEMCPY_DEVICE_TO_HOST);
    printf("%.1f %.1f %u\\n", b[0], b[3], w);
    aclrtFree(dev); aclrtResetDevice(0); aclFinalize();
    return 0;
}
`);
		expect(out).toEqual(['1.0 4.0 77']);
	});
});

describe('p->field on a pointer to a struct', () => {
	it('works through &s, new, malloc, new[] with pointer arithmetic, and a pointer to a pointer', () => {
		const out = stdout(`${PRELUDE}int main() {
    TilingData s{3, 1.5f, 0, 0, 0, {4, 5}, {6, 7, 8}};
    TilingData *p = &s;
    p->totalLength += 2;
    p->totalLength++;
    p->in.a = 11;
    p->tiles[1] = 70;
    printf("a %u %d %d %d\\n", s.totalLength, s.in.a, s.tiles[1], p->tiles[2]);
    TilingData *n = new TilingData{1, 2};
    n->tileNum = 9;
    printf("b %u %u\\n", n->totalLength, n->tileNum);
    TilingData *m = (TilingData *)malloc(sizeof(TilingData));
    m->totalLength = 9;
    m->in.b = 12;
    m->tiles[2] = 4;
    printf("c %u %d %d\\n", m->totalLength, m->in.b, m->tiles[2]);
    TilingData *arr = new TilingData[2];
    (arr + 1)->tileNum = 5;
    arr[0].tileNum = 3;
    printf("d %u %u\\n", arr[1].tileNum, arr[0].tileNum);
    TilingData **pp = &p;
    printf("e %u\\n", (*pp)->totalLength);
    delete n; free(m); delete[] arr;
    return 0;
}
`);
		expect(out).toEqual(['a 6 11 70 8', 'b 1 9', 'c 9 12 4', 'd 5 3', 'e 6']);
	});
});
