/**
 * C++ binary operator precedence, higher binds tighter (assignment, comma and the conditional
 * are handled apart). Shared by the `#if` evaluator and the expression compiler, which re-nests
 * Lezer's flat binary chains by it.
 */
export const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
	'||': 1,
	'&&': 2,
	'|': 3,
	'^': 4,
	'&': 5,
	'==': 6,
	'!=': 6,
	'<': 7,
	'>': 7,
	'<=': 7,
	'>=': 7,
	'<<': 8,
	'>>': 8,
	'+': 9,
	'-': 9,
	'*': 10,
	'/': 10,
	'%': 10,
};
