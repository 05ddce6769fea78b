import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS } from '../../sim/product-id.ts';
import ReproIsland from './repro-island.tsx';
import type { ReproIslandProps, ScenarioData } from './repro-props.ts';

const scenario: ScenarioData = {
	key: 'alloc-tensor-queue-position-limit/queue-limit-cpu-debug',
	caseSlug: 'alloc-tensor-queue-position-limit',
	caseTitle: 'AllocTensor fails',
	label: 'six VECIN queues',
	faulty: { file: 'add-six-faulty.cpp', source: 'int main() { return 1; }\n' },
	fixed: { file: 'add-six-fixed.cpp', source: 'int main() { return 0; }\n' },
	product: 'atlas-training',
	mode: 'cpu',
	actions: [],
	expect: { faulty: 'abort', fixed: 'completed' },
};

function props(lang: 'zh' | 'en'): ReproIslandProps {
	return {
		lang,
		id: 'repro-x',
		scenarios: [scenario],
		initial: scenario.key,
		productNames: Object.fromEntries(
			PRODUCT_IDS.map((p) => [p, `name of ${p}`]),
		) as ReproIslandProps['productNames'],
		recorded: {
			outcome: 'abort',
			log: [
				{
					text: 'current size is 4, max buffer number in same queue position is 4',
					channel: 'cpu-debug',
					time: 1,
				},
			],
			diagnostics: [],
		},
	};
}

describe('the server-rendered first frame', () => {
	it('shows the recorded faulty output in a log region named 日志, with the build-time caption', () => {
		const html = renderToString(h(ReproIsland, props('zh')));
		expect(html).toContain('role="log" aria-label="日志"');
		expect(html).toContain('max buffer number in same queue position is 4');
		expect(html).toContain('有问题的代码的运行记录（构建时录制）');
		expect(html).toContain('中止：检查失败，SIGABRT');
	});

	it('shows the highlighted code passed in as children until the editor loads', () => {
		const html = renderToString(
			h(ReproIsland, props('en'), h('pre', { class: 'astro-code' }, 'HIGHLIGHTED')),
		);
		expect(html).toContain('HIGHLIGHTED');
	});

	it('names every control in the page language', () => {
		const zh = renderToString(h(ReproIsland, props('zh')));
		for (const name of [
			'>运行<',
			'>有问题的代码<',
			'>修复后<',
			'>产品<',
			'>模式<',
			'>CPU 调试<',
			'>msSanitizer<',
			'>单步<',
			'>重置<',
			'>速度<',
		]) {
			expect(zh).toContain(name);
		}
		const en = renderToString(h(ReproIsland, props('en')));
		for (const name of [
			'>Run<',
			'>Faulty<',
			'>Fixed<',
			'>Product<',
			'>Mode<',
			'>CPU debug<',
			'>msSanitizer<',
			'>Step<',
			'>Reset<',
			'>Speed<',
			'aria-label="Log"',
		]) {
			expect(en).toContain(name);
		}
	});

	it('labels each select by id, unique to the widget', () => {
		const html = renderToString(h(ReproIsland, props('en')));
		expect(html).toContain('for="repro-x-product"');
		expect(html).toContain('id="repro-x-product"');
		expect(html).toContain('for="repro-x-mode"');
	});
});
