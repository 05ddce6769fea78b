/**
 * Fuzzing the public entry: token soups and mutated real programs must never make `run` or
 * `parseProgram` throw; every result is a trace with a valid outcome.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOMES } from '../cases/schema.ts';
import { parseProgram } from './parse.ts';
import { run } from './run.ts';

const programsDir = fileURLToPath(new URL('../../tests/programs/', import.meta.url));
const programs = readdirSync(programsDir)
	.filter((f) => f.endsWith('.cpp'))
	.map((f) => readFileSync(programsDir + f, 'utf8'));

const TOKENS = [
	'int',
	'void',
	'class',
	'struct',
	'template',
	'<',
	'>',
	'<<<',
	'>>>',
	'(',
	')',
	'{',
	'}',
	'[',
	']',
	';',
	',',
	'=',
	'+',
	'-',
	'*',
	'/',
	'%',
	'&',
	'&&',
	'||',
	'!',
	'?',
	':',
	'::',
	'.',
	'->',
	'++',
	'if',
	'else',
	'for',
	'while',
	'do',
	'switch',
	'case',
	'default',
	'break',
	'continue',
	'return',
	'main',
	'x',
	'y',
	'T',
	'AscendC',
	'TPipe',
	'TQue',
	'LocalTensor',
	'AllocTensor',
	'FreeTensor',
	'DataCopy',
	'aclrtMalloc',
	'aclInit',
	'printf',
	'signal',
	'exit',
	'SIGINT',
	'0',
	'1',
	'42',
	'"s"',
	"'c'",
	'#define',
	'#include',
	'#if',
	'#endif',
	'\n',
	' ',
	'__global__',
	'__aicore__',
	'__gm__',
	'GM_ADDR',
	'extern "C"',
	'sizeof',
	'static_cast',
	'namespace',
	'using',
	'enum',
	'const',
	'constexpr',
	'auto',
	'nullptr',
	'true',
	'new',
	'delete',
	'...',
	'operator',
];

const FAST = { product: 'atlas-a2', mode: 'npu', maxSteps: 5_000 } as const;

function safeRun(source: string): string {
	const trace = run({ ...FAST, source });
	parseProgram(source);
	return trace.outcome;
}

/** Thousands of runs each: allowed minutes on a shared CI machine (speed is the bench's job). */
const FUZZ_TIMEOUT_MS = 180_000;

describe('the interpreter never throws', () => {
	it(
		'on 8,500 token soups',
		() => {
			fc.assert(
				fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (tokens) => {
					const outcome = safeRun(tokens.join(' '));
					expect(OUTCOMES).toContain(outcome);
				}),
				{ numRuns: 8_500, seed: 42 },
			);
		},
		FUZZ_TIMEOUT_MS,
	);

	it(
		'on 1,500 mutated sample programs',
		() => {
			fc.assert(
				fc.property(
					fc.constantFrom(...programs),
					fc.nat(),
					fc.nat({ max: 40 }),
					fc.constantFrom(...TOKENS, ''),
					(source, at, cut, insert) => {
						const i = at % Math.max(1, source.length);
						const mutated = source.slice(0, i) + insert + source.slice(i + cut);
						expect(OUTCOMES).toContain(safeRun(mutated));
					},
				),
				{ numRuns: 1_500, seed: 7 },
			);
		},
		FUZZ_TIMEOUT_MS,
	);
});
