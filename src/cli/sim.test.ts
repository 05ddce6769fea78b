import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureConsole } from '../../tests/unit/console-capture.ts';
import { fileURLToPath } from 'node:url';
import {
	exitCodeFor,
	formatDiagnostic,
	parseActions,
	parseSimArgs,
	SIM_EXIT,
	simCommand,
} from './sim.ts';
import type { Diagnostic } from '../sim/trace.ts';
import { SITE } from '../site/site-config.ts';

const programs = fileURLToPath(new URL('../../tests/programs/', import.meta.url));

afterEach(() => {
	vi.restoreAllMocks();
});

/** Runs the kernel that exceeds the buffer limit, in CPU debug on Atlas training, with `extra`. */
function simBufferLimitAbort(...extra: string[]): Promise<number> {
	return simCommand([
		`${programs}free-tensor-abort.cpp`,
		'--product',
		'atlas-training',
		'--mode',
		'cpu',
		...extra,
	]);
}

describe('casebook sim arguments', () => {
	it('reads the file, product, mode and numbers', () => {
		expect(
			parseSimArgs([
				'k.cpp',
				'--product',
				'atlas-training',
				'--mode=cpu',
				'--json',
				'--max-steps',
				'500',
				'--blocks',
				'8',
			]),
		).toEqual({
			file: 'k.cpp',
			paths: ['k.cpp'],
			includeDirs: [],
			product: 'atlas-training',
			mode: 'cpu',
			json: true,
			lang: 'zh',
			baseUrl: '',
			maxSteps: 500,
			blocks: 8,
		});
	});

	it('takes the msSanitizer mode and refuses one it does not know, naming all three', () => {
		expect(parseSimArgs(['k.cpp', '--mode', 'sanitizer'])).toMatchObject({ mode: 'sanitizer' });
		expect(parseSimArgs(['k.cpp', '--mode', 'gdb'])).toEqual({
			error: '--mode must be one of npu, cpu, sanitizer, not "gdb".',
		});
	});

	it('reads the language of the diagnostics (Chinese unless told) and a base URL for links', () => {
		expect(parseSimArgs(['k.cpp'])).toMatchObject({ lang: 'zh', baseUrl: '' });
		expect(
			parseSimArgs(['k.cpp', '--lang', 'en', '--base-url=https://casebook.example.org']),
		).toMatchObject({ lang: 'en', baseUrl: 'https://casebook.example.org' });
		expect(parseSimArgs(['k.cpp', '--lang', 'fr'])).toEqual({
			error: '--lang must be "zh" or "en", not "fr".',
		});
		expect(parseSimArgs(['k.cpp', '--base-url', 'casebook'])).toMatchObject({
			error: expect.stringContaining('--base-url needs an absolute URL'),
		});
	});

	it('refuses an unknown product, naming the valid ones', () => {
		const r = parseSimArgs(['k.cpp', '--product', 'ascend-9000']);
		expect('error' in r && r.error).toMatch(
			/^--product must be one of atlas-training, .* not "ascend-9000"\.$/,
		);
	});

	it('refuses a missing file and a bad step count', () => {
		expect(parseSimArgs([])).toEqual({
			error: 'PATH is missing: give a source file or a directory.',
		});
		expect(parseSimArgs(['a.cpp', '--max-steps', '0'])).toEqual({
			error: '--max-steps needs a positive whole number, not "0".',
		});
	});
});

describe('casebook sim with several paths', () => {
	it('takes several paths, include folders (also glued) and tiling', () => {
		const r = parseSimArgs([
			'main.cpp',
			'kernel/add.cpp',
			'-I',
			'inc',
			'-Iother',
			'--tiling',
			'totalLength=8192,tileNum=8',
			'--tiling-key',
			'2',
		]);
		expect(r).toMatchObject({
			file: 'main.cpp',
			paths: ['main.cpp', 'kernel/add.cpp'],
			includeDirs: ['inc', 'other'],
			tiling: { totalLength: 8192, tileNum: 8 },
			tilingKey: 2,
		});
	});

	it('refuses a --tiling that is not FIELD=NUMBER', () => {
		expect(parseSimArgs(['a.cpp', '--tiling', 'n=many'])).toEqual({
			error: '--tiling needs FIELD=NUMBER pairs separated by commas, not "n=many".',
		});
	});

	it('gives a host program the --input file at the path NAME and writes what it wrote under --output-dir', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'casebook-sim-files-'));
		writeFileSync(join(dir, 'numbers.txt'), '3 4\n');
		writeFileSync(
			join(dir, 'main.cpp'),
			[
				'#include <fstream>',
				'#include <cstdio>',
				'int main() {',
				'  std::ifstream in("./input/numbers.txt");',
				'  int a = 0, b = 0;',
				'  if (!(in >> a >> b)) { printf("no input\\n"); return 1; }',
				'  std::ofstream out("./output/sum.txt");',
				'  out << a + b << "\\n";',
				'  printf("sum %d\\n", a + b);',
				'  return 0;',
				'}',
				'',
			].join('\n'),
		);
		const { out } = captureConsole();
		const outDir = join(dir, 'out');
		const code = await simCommand([
			join(dir, 'main.cpp'),
			'--input',
			`./input/numbers.txt=${join(dir, 'numbers.txt')}`,
			'--output-dir',
			outDir,
			'--json',
		]);
		expect(JSON.parse(out.join('\n')).log).toEqual(['sum 7']);
		expect(code).toBe(0);
		expect(readFileSync(join(outDir, 'output', 'sum.txt'), 'utf8')).toBe('7\n');
		rmSync(dir, { recursive: true, force: true });
	});
});

describe('casebook sim --actions', () => {
	it('reads a scenario as the case files write it', () => {
		expect(parseActions('run; wait 50; signal SIGTERM; run; suspend')).toEqual([
			{ do: 'run' },
			{ do: 'wait', ms: 50 },
			{ do: 'signal', signal: 'SIGTERM' },
			{ do: 'run' },
			{ do: 'suspend' },
		]);
	});

	it('names the part it cannot read', () => {
		expect(parseActions('run; signal SIGHUP')).toEqual({
			error:
				'--actions: cannot read "signal SIGHUP"; use run, wait MS, signal SIGINT|SIGTERM|SIGSEGV|SIGABRT|SIGKILL, suspend or npu-smi info.',
		});
	});
});

describe('casebook sim exit codes', () => {
	it('maps outcomes to 0 completed, 1 failed, 3 rejected', () => {
		expect(
			['completed', 'error', 'hang', 'abort', 'rejected'].map((o) => exitCodeFor(o as 'error')),
		).toEqual([0, 1, 1, 1, 3]);
	});

	it('exits 2 for an unreadable file', async () => {
		const { err } = captureConsole();
		expect(await simCommand(['/nonexistent/x.cpp'])).toBe(SIM_EXIT.usage);
		expect(err[0]).toBe('casebook sim: cannot read /nonexistent/x.cpp: ENOENT');
	});

	it('exits 1 and prints the CPU-debug abort for the faulty kernel', async () => {
		const { out } = captureConsole();
		const code = await simBufferLimitAbort('--lang', 'en');
		expect(code).toBe(1);
		const text = out.join('\n');
		expect(text).toContain('current size is 4, max buffer number in same queue position is 4');
		expect(text).toContain('free-tensor-abort.cpp:28:9: error:');
		// Without --base-url the links point at the configured public site.
		expect(text).toContain(`  see: ${SITE.url}en/diagnostics/#tque-buffer-limit`);
		expect(text).toContain(`  case: ${SITE.url}en/cases/alloc-tensor-queue-position-limit/`);
		expect(text.trimEnd().endsWith('outcome: abort')).toBe(true);
	});

	it('prints the diagnostics in Chinese by default, each with its hint and the link to its anchor', async () => {
		const { out } = captureConsole();
		await simBufferLimitAbort('--base-url', 'https://casebook.example.org/');
		const text = out.join('\n');
		expect(text).toMatch(
			/free-tensor-abort\.cpp:28:9: 错误：.*当前产品（Atlas 训练系列产品）每个 TPosition 最多只能有 4 个缓冲区。 \[tque-buffer-limit\]/,
		);
		expect(text).toContain('  建议：');
		expect(text).toContain(
			'  说明：https://casebook.example.org/zh/diagnostics/#tque-buffer-limit',
		);
		// The CPU-debug lines are the real tool's and stay as it prints them.
		expect(text).toContain('current size is 4, max buffer number in same queue position is 4');
	});

	it('gives each JSON diagnostic its message in the chosen language, both languages and its URL', async () => {
		const { out } = captureConsole();
		await simBufferLimitAbort('--json', '--lang', 'en');
		const diagnostic = JSON.parse(out.join('\n')).diagnostics.find(
			(d: { code: string }) => d.code === 'tque-buffer-limit',
		);
		expect(diagnostic).toMatchObject({
			severity: 'error',
			line: 28,
			column: 9,
			url: `${SITE.url}en/diagnostics/#tque-buffer-limit`,
			case: 'alloc-tensor-queue-position-limit',
			caseUrl: `${SITE.url}en/cases/alloc-tensor-queue-position-limit/`,
		});
		expect(diagnostic.message).toBe(diagnostic.messages.en);
		expect(diagnostic.message).toContain(
			'Atlas training series allows at most 4 buffers per TPosition',
		);
		expect(diagnostic.messages.zh).toContain('Atlas 训练系列产品');
		expect(diagnostic.hint).toBe(diagnostic.hints.en);
	});

	it('prints outcome, log and diagnostics as JSON with --json', async () => {
		const { out } = captureConsole();
		expect(await simCommand([`${programs}integer-semantics.cpp`, '--json'])).toBe(0);
		const json = JSON.parse(out.join('\n'));
		expect(json.outcome).toBe('completed');
		expect(json.log[0]).toBe('-2147483648 4294967295 -3 -1 44 1099511627776 0');
		expect(json.diagnostics).toEqual([]);
	});

	it('defines a macro the program tests with -D, and removes the CPU-debug one with -U', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'casebook-sim-d-'));
		const file = join(dir, 'main.cpp');
		writeFileSync(
			file,
			'#include <cstdio>\nint main() {\n#ifdef ASCENDC_CPU_DEBUG\n  printf("cpu debug\\n");\n#endif\n  printf("tile %d\\n", TILE);\n  return 0;\n}\n',
		);
		const { out } = captureConsole();
		expect(
			await simCommand([
				file,
				'--mode',
				'cpu',
				'-D',
				'TILE=8',
				'-U',
				'ASCENDC_CPU_DEBUG',
				'--json',
			]),
		).toBe(0);
		expect(JSON.parse(out.join('\n')).log).toEqual(['tile 8']);
		rmSync(dir, { recursive: true, force: true });
	});

	it('lists each error code the log quotes with its code page, after the log and in --json', async () => {
		const text = captureConsole();
		const program = `${programs}codes/207001.cpp`;
		expect(await simCommand([program, '--lang', 'en', '--base-url', 'https://x.test'])).toBe(1);
		const printed = text.out.join('\n');
		expect(printed).toContain('code EL0004: https://x.test/en/codes/EL0004/');
		expect(printed).toContain('code 207001: https://x.test/en/codes/207001/');
		vi.restoreAllMocks();
		const json = captureConsole();
		expect(await simCommand([program, '--json', '--base-url', 'https://x.test'])).toBe(1);
		const { codes, log } = JSON.parse(json.out.join('\n'));
		const entry = codes.find((c: { code: string }) => c.code === '207001');
		expect(entry.url).toBe('https://x.test/zh/codes/207001/');
		for (const line of entry.lines) expect(log[line - 1]).toContain('207001');
	});

	it('counts each API call by the name the program used in the JSON calls object', async () => {
		const { out } = captureConsole();
		expect(await simCommand([`${programs}host-full.cpp`, '--json'])).toBe(0);
		const json = JSON.parse(out.join('\n'));
		expect(json.calls).toMatchObject({ aclInit: 1, aclrtSetDevice: 1, aclFinalize: 1 });
		expect(json.calls['aclrtMalloc']).toBeGreaterThanOrEqual(1);
		expect(json.calls['GetBlockIdx']).toBe(16);
	});

	it('carries the resource report in the JSON: VECIN buffers against the product limit, with the lines', async () => {
		const { out } = captureConsole();
		await simBufferLimitAbort('--json');
		const { resources } = JSON.parse(out.join('\n'));
		const vecin = resources.peaks.find(
			(p: { kind: string; subject: string }) =>
				p.kind === 'position-buffers' && p.subject === 'VECIN',
		);
		expect(vecin).toMatchObject({ limit: 4, over: { value: 5, refused: false } });
		expect(vecin.peak).toBeGreaterThan(4);
		expect(resources.held).toEqual([]);
	});

	it('runs the notify-wait case as 8 ranks and names, in the JSON, rank 3 as missing from the last AllReduce', async () => {
		const { out } = captureConsole();
		const file = fileURLToPath(
			new URL('../../content/cases/hccl-notify-wait-timeout/skip-step-faulty.cpp', import.meta.url),
		);
		expect(await simCommand([file, '--ranks', '8', '--json'])).toBe(1);
		const json = JSON.parse(out.join('\n'));
		expect(json.hccl.ranks).toHaveLength(8);
		const last = json.hccl.collectives.at(-1);
		expect(last.missing).toEqual([3]);
		expect(last.issued.map((f: { rank: number }) => f.rank)).toEqual([0, 1, 2, 4, 5, 6, 7]);
		expect(json.log.filter((l: string) => l.startsWith('EI0002:'))).toHaveLength(7);
	});
});

describe('diagnostic lines', () => {
	const unknown: Diagnostic = {
		code: 'call-unknown',
		severity: 'error',
		message: 'unknown function `foo`',
		messages: { zh: '未知函数 `foo`', en: 'unknown function `foo`' },
		line: 3,
		column: 5,
		hint: 'Define `foo`.',
		hints: { zh: '定义 `foo`。', en: 'Define `foo`.' },
	};

	it('read as file:line:col: severity: message [code] with the hint and the anchor below', () => {
		expect(formatDiagnostic('a.cpp', unknown, { lang: 'en', baseUrl: '' })).toBe(
			'a.cpp:3:5: error: unknown function `foo` [call-unknown]\n  hint: Define `foo`.\n  see: /en/diagnostics/#call-unknown',
		);
	});

	it('read the same way in Chinese, with the Chinese page', () => {
		expect(formatDiagnostic('a.cpp', unknown, { lang: 'zh', baseUrl: '' })).toBe(
			'a.cpp:3:5: 错误：未知函数 `foo` [call-unknown]\n  建议：定义 `foo`。\n  说明：/zh/diagnostics/#call-unknown',
		);
	});
});
