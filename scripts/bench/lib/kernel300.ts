/** The benchmarks' kernel of about 300 lines (the interpreter's and `casebook check`'s rows). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const programs = fileURLToPath(new URL('../../../tests/programs/', import.meta.url));

/** A kernel of about 300 lines: the add_custom class plus many small helper functions. */
export function kernel300(): string {
	const base = readFileSync(`${programs}add-custom-class.cpp`, 'utf8');
	const helpers: string[] = [];
	for (let i = 0; helpers.join('\n').split('\n').length + base.split('\n').length < 300; i++) {
		helpers.push(
			`__aicore__ inline int32_t Helper${i}(int32_t a, int32_t b)\n{\n    int32_t s = 0;\n    for (int32_t k = 0; k < b; ++k) {\n        s += (a * k) % 7;\n    }\n    return s;\n}\n`,
		);
	}
	return helpers.join('\n') + '\n' + base;
}
