import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const NODE24_PATH = `${homedir()}/node24/node_modules/.bin:${process.env.PATH ?? ''}`;

const PUBLIC = 'https://ascend-casebook.github.io';

/**
 * Runs `node bin/casebook.mjs explain …` as a user would, with Node 24 first on the PATH and no
 * local copy or mirror configured unless `env` names one.
 */
function explain(args: string[], input?: string, env: Record<string, string> = {}) {
	const result = spawnSync('node', ['bin/casebook.mjs', 'explain', ...args], {
		cwd: ROOT,
		input: input ?? '',
		encoding: 'utf8',
		env: {
			...process.env,
			CASEBOOK_LOCAL_URL: '',
			CASEBOOK_SITE_URL: '',
			PATH: NODE24_PATH,
			...env,
		},
	});
	return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('casebook explain exit codes', () => {
	it('exits 0 when a case matched', () => {
		expect(explain([`${CORPUS}event-plog-new.log`]).code).toBe(0);
	});

	it('exits 1 when nothing matched', () => {
		expect(explain([`${CORPUS}not-any-healthy-info.log`]).code).toBe(1);
	});

	it('exits 1 when the log only gives hints', () => {
		expect(explain([`${CORPUS}hint-set-device-driver-open.log`]).code).toBe(1);
	});

	it('exits 2 and says why when the file cannot be read', () => {
		const run = explain([`${CORPUS}no-such-file.log`]);
		expect(run.code).toBe(2);
		expect(run.stderr).toContain(
			`casebook explain: cannot read "${CORPUS}no-such-file.log": ENOENT`,
		);
	});

	it.each([
		[['--lang', 'fr', '-'], 'casebook explain: --lang must be "zh" or "en", not "fr".'],
		[
			['--base-url', 'not a url', '-'],
			'casebook explain: --base-url needs an absolute URL such as https://casebook.example.org, not "not a url".',
		],
		[['--frobnicate'], 'casebook explain: unknown option "--frobnicate".'],
		[['a.log', 'b.log'], 'casebook explain: give one log file (or "-" for standard input), not 2.'],
	])('exits 2 on bad usage %j', (args, message) => {
		const run = explain(args);
		expect(run.code).toBe(2);
		expect(run.stderr.split('\n')[0]).toBe(message);
	});
});

describe('casebook explain --json', () => {
	it('prints the matches with case, signature, 1-based lines and a Chinese URL on the public site', () => {
		const run = explain(['--json', `${CORPUS}event-vllm-worker.log`]);
		const json = JSON.parse(run.stdout) as { matches: unknown[] };
		expect(json.matches).toEqual([
			{
				case: 'acl-event-id-exhausted',
				signature: 'runtime-event-record-alloc-error-0x7020019',
				lines: [3],
				url: `${PUBLIC}/zh/cases/acl-event-id-exhausted/#symptom`,
			},
			{
				case: 'acl-event-id-exhausted',
				signature: 'runtime-no-event-resource-207007',
				lines: [4],
				url: `${PUBLIC}/zh/cases/acl-event-id-exhausted/#symptom`,
			},
		]);
	});

	it('reads standard input with "-" and makes URLs absolute with --base-url and --lang', () => {
		const log =
			'[ERROR][Core_0][kernel_tpipe.h:730][AllocEventID][1] current size is 4, max buffer number in same queue position is 4\n';
		const run = explain(
			['-', '--json', '--lang=en', '--base-url', 'https://casebook.example.org/'],
			log,
		);
		expect(run.code).toBe(0);
		const json = JSON.parse(run.stdout) as { matches: { url: string; lines: number[] }[] };
		expect(json.matches[0]).toMatchObject({
			lines: [1],
			url: 'https://casebook.example.org/en/cases/alloc-tensor-queue-position-limit/#symptom',
		});
	});

	it('links to the local copy named by CASEBOOK_LOCAL_URL, unless --base-url says otherwise', () => {
		const log = 'TSCH suspend_ack: suspend pre check fail, hwts is busy';
		const local = { CASEBOOK_LOCAL_URL: 'http://127.0.0.1:4321/' };
		const url = (args: string[]) =>
			JSON.parse(explain(['--json', ...args], log, local).stdout).matches[0].url;
		expect(url([])).toBe('http://127.0.0.1:4321/zh/cases/suspend-hwts-busy/#symptom');
		expect(url(['--base-url', 'https://intranet.example/'])).toBe(
			'https://intranet.example/zh/cases/suspend-hwts-busy/#symptom',
		);
	});

	it('reads piped standard input when no file is named', () => {
		const run = explain(['--json'], 'TSCH suspend_ack: suspend pre check fail, hwts is busy');
		expect(run.code).toBe(0);
		expect(JSON.parse(run.stdout).matches[0].case).toBe('suspend-hwts-busy');
	});

	it('explains codes with no case, and lists hints apart from matches', () => {
		const run = explain(['--json', '--lang', 'en', `${CORPUS}hint-set-device-driver-open.log`]);
		const json = JSON.parse(run.stdout) as {
			matches: unknown[];
			hints: { case: string }[];
			notes: { code: string; meaning: string }[];
			codes: { code: string; url: string | null; lines: number[] }[];
			diagnosis: { root: { kind: string; code?: string } | null };
		};
		expect(json.matches).toEqual([]);
		expect(json.hints.map((hint) => hint.case)).toContain('acl-set-device-failed');
		expect(json.notes.find((note) => note.code === 'EL0003')?.meaning).toMatch(/\S/);
		expect(json.codes.find((code) => code.code === 'EL0003')?.url).toBe(
			`${PUBLIC}/en/codes/EL0003/`,
		);
		expect(json.diagnosis.root).toMatchObject({ kind: 'code' });
	});

	it('lists every code with its page and every harmless line with its reason and source', () => {
		const log = [
			'[ERROR] APP(1,python):2025-01-01-00:00:00.000.000 [NPUCachingAllocator.cpp:1279]2 malloc:[PTA]:"Get a block from the existing pool failed. Try to free cached blocks and reallocate. This error log can be ignored."',
			'RuntimeError: NPU function error: c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream), error code is 507035',
			'EZ9999: Inner Error!',
		].join('\n');
		const run = explain(['-', '--json', '--base-url', 'https://casebook.example.org'], log);
		const json = JSON.parse(run.stdout) as {
			codes: { code: string; url: string | null; lines: number[]; call?: string }[];
			harmless: { line: number; rule: string; reason: string; source: string }[];
			diagnosis: {
				root: { kind: string; case?: string; codes: string[] };
				then: { code: string }[];
			};
		};
		expect(json.codes.map((code) => [code.code, code.lines])).toEqual([
			['507035', [2]],
			['EZ9999', [3]],
		]);
		expect(json.codes[0]!.url).toBe('https://casebook.example.org/zh/codes/507035/');
		expect(json.harmless).toEqual([
			expect.objectContaining({ rule: 'torch-npu-block-pool-retry', line: 1 }),
		]);
		expect(json.harmless[0]!.reason).toContain('可以忽略');
		expect(json.codes[0]!.call).toBe(
			'c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream)',
		);
		// A 507035 from a stream synchronize is the kernel-exception case, which leads; real logs
		// show EZ9999 after 507035 (the index links the two), so the case accounts for both.
		expect(json.diagnosis.root).toMatchObject({
			kind: 'case',
			case: 'kernel-exception-reported-later',
			codes: ['507035', 'EZ9999'],
		});
		expect(json.diagnosis.then).toEqual([]);
	});
});

describe('casebook explain --code', () => {
	it.each([
		'507035',
		'EE1023',
		'ee1023',
		'0x7020023',
		'117571619',
		'ACL_ERROR_RT_NO_EVENT_RESOURCE',
	])('prints the entry of %s and its page', (spelling) => {
		const run = explain(['--code', spelling, '--lang', 'en']);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/→ https:\/\/ascend-casebook\.github\.io\/en\/codes\/[\w-]+\/$/m);
	});

	it('prints the /codes.json entry with --json', () => {
		const run = explain(['--code', '117571619', '--json']);
		const json = JSON.parse(run.stdout) as { code: string; related: string[]; spellings: string[] };
		expect(json.code).toBe('0x7020023');
		expect(json.related).toContain('207005');
		expect(json.spellings).toContain('0x07020023');
	});

	it('exits 1 for a code the index does not have, and 2 when --code has no value', () => {
		expect(explain(['--code', 'EQ0000']).code).toBe(1);
		expect(explain(['--code']).code).toBe(2);
	});
});

describe('casebook explain on a mirror', () => {
	it('points its links at the site named by CASEBOOK_SITE_URL', () => {
		const run = explain(['--json', `${CORPUS}event-vllm-worker.log`], '', {
			CASEBOOK_SITE_URL: 'https://mirror.example.org',
		});
		const json = JSON.parse(run.stdout) as { matches: { url: string }[] };
		expect(json.matches[0]!.url).toBe(
			'https://mirror.example.org/zh/cases/acl-event-id-exhausted/#symptom',
		);
	});
});

describe('casebook explain for people', () => {
	it('quotes each matched line with its number and gives the case URL, in Chinese by default', () => {
		const run = explain([`${CORPUS}suspend-hwts-busy-grep.log`]);
		expect(run.stdout).toContain('匹配到 1 个错误特征：');
		expect(run.stdout).toContain(
			'  第 2 行: 412:[ERROR] TSCH(-1,null):2024-08-12-23:00:05.114.003 9 (dieid:0,cpuid:0) device_management_plat.c:563 suspend_ack: suspend pre check fail, hwts is busy',
		);
		expect(run.stdout).toContain(`  → ${PUBLIC}/zh/cases/suspend-hwts-busy/#symptom`);
	});

	it('speaks English with --lang en, leads with the diagnosis and says when no case matched', () => {
		const run = explain(['--lang', 'en', `${CORPUS}not-wrong-context-context-null.log`]);
		const lines = run.stdout.split('\n');
		expect(lines[0]).toBe('Diagnosis:');
		expect(lines[1]).toBe('● Likely root cause:');
		expect(lines[2]).toMatch(/^ {2}107002 ACL_ERROR_RT_CONTEXT_NULL \(line 1, 2\): /);
		expect(run.stdout).toContain(`  → ${PUBLIC}/en/codes/107002/`);
		expect(run.stdout).toContain('No known case matched.');
	});
});

describe('casebook explain on repeated lines', () => {
	it('quotes lines that differ only in pid, time or address once, counting the others', () => {
		const line = (pid: number, ms: string) =>
			`[ERROR][Block_0][AIV_0][kernel_tpipe_impl.h:412][AllocEventID][${pid}] current id is 8, max buffer number in same queue position is 8 at ${ms}`;
		const log = [
			line(51207, '2025-03-02 08:14:51.204'),
			line(51208, '2025-03-02 08:14:52.999'),
			line(51209, '2025-03-02 08:14:53.000'),
		].join('\n');
		const run = explain(['--lang', 'en', '-'], log);
		expect(run.stdout).toContain(
			`  line 1: ${line(51207, '2025-03-02 08:14:51.204')} (and 2 more lines differing only in pid, time or address)`,
		);
		expect(run.stdout).not.toContain('line 2:');
	});
});
