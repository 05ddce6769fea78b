/**
 * The Data panel in a real browser: a kernel-only program from a share link runs, the memory
 * at the end is shown as a table of dtype-correct values and a heat map, an expected file names
 * its first mismatch, an input file replaces a parameter's fill — keyboard-driven, in both
 * languages, with no axe violations.
 */
import { expect, it } from 'vitest';
import { shareHash } from '../../src/islands/repro/share-encode.ts';
import { baseURL, describeInBrowser, usePage } from './browser.ts';
import { Widget, widgetAxeViolations } from './repro-widget.ts';

/**
 * z = x + y over LEN floats on one block; x and y start as the ramp (i mod 128) / 16. LEN comes
 * from the widget's Defines field (1024), as `-D LEN=1024` would give it.
 */
const KERNEL = `#include "kernel_operator.h"
extern "C" __global__ __aicore__ void add(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * 1024 * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    zGm.SetGlobalBuffer((__gm__ float *)z, 1024);
    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::DataCopy(a, xGm, LEN);
    AscendC::DataCopy(a[1024], yGm, 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Add(a[2048], a, a[1024], 1024);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, a[2048], LEN);
}
`;

const NAMES = {
	zh: {
		defines: '宏定义（-D/-U）',
		show: '查看运行结束时的数据',
		tensor: '张量',
		expected: '期望数据文件',
		param: '参数名',
		input: '输入文件',
		mismatch: '第一个不一致的位置：下标 5，实际 0.625，期望 0.75（共 1 / 1024 个不一致）',
		match: '1024 个元素与期望数据完全一致。',
	},
	en: {
		defines: 'Defines (-D/-U)',
		show: 'Show data at the end of the run',
		tensor: 'Tensor',
		expected: 'Expected data file',
		param: 'Parameter name',
		input: 'Input file',
		mismatch: 'first mismatch at index 5: 0.625 vs 0.75 (1 of 1024 differ)',
		match: 'All 1024 elements match the expected data.',
	},
} as const;

function floats(values: Float32Array): { name: string; mimeType: string; buffer: Buffer } {
	return {
		name: 'z_expected.bin',
		mimeType: 'application/octet-stream',
		buffer: Buffer.from(values.buffer),
	};
}

describeInBrowser('the Data panel', () => {
	const page = usePage();

	for (const lang of ['zh', 'en'] as const) {
		it(`${lang}: shows GM z after the run, names the first mismatch with an expected file, and takes an input file`, async () => {
			const n = NAMES[lang];
			const hash = await shareHash({
				v: 1,
				scenario: 'alloc-tensor-queue-position-limit/queue-limit-cpu-debug',
				variant: 'faulty',
				code: KERNEL,
				product: 'atlas-a2',
				mode: 'npu',
				step: 0,
				actions: [],
			});
			await page().goto(`${baseURL()}/${lang}/playground/${hash}`);
			const widget = await new Widget(page(), page().locator('.repro').first(), lang).ready();
			// Without LEN the kernel does not compile; the Defines field gives it.
			await expect(widget.settled()).resolves.toBe('rejected');
			await widget.root.getByLabel(n.defines, { exact: true }).fill('LEN=1024');
			await expect(widget.run()).resolves.toBe('completed');
			const panel = widget.root.locator('section.repro-data');

			// Keyboard: focus the button and press Enter; the run is repeated with a memory copy.
			const body = widget.root.locator('.repro-body');
			const before = Number(await body.getAttribute('data-finished'));
			await panel.getByRole('button', { name: n.show, exact: true }).focus();
			await page().keyboard.press('Enter');
			await page().waitForFunction(
				([el, k]) => Number((el as Element).getAttribute('data-finished')) > (k as number),
				[await body.elementHandle(), before] as const,
			);
			const tensor = panel.getByLabel(n.tensor, { exact: true });
			await tensor.waitFor();
			await tensor.selectOption({ label: 'GM z (float)' });
			const table = panel.locator('.repro-tensor-table');
			// z[i] = 2 · (i mod 128) / 16, computed by hand.
			await expect(table.locator('tbody tr').nth(3).innerText()).resolves.toMatch(/^3\s+0\.375$/);
			// The table is a scroll region a keyboard user can reach.
			await expect(table.getAttribute('tabindex')).resolves.toBe('0');
			// The first 4,096 of z's 262,144 floats; the largest written is 2 · 127 / 16.
			await expect(panel.locator('canvas.repro-heat').getAttribute('aria-label')).resolves.toMatch(
				/4096.*0.*15\.875/,
			);

			const expected = Float32Array.from({ length: 1024 }, (_, i) => (2 * (i % 128)) / 16);
			expected[5] = 0.75;
			await panel.getByLabel(n.expected, { exact: true }).setInputFiles(floats(expected));
			await expect.poll(() => panel.locator('.repro-data-compare').innerText()).toBe(n.mismatch);
			expect(await widgetAxeViolations(page())).toEqual([]);

			// An input file for x: z becomes x + ramp, and the same expected file now matches.
			const x = Float32Array.from({ length: 1024 }, (_, i) => (i % 128) / 16);
			x[5] = 0.4375; // 0.4375 + 0.3125 = 0.75, exact in float
			await panel.getByLabel(n.param, { exact: true }).fill('x');
			await panel
				.getByLabel(n.input, { exact: true })
				.setInputFiles({ ...floats(x), name: 'x.bin' });
			const again = Number(await body.getAttribute('data-finished'));
			await panel.getByRole('button', { name: n.show, exact: true }).focus();
			await page().keyboard.press('Enter');
			await page().waitForFunction(
				([el, k]) => Number((el as Element).getAttribute('data-finished')) > (k as number),
				[await body.elementHandle(), again] as const,
			);
			await panel.getByLabel(n.tensor, { exact: true }).selectOption({ label: 'GM z (float)' });
			await panel.getByLabel(n.expected, { exact: true }).setInputFiles(floats(expected));
			await expect.poll(() => panel.locator('.repro-data-compare').innerText()).toBe(n.match);
		});
	}
});
