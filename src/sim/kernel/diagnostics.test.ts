import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUFFER_LIMIT_CASE, KERNEL_DIAGNOSTICS } from './diagnostics.ts';

const sources = readdirSync(import.meta.dirname)
	.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
	.map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
	.join('\n');

describe('the kernel diagnostics catalog', () => {
	it('has a subject-first kebab-case code, a message and a hint for every entry', () => {
		for (const [code, entry] of Object.entries(KERNEL_DIAGNOSTICS)) {
			expect(code).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)+$/);
			expect(entry.message.length, code).toBeGreaterThan(10);
			expect(entry.hint.length, code).toBeGreaterThan(10);
		}
	});

	it('has an entry for every code the simulator reports', () => {
		const used = new Set(
			[...sources.matchAll(/code: (?:queue \? )?'([a-z0-9-]+)'/g)].map((m) => m[1]!),
		);
		for (const m of sources.matchAll(/diagnose\(\s*site,\s*'([a-z0-9-]+)'/g)) used.add(m[1]!);
		for (const m of sources.matchAll(/: '(event-id-exhausted)'/g)) used.add(m[1]!);
		expect(used.size).toBeGreaterThan(20);
		for (const code of used) expect(Object.keys(KERNEL_DIAGNOSTICS), code).toContain(code);
	});

	it('links the per-position buffer limit to its case page', () => {
		expect(BUFFER_LIMIT_CASE).toBe('alloc-tensor-queue-position-limit');
		expect(KERNEL_DIAGNOSTICS['tque-buffer-limit'].case).toBe(BUFFER_LIMIT_CASE);
		expect(KERNEL_DIAGNOSTICS['tposition-buffer-count'].case).toBe(BUFFER_LIMIT_CASE);
	});

	it('marks only the silent round-down and other non-stopping findings as warnings', () => {
		expect(KERNEL_DIAGNOSTICS['datacopy-round-down'].severity).toBe('warning');
		expect(KERNEL_DIAGNOSTICS['que-depth-exceeded'].severity).toBe('error');
	});
});
