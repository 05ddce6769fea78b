/**
 * The casebook as an intranet user gets it: `npm pack` makes a tarball, which installs with
 * `--offline` and an empty npm cache (so with no network at all: the package has no
 * dependencies, the CLI is bundled), and whose `casebook serve` serves the built site and
 * whose `casebook explain` reads the shipped cases. Also `casebook serve` from the checkout.
 * Needs the built site (runs after the build step of `npm test`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SITE_URL } from '../../src/cli/link-base.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOG = join(ROOT, 'tests/triage/corpus/event-plog-new.log');

/** Starts `casebook serve --port 0` with `bin`; resolves to the child and the URL it printed. */
async function startServe(bin: string, cwd: string): Promise<{ child: ChildProcess; url: string }> {
	const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
		cwd,
		env: { ...process.env, CASEBOOK_LOCAL_URL: '' },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stderr = '';
	child.stderr!.on('data', (chunk) => (stderr += chunk));
	const lines = createInterface({ input: child.stdout! });
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`serve printed no URL:\n${stderr}`)), 20_000);
		lines.once('line', (line) => {
			clearTimeout(timer);
			resolve(line.trim());
		});
		child.once('exit', (code) => reject(new Error(`serve exited ${code}:\n${stderr}`)));
	});
	return { child, url };
}

function stop(child: ChildProcess | undefined): void {
	if (child?.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
}

/** What a reader's first request gets: status, type and the policy meta of the home page. */
async function expectServed(url: string): Promise<void> {
	const home = await fetch(`${url}zh/`);
	expect(home.status).toBe(200);
	expect(home.headers.get('content-type')).toContain('text/html');
	expect(await home.text()).toContain('http-equiv="content-security-policy"');
	const worker = await fetch(`${url}sw.js`);
	expect(worker.status).toBe(200);
	expect(worker.headers.get('content-type')).toContain('javascript');
	expect((await fetch(`${url}zh/cases/no-such-case/`)).status).toBe(404);
}

describe('casebook serve from the checkout', () => {
	let served: { child: ChildProcess; url: string } | undefined;
	afterAll(() => stop(served?.child));

	it('serves the built site on 127.0.0.1 and prints its address', async () => {
		served = await startServe(join(ROOT, 'bin/casebook.mjs'), ROOT);
		expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
		await expectServed(served.url);
	});
});

describe('the packed package installs and serves with no network', () => {
	const work = mkdtempSync(join(tmpdir(), 'casebook-pack-'));
	const app = join(work, 'app');
	let served: { child: ChildProcess; url: string } | undefined;

	beforeAll(() => {
		const bundle = spawnSync(process.execPath, ['scripts/bundle-cli.ts'], {
			cwd: ROOT,
			encoding: 'utf8',
		});
		expect(bundle.status, bundle.stderr).toBe(0);
	}, 120_000);

	afterAll(() => {
		stop(served?.child);
		rmSync(work, { recursive: true, force: true });
	});

	it('packs, installs offline from an empty cache, and serves the site', async () => {
		// The build step of `npm test` made dist/; prepack (which builds again) is skipped.
		const pack = spawnSync(
			'npm',
			['pack', '--ignore-scripts', '--json', '--pack-destination', work],
			{ cwd: ROOT, encoding: 'utf8' },
		);
		expect(pack.status, pack.stderr).toBe(0);
		const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];
		const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
		expect(
			manifest.dependencies ?? {},
			'the installed package must need nothing from a registry: the CLI bundles its libraries, so list build tools under devDependencies',
		).toEqual({});

		const install = spawnSync(
			'npm',
			[
				'install',
				'--offline',
				'--cache',
				join(work, 'empty-cache'),
				'--prefix',
				app,
				'--no-audit',
				'--no-fund',
				join(work, filename),
			],
			{ cwd: work, encoding: 'utf8' },
		);
		expect(install.status, install.stderr).toBe(0);

		const bin = join(app, 'node_modules/ascend-casebook/bin/casebook.mjs');
		served = await startServe(bin, app);
		await expectServed(served.url);

		const explain = spawnSync(process.execPath, [bin, 'explain', '--json', LOG], {
			cwd: app,
			encoding: 'utf8',
			env: { ...process.env, CASEBOOK_LOCAL_URL: served.url },
		});
		expect(explain.status, explain.stderr).toBe(0);
		const { matches } = JSON.parse(explain.stdout) as { matches: { url: string }[] };
		expect(matches[0]!.url.startsWith(served.url)).toBe(true);
		// The printed link opens on the local copy.
		expect((await fetch(matches[0]!.url)).status).toBe(200);
		expect(PUBLIC_SITE_URL).toMatch(/^https:\/\//);
	}, 180_000);
});
