import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodeTable, loadExplanations, type ExplanationFile } from '../../src/codes/codes-fs.ts';
import type { CodeTable } from '../../src/codes/code-table.ts';
import { EXPLANATION_SECTIONS } from '../../src/codes/schema.ts';

let table: CodeTable;
let explanations: ExplanationFile[];

beforeAll(async () => {
	[table, explanations] = await Promise.all([loadCodeTable(), loadExplanations()]);
});

describe('the code explanations', () => {
	it('explain at least 150 codes, each in both languages', () => {
		const byCode = new Map<string, Set<string>>();
		for (const item of explanations) {
			byCode.set(item.code, new Set([...(byCode.get(item.code) ?? []), item.lang]));
		}
		expect(byCode.size).toBeGreaterThanOrEqual(150);
		const oneLanguage = [...byCode].filter(([, langs]) => langs.size < 2).map(([code]) => code);
		expect(oneLanguage).toEqual([]);
	});

	it('explain only codes of the index', () => {
		expect(explanations.filter((item) => !table.get(item.code)).map((item) => item.code)).toEqual(
			[],
		);
	});

	it('have the four sections in order, with their stable anchors', () => {
		const problems: string[] = [];
		for (const item of explanations) {
			const anchors = [...item.body.matchAll(/^## .+\{#([\w-]+)\}\s*$/gm)].map((m) => m[1]);
			if (JSON.stringify(anchors) !== JSON.stringify([...EXPLANATION_SECTIONS])) {
				problems.push(`${item.code}.${item.lang}.md: ${anchors.join(', ')}`);
			}
		}
		expect(problems).toEqual([]);
	});

	it('rank at least one likely cause and give something to check and to do', () => {
		const problems: string[] = [];
		for (const item of explanations) {
			const section = (id: string) =>
				item.body.split(/^## /m).find((part) => part.includes(`{#${id}}`)) ?? '';
			if (!/^1\. \S/m.test(section('causes'))) problems.push(`${item.code}.${item.lang}: causes`);
			if (!/^- \S/m.test(section('check'))) problems.push(`${item.code}.${item.lang}: check`);
			if (!/^- \S/m.test(section('fix'))) problems.push(`${item.code}.${item.lang}: fix`);
		}
		expect(problems).toEqual([]);
	});

	it('never write an HTML-looking <placeholder> outside code, where Markdown would swallow it', () => {
		const swallowed = explanations.filter((item) =>
			/<[^>\s][^>]{0,40}>/.test(item.body.replace(/`[^`]*`/g, '')),
		);
		expect(swallowed.map((item) => `${item.code}.${item.lang}`)).toEqual([]);
	});

	it('read as Chinese in zh files and as English in en files', () => {
		const han = /[\u4e00-\u9fff]/;
		const wrong = explanations.filter((item) =>
			item.lang === 'zh' ? !han.test(item.data.summary) : han.test(item.body),
		);
		expect(wrong.map((item) => `${item.code}.${item.lang}`)).toEqual([]);
	});
});
