/**
 * `casebook check` through its command: arguments, exit codes, and each output format on the
 * seed's six-queue kernel — JSON in the documented shape, SARIF valid against the published
 * 2.1.0 schema with the lines of the source, one GitHub annotation per finding.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_IDS } from '../sim/product-id.ts';
import { CHECK_MODES } from '../check/check-mode.ts';
import { oneQueueKernel } from '../check/one-queue-kernel.fixture.ts';
import { SITE } from '../site/site-config.ts';
import { CHECK_EXIT, checkCommand, parseCheckArgs } from './check.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FAULTY = `${root}content/cases/alloc-tensor-queue-position-limit/add-six-faulty.cpp`;
const FIXED = `${root}content/cases/alloc-tensor-queue-position-limit/add-six-fixed.cpp`;
const faultySource = readFileSync(FAULTY, 'utf8');

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
	const i = source.split('\n').findIndex((l) => l.includes(text));
	expect(i, text).toBeGreaterThanOrEqual(0);
	return i + 1;
}

afterEach(() => {
	vi.restoreAllMocks();
});

async function check(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
	const out: string[] = [];
	const err: string[] = [];
	vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
	vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
	const code = await checkCommand(argv);
	return { code, out: out.join('\n'), err: err.join('\n') };
}

function tempProgram(name: string, source: string): string {
	const path = join(mkdtempSync(join(tmpdir(), 'casebook-check-')), name);
	writeFileSync(path, source);
	return path;
}

describe('casebook check arguments', () => {
	it('defaults to every product, every mode (npu, cpu, sanitizer), text, failing on errors, in Chinese', () => {
		expect(parseCheckArgs(['k.cpp'])).toMatchObject({
			paths: ['k.cpp'],
			products: [...PRODUCT_IDS],
			modes: [...CHECK_MODES],
			format: 'text',
			failOn: 'error',
			lang: 'zh',
		});
	});

	it('reads product and mode lists in the simulator’s order, whatever order they are given in', () => {
		expect(
			parseCheckArgs(['k.cpp', '--products', 'atlas-a2,atlas-training', '--modes=cpu,npu']),
		).toMatchObject({ products: ['atlas-training', 'atlas-a2'], modes: ['npu', 'cpu'] });
		expect(parseCheckArgs(['k.cpp', '--products', 'all'])).toMatchObject({
			products: [...PRODUCT_IDS],
		});
	});

	it('refuses an unknown product, mode, format or severity, naming what is accepted', () => {
		expect(parseCheckArgs(['k.cpp', '--products', 'atlas-a2,ascend-9000'])).toEqual({
			error: `--products takes all or a comma list of ${PRODUCT_IDS.join(', ')}; "ascend-9000" is not one.`,
		});
		expect(parseCheckArgs(['k.cpp', '--modes', 'gpu'])).toMatchObject({
			error: expect.stringContaining('"gpu" is not one'),
		});
		expect(parseCheckArgs(['k.cpp', '--format', 'xml'])).toEqual({
			error: '--format must be one of text, json, sarif, github, not "xml".',
		});
		expect(parseCheckArgs(['k.cpp', '--fail-on', 'info'])).toEqual({
			error: '--fail-on must be "error" or "warning", not "info".',
		});
		expect(parseCheckArgs([])).toEqual({ error: 'PATH is missing.' });
	});

	it('accepts the sanitizer mode alone or with others, in the order tools list them', () => {
		expect(parseCheckArgs(['k.cpp', '--modes', 'sanitizer,npu'])).toMatchObject({
			modes: ['npu', 'sanitizer'],
		});
		expect(parseCheckArgs(['k.cpp', '--modes', 'sanitizer'])).toMatchObject({
			modes: ['sanitizer'],
		});
	});

	it('exits 2 on bad usage and on an unreadable file, saying why', async () => {
		const usage = await check(FAULTY, '--format', 'xml');
		expect(usage.code).toBe(CHECK_EXIT.usage);
		expect(usage.err).toContain('casebook check: --format must be one of');
		const missing = await check('/nonexistent/k.cpp');
		expect(missing.code).toBe(CHECK_EXIT.usage);
		expect(missing.err).toBe('casebook check: cannot read /nonexistent/k.cpp: ENOENT');
	});

	it('prints its help, exit 0', async () => {
		const { code, out } = await check('--help');
		expect(code).toBe(0);
		expect(out).toContain('Usage: casebook check PATH… [options]');
		expect(out).toContain('default all: npu, cpu, sanitizer');
		expect(out).not.toContain('not simulated yet');
	});
});

describe('exit status', () => {
	it('is 1 for the six-queue kernel and 0 for its fix', async () => {
		expect((await check(FAULTY)).code).toBe(CHECK_EXIT.findings);
		expect((await check(FIXED)).code).toBe(CHECK_EXIT.clean);
	});

	it('is 0 when the failing product is left out', async () => {
		const { code } = await check(FAULTY, '--products', 'atlas-a2,atlas-a3');
		expect(code).toBe(CHECK_EXIT.clean);
	});

	it('is 3 when the program cannot be interpreted', async () => {
		const path = tempProgram('bad.cpp', 'int main() { int x = ; }\n');
		expect((await check(path)).code).toBe(CHECK_EXIT.rejected);
	});
});

describe('the text report', () => {
	it('shows the matrix, the headroom and the findings in English', async () => {
		const { out } = await check(FAULTY, '--lang', 'en');
		const lines = out.split('\n');
		expect(lines[0]).toBe(`casebook check ${FAULTY}: 6 products × 3 modes`);
		expect(lines[2]).toMatch(/^product +NPU +CPU debug +msSanitizer$/);
		expect(lines.find((l) => l.startsWith('atlas-training'))).toMatch(
			/^atlas-training +hang tque-buffer-limit add-six-faulty\.cpp:59 +abort tque-buffer-limit add-six-faulty\.cpp:59 +hang tque-buffer-limit add-six-faulty\.cpp:59$/,
		);
		expect(lines.find((l) => l.startsWith('atlas-a2 '))).toMatch(
			/^atlas-a2 +completed +completed +completed$/,
		);
		expect(out).not.toContain('The simulator has no');
		expect(out).toContain(
			'  VECIN buffers peak at 6 of 4 on atlas-training (over the limit from add-six-faulty.cpp:47), 6 of 8 elsewhere',
		);
		expect(out).toContain(`${FAULTY}:59:9: error: que4.EnQue<half> needs a MTE2_V sync event id`);
		expect(out).toContain('  on: atlas-training (NPU, CPU debug, msSanitizer)');
		expect(out).toContain(`  see: ${SITE.url}en/diagnostics/#tque-buffer-limit`);
		expect(lines.at(-1)).toBe('2 findings (1 error, 1 warning); 3 of 18 runs failed, 0 rejected.');
	});

	it('shows the same report in Chinese', async () => {
		const { out } = await check(FAULTY);
		expect(out).toContain('产品');
		expect(out).toMatch(/atlas-training +挂死 tque-buffer-limit add-six-faulty\.cpp:59 +中止/);
		expect(out).toContain(
			'  VECIN 上的 buffer：atlas-training 峰值 6，上限 4（从 add-six-faulty.cpp:47 起超出上限）；其余产品峰值 6，上限 8',
		);
		expect(out).toContain('  出现在：atlas-training（NPU、CPU 调试、msSanitizer）');
		expect(out).toMatch(/atlas-a2 +完成 +完成 +完成/);
		expect(out).not.toContain('模拟器暂不支持');
		expect(out).toContain('2 个问题（1 个错误，1 个警告）；3 / 18 次运行失败，0 次无法解释。');
	});
});

describe('--format json', () => {
	it('prints the matrix and the resources in the documented shape, with the lines of the source', async () => {
		const { out } = await check(FAULTY, '--format', 'json', '--lang', 'en');
		const json = JSON.parse(out);
		expect(Object.keys(json)).toEqual(['matrix', 'resources']);
		expect(json.matrix).toHaveLength(18);
		for (const cell of json.matrix) {
			expect(Object.keys(cell)).toEqual(['product', 'mode', 'outcome', 'findings']);
			for (const f of cell.findings)
				expect(Object.keys(f)).toEqual(['code', 'severity', 'message', 'file', 'line', 'column']);
		}
		const npu = json.matrix.find(
			(c: { product: string; mode: string }) => c.product === 'atlas-training' && c.mode === 'npu',
		);
		expect(npu).toMatchObject({ outcome: 'hang' });
		const sanitizer = json.matrix.filter((c: { mode: string }) => c.mode === 'sanitizer');
		expect(sanitizer).toHaveLength(6);
		for (const cell of sanitizer) expect(cell.outcome).not.toBe('unavailable');
		expect(
			sanitizer.find((c: { product: string }) => c.product === 'atlas-training'),
		).toMatchObject({ outcome: 'hang' });
		expect(npu.findings.find((f: { code: string }) => f.code === 'tque-buffer-limit')).toEqual({
			code: 'tque-buffer-limit',
			severity: 'error',
			message: expect.stringContaining('allows at most 4 buffers per TPosition'),
			file: FAULTY,
			line: lineOf(faultySource, 'que4.EnQue(local5)'),
			column: 9,
		});
		const vecin = json.resources.headroom.find(
			(r: { kind: string; subject: string }) =>
				r.kind === 'position-buffers' && r.subject === 'VECIN',
		);
		expect(vecin.text).toBe(
			`VECIN buffers peak at 6 of 4 on atlas-training (over the limit from ${FAULTY}:47), 6 of 8 elsewhere`,
		);
		expect(vecin.products[0]).toMatchObject({
			product: 'atlas-training',
			peak: 6,
			limit: 4,
			over: { value: 5, at: { file: FAULTY, line: lineOf(faultySource, 'que4.AllocTensor') } },
		});
		expect(json.resources.cells).toHaveLength(18);
	});
});

describe('--format sarif', () => {
	const schema = JSON.parse(
		readFileSync(
			`${root}node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json`,
			'utf8',
		),
	);
	// The published schema is draft-04; one of its patterns is not valid with the u flag.
	const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
	addFormats(ajv);
	const validate = ajv.compile(schema);

	it('is a valid SARIF 2.1.0 log: one result per finding, ruleId the code, with line and column', async () => {
		const { out } = await check(FAULTY, '--format', 'sarif', '--lang', 'en');
		const log = JSON.parse(out);
		expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
		const run = log.runs[0];
		expect(run.tool.driver.name).toBe('casebook check');
		expect(
			run.results.map((r: { ruleId: string; level: string; locations: unknown[] }) => [
				r.ruleId,
				r.level,
				r.locations,
			]),
		).toEqual([
			[
				'tque-buffer-limit',
				'error',
				[
					{
						physicalLocation: {
							artifactLocation: { uri: expect.stringMatching(/add-six-faulty\.cpp$/), index: 0 },
							region: { startLine: lineOf(faultySource, 'que4.EnQue(local5)'), startColumn: 9 },
						},
					},
				],
			],
			[
				'tposition-buffer-count',
				'warning',
				[
					{
						physicalLocation: {
							artifactLocation: { uri: expect.stringMatching(/add-six-faulty\.cpp$/), index: 0 },
							region: {
								startLine: lineOf(faultySource, 'que4.AllocTensor'),
								startColumn:
									faultySource
										.split('\n')
										[lineOf(faultySource, 'que4.AllocTensor') - 1]!.indexOf('que4') + 1,
							},
						},
					},
				],
			],
		]);
		const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === 'tque-buffer-limit');
		expect(rule.helpUri).toBe(`${SITE.url}en/diagnostics/#tque-buffer-limit`);
		expect(rule.help.text).toContain(`${SITE.url}en/cases/alloc-tensor-queue-position-limit/`);
		expect(run.results[0].message.text).toContain('(atlas-training (NPU, CPU debug, msSanitizer))');
	});

	it('is valid with no result for the fix, and names a relative path as given', async () => {
		const { out } = await check(FIXED, '--format', 'sarif');
		const log = JSON.parse(out);
		expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
		expect(log.runs[0].results).toEqual([]);
		// Every mode runs now, so no "not available" note is attached.
		expect(log.runs[0].invocations[0]).not.toHaveProperty('toolExecutionNotifications');
	});
});

describe('--format github', () => {
	it('prints one annotation per finding, on its file, line and column', async () => {
		const { code, out } = await check(FAULTY, '--format', 'github', '--lang', 'en');
		expect(code).toBe(CHECK_EXIT.findings);
		const lines = out.split('\n');
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatch(
			new RegExp(
				`^::error file=${FAULTY.replaceAll('.', '\\.')},line=59,col=9,title=tque-buffer-limit::que4\\.EnQue<half> needs a MTE2_V sync event id`,
			),
		);
		expect(lines[1]).toMatch(/^::warning file=.*,line=47,col=\d+,title=tposition-buffer-count::/);
	});

	it('escapes what would end a property or the message', async () => {
		const path = tempProgram('a,b:c.cpp', oneQueueKernel('    DataCopy(t, g, 3);'));
		const { out } = await check(path, '--format', 'github', '--fail-on', 'warning');
		expect(out.split('\n')).toHaveLength(1);
		expect(out).toContain('a%2Cb%3Ac.cpp,line=11,col=5,title=datacopy-round-down::');
	});
});

describe('a program too large to check', () => {
	it('is refused at once with exit 2, saying how large it is and what to do, in both languages', async () => {
		const path = tempProgram('huge.cpp', `int main() {\n${'    int x = 1;\n'.repeat(80_000)}}\n`);
		const en = await check(path, '--lang', 'en');
		expect(en.code).toBe(CHECK_EXIT.usage);
		expect(en.out).toBe('');
		expect(en.err).toBe(
			`casebook check: ${path}: The program has 1,200,015 characters, more than the 1,000,000 a check takes (a check runs it once per product and mode). Check a smaller part, or run it once with casebook sim.`,
		);
		const zh = await check(path);
		expect(zh.err).toContain('程序有 1,200,015 个字符，超过检查上限 1,000,000');
	});
});
