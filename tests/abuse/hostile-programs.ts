/**
 * Generated hostile programs (fast-check arbitraries): huge arrays touched in many patterns,
 * huge and endless loops, recursion with and without an end, output floods, heap and device
 * allocation loops, doubling macros, deep nesting of every bracket and operator, and garbage
 * text, mixed together in `main` or in a kernel.
 */
import fc from 'fast-check';

const ELEMENT_TYPES = [
	'char',
	'uint8_t',
	'int16_t',
	'int',
	'uint32_t',
	'long',
	'float',
	'double',
	'half',
	'bool',
];

/** Array sizes from tiny to absurd (2^40 elements). */
const sizes = fc.constantFrom(
	1,
	7,
	1024,
	4096,
	65_536,
	1_000_000,
	2_000_000_000,
	1_099_511_627_776,
);

/** Loop bounds from a few passes to "forever". */
const bounds = fc.constantFrom('3', '1000', '100000', '2000000000', '(1LL << 40)');

/** A statement that touches array `a` of `n` elements. */
const touch = (n: number) =>
	fc.constantFrom(
		`a[0] = 1;`,
		`a[${n - 1}] = 2;`,
		`for (long i = 0; i < ${n}; i++) a[i] = (char)i;`,
		`for (long i = 0; i < ${n}; i += 4096) a[i] += 1;`,
		`for (long i = ${n} - 1; i >= 0; i -= 999) a[i] = a[i] + 1;`,
		`printf("%d\\n", (int)a[${Math.floor(n / 2)}]);`,
		`a[${n}] = 3;`,
	);

/** Global or local arrays and what touches them. */
const arrays = fc
	.tuple(fc.constantFrom(...ELEMENT_TYPES), sizes, fc.boolean())
	.chain(([type, n, global]) =>
		fc.array(touch(n), { minLength: 1, maxLength: 3 }).map((touches) => ({
			top: global ? `static ${type} a[${n}];` : '',
			body: `${global ? '' : `${type} a[${n}];\n`}${touches.join('\n')}`,
		})),
	);

/** A loop with a body that prints, allocates, recurses or spins. */
const loops = fc
	.tuple(
		bounds,
		fc.constantFrom(
			'printf("%ld\\n", i);',
			'printf("%s", "no newline, ever ");',
			'printf("%*d\\n", 100000000, 1);',
			'{ char *p = (char *)malloc(65536); p[0] = 1; }',
			'{ char *p = (char *)malloc(65536); p[0] = 1; free(p); }',
			'{ void *d = nullptr; aclrtMalloc(&d, 1ULL << 40, ACL_MEM_MALLOC_HUGE_FIRST); }',
			'{ void *d = nullptr; aclrtMalloc(&d, 64, ACL_MEM_MALLOC_HUGE_FIRST); }',
			'{ aclrtStream s = nullptr; aclrtCreateStream(&s); }',
			'{ aclrtEvent e = nullptr; aclrtCreateEvent(&e); }',
			'{ int buf[4096]; buf[i % 4096] = 1; }',
			'x = x * 31 + 7;',
			'',
		),
		fc.boolean(),
	)
	.map(([bound, body, nested]) => ({
		top: '',
		body: nested
			? `for (long i = 0; i < ${bound}; i++) { for (long j = 0; j < ${bound}; j++) { ${body.replaceAll('i', 'j')} } }`
			: `for (long i = 0; i < ${bound}; i++) { ${body} }`,
	}));

/** Recursion that ends deep, or never. */
const recursion = fc
	.tuple(fc.constantFrom(10, 1000, 100_000, -1), fc.boolean(), fc.nat({ max: 40 }))
	.map(([depth, local, nesting]) => {
		const end = depth < 0 ? '' : `if (n >= ${depth}) return 0; `;
		const inner = `${'(1 + '.repeat(nesting)}Rec(n + 1)${')'.repeat(nesting)}`;
		return {
			top: `long Rec(long n) { ${local ? 'int frame[512]; frame[n % 512] = 1; ' : ''}${end}return ${inner}; }`,
			body: `x = Rec(0);`,
		};
	});

/** Macros whose expansion doubles per level. */
const macros = fc
	.tuple(fc.integer({ min: 1, max: 40 }), fc.boolean())
	.map(([levels, functionLike]) => {
		const defs = [functionLike ? '#define L0(v) (v + 1)' : '#define L0 1'];
		for (let i = 1; i <= levels; i++) {
			defs.push(
				functionLike
					? `#define L${i}(v) L${i - 1}(v) + L${i - 1}(v)`
					: `#define L${i} (L${i - 1} + L${i - 1})`,
			);
		}
		return { top: defs.join('\n'), body: `x = ${functionLike ? `L${levels}(1)` : `L${levels}`};` };
	});

/** An expression or statement nested `depth` deep in one of many ways. */
const nesting = fc
	.tuple(
		fc.integer({ min: 1, max: 5000 }),
		fc.constantFrom(
			'paren',
			'unary',
			'block',
			'if',
			'ternary',
			'call',
			'index',
			'sum',
			'init',
			'pp',
		),
	)
	.map(([depth, kind]) => {
		switch (kind) {
			case 'paren':
				return { top: '', body: `x = ${'('.repeat(depth)}1${')'.repeat(depth)};` };
			case 'unary':
				return { top: '', body: `x = ${'- '.repeat(depth)}1;` };
			case 'block':
				return { top: '', body: `${'{'.repeat(depth)}x = 1;${'}'.repeat(depth)}` };
			case 'if':
				return { top: '', body: `${'if (x == 0) '.repeat(depth)}x = 1;` };
			case 'ternary':
				return { top: '', body: `x = ${'x ? 1 : '.repeat(depth)}0;` };
			case 'call':
				return {
					top: 'long Id(long v) { return v; }',
					body: `x = ${'Id('.repeat(depth)}1${')'.repeat(depth)};`,
				};
			case 'index':
				return {
					top: 'static long t[4];',
					body: `x = ${'t['.repeat(depth)}0${']'.repeat(depth)};`,
				};
			case 'sum':
				return { top: '', body: `x = ${Array.from({ length: depth }, () => '1').join(' + ')};` };
			case 'init':
				return { top: '', body: `int v[1] = ${'{'.repeat(depth)}1${'}'.repeat(depth)};` };
			default:
				return { top: `#if ${'('.repeat(depth)}1${')'.repeat(depth)}\n#endif`, body: '' };
		}
	});

/** Text no compiler would take: control characters, lone surrogates, NULs, BOMs, stray quotes. */
const garbage = fc
	.array(
		fc.oneof(
			fc.string({ unit: 'binary', maxLength: 40 }),
			fc.constantFrom(
				'\u0000',
				'\uFEFF',
				'\uD800',
				'\r',
				'"',
				"'",
				'/*',
				'*/',
				'\\\n',
				'#',
				'<<<',
				'>>>',
				'??=',
			),
		),
		{ maxLength: 30 },
	)
	.map((parts) => ({ top: parts.join(''), body: '' }));

/** One fragment of a hostile program: declarations for file scope and statements for `main`. */
export type Fragment = { top: string; body: string };

/** The fragment arbitraries by kind. */
export const FRAGMENTS = { arrays, loops, recursion, macros, nesting, garbage } as const;

/** One fragment of any kind. */
export const fragment: fc.Arbitrary<Fragment> = fc.oneof(...Object.values(FRAGMENTS));

/** A whole hostile program: one to three fragments, in `main` (with ACL set up) or in a kernel. */
export const hostileProgram: fc.Arbitrary<string> = fc
	.tuple(fc.array(fragment, { minLength: 1, maxLength: 3 }), fc.boolean())
	.map(([parts, kernel]) => {
		const top = parts
			.map((p) => p.top)
			.filter(Boolean)
			.join('\n');
		const body = parts
			.map((p) => p.body)
			.filter(Boolean)
			.join('\n');
		if (kernel) {
			return `${top}\nextern "C" __global__ __aicore__ void k(GM_ADDR g)\n{\n    long x = 0;\n${body}\n}\n`;
		}
		return `${top}\nint main()\n{\n    aclInit(nullptr);\n    aclrtSetDevice(0);\n    long x = 0;\n${body}\n    return (int)x;\n}\n`;
	});
