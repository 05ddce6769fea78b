import { describe, expect, it } from 'vitest';
import { run } from '../../lang/index.ts';

const TWO_DEVICES = `#include "acl/acl.h"
#include <cstdio>
uint32_t a, b;
int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclmdlLoadFromFile("m.om", &a);
    aclrtSetDevice(1);
    aclmdlLoadFromFile("m.om", &b);
    printf("%u %u\\n", a, b);
    return 0;
}
`;

describe('model ids', () => {
	it('differ between models a process loads on two devices, and both models are reclaimed at exit', () => {
		const trace = run({
			source: TWO_DEVICES,
			product: 'atlas-a2',
			mode: 'npu',
			files: [{ path: 'm.om', text: 'output float32 1\n' }],
		});
		const printed = trace.log
			.find((l) => l.channel === 'stdout')!
			.text.trim()
			.split(' ');
		expect(new Set(printed).size).toBe(2);
		expect(trace.leaks.filter((l) => l.kind === 'model').map((l) => l.span?.line)).toEqual([7, 9]);
	});
});
