/**
 * Numbers as C and C++ print them: `%g` (the shortest of fixed and exponential at a given
 * precision, trailing zeros dropped), `%e` with at least two exponent digits, and `%f`.
 */

/** `%e` with `precision` digits after the point: `1.500000e+03`. */
export function formatE(n: number, precision: number): string {
	if (!Number.isFinite(n)) return nonFinite(n);
	return n.toExponential(precision).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** `%f` with `precision` digits after the point. */
export function formatF(n: number, precision: number): string {
	if (!Number.isFinite(n)) return nonFinite(n);
	return n.toFixed(Math.min(100, precision));
}

/** `%g` at `precision` significant digits (0 counts as 1), trailing zeros removed. */
export function formatG(n: number, precision: number): string {
	if (!Number.isFinite(n)) return nonFinite(n);
	const p = Math.max(1, precision);
	if (n === 0) return Object.is(n, -0) ? '-0' : '0';
	const exp = Number(n.toExponential(p - 1).split('e')[1]);
	if (exp < -4 || exp >= p) {
		const [mant, e] = formatE(n, p - 1).split('e');
		return `${stripZeros(mant!)}e${e}`;
	}
	return stripZeros(n.toFixed(Math.max(0, p - 1 - exp)));
}

function stripZeros(s: string): string {
	return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

function nonFinite(n: number): string {
	return Number.isNaN(n) ? 'nan' : n > 0 ? 'inf' : '-inf';
}
