import { describe, expect, it } from 'vitest';
import { expandMacro } from './macro-expand.ts';
import type { MacroDef } from './preprocess.ts';

const macro = (name: string, params: string[], body: string): MacroDef => ({
	name,
	params,
	body,
	bodyOffset: 0,
	offset: 0,
});

describe('function-like macro expansion', () => {
	it('replaces parameters with the argument text, leaving string literals alone', () => {
		expect(expandMacro(macro('SQ', ['x'], ' ((x) * (x)) "x"'), ['a + 1'])).toEqual({
			text: ' ((a + 1) * (a + 1)) "x"',
		});
	});

	it('stringifies with # and pastes with ##', () => {
		expect(
			expandMacro(macro('M', ['c', 'a', 'b'], ' f(#c, a##b)'), ['v > 0', 'my', 'Var']),
		).toEqual({
			text: ' f("v > 0", myVar)',
		});
	});

	it('passes __VA_ARGS__ and drops `, ##__VA_ARGS__` when there are none', () => {
		const log = macro('LOG', ['fmt', '...'], ' printf("[I] " fmt "\\n", ##__VA_ARGS__)');
		expect(expandMacro(log, ['"a=%d"', 'a'])).toEqual({ text: ' printf("[I] " "a=%d" "\\n",a)' });
		expect(expandMacro(log, ['"start"'])).toEqual({ text: ' printf("[I] " "start" "\\n")' });
	});

	it('reports a wrong argument count', () => {
		expect(expandMacro(macro('F', ['a', 'b'], 'a+b'), ['1'])).toEqual({
			error: 'takes 2 argument(s), the call passes 1',
		});
	});
});
