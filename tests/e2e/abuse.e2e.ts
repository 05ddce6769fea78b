/**
 * Hostile input in a real browser: the programs of issue 19 and a bomb of every kind reach the
 * playground through share links and end with their diagnostic (the worker interrupts a run
 * after 3.5 s, so none reaches the 5 s watchdog; scripts/bench/hostile.ts times them); a 10 MB paste
 * is refused with a message; hostile links are refused; a hostile log file lands on the triage
 * page as text. For each class, Chromium's trace of the page's main thread shows no task that
 * took 100 ms of CPU or more while the input was handled.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { encodeShareState, toBase64Url } from '../../src/islands/repro/share-codec.ts';
import type { ShareState } from '../../src/islands/repro/share-state.ts';
import { BOMBS } from '../abuse/bombs.ts';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget, loadCases } from './repro-widget.ts';

/**
 * The longest main-thread task allowed while hostile input is handled, in CPU time of the page's
 * main thread. Wall time is not the measure: on a shared machine whose load is ten times its
 * cores, a task that needs 16 ms of CPU takes 200 ms of wall time while the thread waits for a
 * core (measured on issue-malloc-loop: 202 ms wall, 16 ms thread time), so a wall-time budget
 * fails on the machine's load, not on the page's work. The wall time is printed beside it.
 */
const LONG_TASK_MS = 100;

const firstScenario = (() => {
	const c = loadCases()[0]!;
	return `${c.slug}/${c.facts.scenarios[0]!.id}`;
})();

/** Trace categories that record every main-thread task with its thread (CPU) time. */
const TASK_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline'];

/** The longest task of the page's main thread while `during` ran: CPU time and wall time, ms. */
async function longestTask(
	page: Page,
	during: () => Promise<void>,
): Promise<{ cpu: number; wall: number }> {
	const browser = page.context().browser()!;
	await browser.startTracing(page, { categories: TASK_CATEGORIES });
	let buffer: Buffer;
	try {
		await during();
	} finally {
		buffer = await browser.stopTracing();
	}
	const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
	const mains = new Set(
		events
			.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
			.map((e) => `${e.pid}:${e.tid}`),
	);
	let cpu = 0;
	let wall = 0;
	for (const e of events) {
		if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
		wall = Math.max(wall, (e.dur ?? 0) / 1000);
		cpu = Math.max(cpu, (e.tdur ?? e.dur ?? 0) / 1000);
	}
	return { cpu, wall };
}

/** The fields of a Chromium trace event read here. */
interface TraceEvent {
	name: string;
	ph: string;
	pid: number;
	tid: number;
	dur?: number;
	tdur?: number;
	args?: { name?: string };
}

/** Prints what {@link longestTask} measured and checks the CPU time against the allowance. */
function expectResponsive(label: string, task: { cpu: number; wall: number }): void {
	console.log(
		`abuse.e2e: ${label}: longest main-thread task ${Math.round(task.cpu)} ms CPU (${Math.round(task.wall)} ms wall)`,
	);
	expect(task.cpu).toBeLessThan(LONG_TASK_MS);
}

/** A share link to the playground carrying `code`. */
async function linkTo(code: string): Promise<string> {
	const state: ShareState = {
		v: 1,
		scenario: firstScenario,
		variant: 'faulty',
		code,
		product: 'atlas-a2',
		mode: 'npu',
		step: 0,
		actions: [],
	};
	return `${baseURL()}/en/playground/#s=${await encodeShareState(state)}`;
}

/** Opens the playground with a hash and waits until the widget is ready. */
async function openPlayground(page: Page, hash = ''): Promise<Widget> {
	await page.goto(`${baseURL()}/en/playground/${hash}`);
	return new Widget(page, page.locator('.repro').first(), 'en').ready();
}

describeInBrowser('hostile programs in the playground', () => {
	const page = usePage();
	const shown = BOMBS.filter((b) => !b.cliOnly && b.source.length <= 100_000);

	for (const bomb of shown) {
		it(`${bomb.name}: ends with ${bomb.code || 'its output'} within seconds, no long task`, async () => {
			const widget = await openPlayground(page());
			// The link is pasted into the address bar of the open playground, as a reader would.
			const link = await linkTo(bomb.source);
			let outcome = '';
			const task = await longestTask(page(), async () => {
				await page().evaluate((hash) => {
					location.hash = hash;
				}, new URL(link).hash);
				outcome = await widget.settled(20_000);
			});
			const status = await widget.status();
			expect(status).not.toContain('did not finish within');
			const codes = await widget.root.locator('.repro-diagnostics code').allInnerTexts();
			if (bomb.code) {
				// In the browser a long run may be interrupted first, which says why.
				expect(
					codes.some((c) => c === bomb.code || c === 'run-interrupted'),
					codes.join(' '),
				).toBe(true);
			}
			expect([...bomb.outcomes, 'hang']).toContain(outcome);
			expectResponsive(bomb.name, task);
		});
	}

	it('refuses a 10 MB paste into the editor with a message, no long task', async () => {
		const widget = await openPlayground(page());
		const before = await widget.code();
		const content = widget.root.locator('.cm-content');
		await content.focus();
		const alert = widget.root.getByRole('alert');
		const task = await longestTask(page(), async () => {
			// The editor lives in a shadow root; the locator reaches into it.
			await content.evaluate((el) => {
				const text = 'int x = 0;\n'.repeat(1_000_000);
				const data = new DataTransfer();
				data.setData('text/plain', text);
				el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
			});
			await alert.waitFor();
		});
		await expect(alert.innerText()).resolves.toContain('the playground takes up to');
		expect(await widget.code()).toBe(before);
		expectResponsive('10 MB paste', task);
		expect(await widget.run()).not.toBe('');
	});
});

describeInBrowser('hostile share links', () => {
	const page = usePage();

	it('refuses a zip bomb (50 MB of zeros) without inflating it, no long task', async () => {
		const zeros = new Blob([new Uint8Array(50_000_000)])
			.stream()
			.pipeThrough(new CompressionStream('deflate-raw'));
		const payload = toBase64Url(new Uint8Array(await new Response(zeros).arrayBuffer()));
		let alertText = '';
		const task = await longestTask(page(), async () => {
			const widget = await openPlayground(page(), `#s=${payload}`);
			const alert = widget.root.getByRole('alert');
			await alert.waitFor();
			alertText = await alert.innerText();
		});
		expect(alertText).toContain('it is too large once decompressed');
		expectResponsive('zip bomb link', task);
	});

	it('runs a program that prints markup, and shows the markup as text', async () => {
		await page().goto(
			await linkTo('int main() { printf("<img src=x onerror=alert(1)>\\n"); return 0; }\n'),
		);
		const widget = await new Widget(page(), page().locator('.repro').first(), 'en').ready();
		await widget.settled(20_000);
		await expect(widget.logText()).resolves.toContain('<img src=x onerror=alert(1)>');
		await expect(widget.root.locator('.repro-log img').count()).resolves.toBe(0);
	});
});

describeInBrowser('a hostile log file on the triage page', () => {
	const page = usePage();

	it('shows a 10 MB file with a hostile name as text, no long task while it is matched', async () => {
		await page().goto(`${baseURL()}/en/triage/`);
		const chooser = page().getByLabel('Choose a log file');
		await expect.poll(() => chooser.isEnabled()).toBe(true);
		const line =
			'[ERROR] RUNTIME(234708,acltest_host):2024-07-18-00:06:16.749.330 [api_c.cc:716]234708 rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019\n';
		const noise = '<img src=x onerror=alert(1)> noise \u0000\u001b[31m of a hostile log\n'.repeat(
			190_000,
		);
		// From a file on disk: a buffer would be rebuilt in the page by the test tool itself.
		const dir = mkdtempSync(join(tmpdir(), 'casebook-triage-'));
		const file = join(dir, '<img src=x onerror=alert(1)>.log');
		writeFileSync(file, noise + line);
		const task = await longestTask(page(), async () => {
			await chooser.setInputFiles(file);
			await page()
				.locator('.triage__matches a[href="/en/cases/acl-event-id-exhausted/#symptom"]')
				.waitFor({ timeout: 30_000 });
		});
		await expect(page().locator('main img').count()).resolves.toBe(0);
		await expect(page().locator('.triage__file code').innerText()).resolves.toBe(
			'<img src=x onerror=alert(1)>.log',
		);
		expectResponsive('10 MB hostile log', task);
	});
});
