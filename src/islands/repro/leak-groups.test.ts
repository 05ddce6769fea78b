import { describe, expect, it } from 'vitest';
import type { Leak, LeakKind } from '../../sim/trace.ts';
import { groupLeaks } from './leak-groups.ts';

const leak = (line: number, n: number, kind: LeakKind = 'device-memory'): Leak => ({
	kind,
	detail: `aclrtMalloc(32) at 0x${n.toString(16)} at line ${line} was never freed with aclrtFree`,
	pid: 18401,
	span: { line, column: 35 },
	bytes: 32,
});

describe('the leak report groups leaks by place', () => {
	it('shows a leak per loop iteration as one line with a count and total bytes', () => {
		const groups = groupLeaks([leak(19, 1), leak(20, 2), leak(19, 3), leak(19, 4)]);
		expect(groups).toEqual([
			{
				kind: 'device-memory',
				pid: 18401,
				span: { line: 19, column: 35 },
				count: 3,
				bytes: 96,
				example: 'aclrtMalloc(32) at 0x1 at line 19 was never freed with aclrtFree',
			},
			{
				kind: 'device-memory',
				pid: 18401,
				span: { line: 20, column: 35 },
				count: 1,
				bytes: 32,
				example: 'aclrtMalloc(32) at 0x2 at line 20 was never freed with aclrtFree',
			},
		]);
	});

	it('keeps different kinds from the same line apart', () => {
		expect(groupLeaks([leak(5, 1), leak(5, 2, 'stream')])).toHaveLength(2);
	});
});
