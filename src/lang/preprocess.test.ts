import { describe, expect, it } from 'vitest';
import { evalPreprocessorExpression, preprocess } from './preprocess.ts';
import { parseProgram } from './parse.ts';

describe('the preprocessor pass keeps every offset', () => {
	it('blanks Ascend qualifiers with spaces of the same length', () => {
		const src = 'extern "C" __global__ __aicore__ void k(GM_ADDR x) { (__gm__ half *)x; }';
		const out = preprocess(src);
		expect(out.text.length).toBe(src.length);
		expect(out.text).toBe(
			'extern "C"                       void k(GM_ADDR x) { (       half *)x; }',
		);
		expect(out.globalOffsets).toEqual([src.indexOf('__global__')]);
	});

	it('parses a kernel with every Ascend qualifier without error nodes', () => {
		const src =
			'extern "C" __global__ __aicore__ void k(GM_ADDR x) {\n  __gm__ half *p = (__gm__ half *)x;\n}\n' +
			'__aicore__ __inline__ void f() {}\n__vector__ void g() {}\n';
		expect(parseProgram(src).diagnostics).toEqual([]);
	});

	it('rewrites a kernel launch to a call with the same length and records it', () => {
		const src = 'k<<<8, nullptr, s>>>(a, b);';
		const out = preprocess(src);
		expect(out.text).toBe('k(  8, nullptr, s)  (a, b);');
		expect(out.launchOffsets).toEqual([1]);
	});

	it('keeps the live branch of #if/#else and blanks the other, lines intact', () => {
		const src = '#ifdef ASCENDC_CPU_DEBUG\nint a = 1;\n#else\nint a = 2;\n#endif\n';
		const cpu = preprocess(src, { predefined: { ASCENDC_CPU_DEBUG: '1' } });
		expect(cpu.text.split('\n')[1]).toBe('int a = 1;');
		expect(cpu.text.split('\n')[3]!.trim()).toBe('');
		const npu = preprocess(src);
		expect(npu.text.split('\n')[1]!.trim()).toBe('');
		expect(npu.text.split('\n')[3]).toBe('int a = 2;');
	});

	it('records object-like and function-like macros with their body offsets', () => {
		const src = '#define N 8 // eight\n#define CEIL(a, b) (((a) + (b) - 1) / (b))\n';
		const { macros } = preprocess(src);
		expect(macros.get('N')!.body.trim()).toBe('8');
		expect(src.slice(macros.get('N')!.bodyOffset).startsWith(' 8')).toBe(true);
		expect(macros.get('CEIL')!.params).toEqual(['a', 'b']);
	});

	it('skips an unknown #include with an info diagnostic at its line', () => {
		const out = preprocess('#include <cstdio>\n#include "mine.h"\n');
		expect(out.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
			['include-skipped', 'info', 2, 1],
		]);
	});
});

describe('#if expressions', () => {
	it('evaluates defined(), macros and C operators', () => {
		const { macros } = preprocess('#define ARCH 2201\n#define X\n');
		expect(evalPreprocessorExpression('defined(X) && ARCH == 2201', macros)).toBe(1);
		expect(evalPreprocessorExpression('!defined Y || (ARCH >= 3000 ? 0 : 1)', macros)).toBe(1);
		expect(evalPreprocessorExpression('UNKNOWN + 1', macros)).toBe(1);
	});

	it('returns undefined for text it cannot read', () => {
		expect(evalPreprocessorExpression('(1 +', new Map())).toBeUndefined();
	});
});

describe('Windows line endings', () => {
	it('join a multi-line #define that ends its lines with a backslash and CRLF', () => {
		const src = '#define ADD(a, b) \\\r\n    ((a) + (b))\r\nint x = ADD(1, 2);\r\n';
		const out = preprocess(src);
		expect(out.macros.get('ADD')!.body.trim()).toBe('((a) + (b))');
		expect(out.text.split('\n')[1]!.trim()).toBe('');
		expect(parseProgram(src).diagnostics).toEqual([]);
	});
});
