/**
 * Function-like macro expansion as the C preprocessor does it, on text: parameters are replaced
 * by the argument text, `#x` makes a string literal, `##` pastes tokens, `__VA_ARGS__` takes the
 * rest of the arguments (and `, ##__VA_ARGS__` drops its comma when there are none); GNU's named
 * form `args...` takes them as `args` (with `, ##args` alike). The expansion is then parsed and
 * compiled at the call site.
 */
import type { MacroDef } from './preprocess.ts';

/** The expansion text, or the reason it cannot be expanded. */
export type Expansion = { text: string } | { error: string };

/** Expands `m` called with the argument texts `args`. */
export function expandMacro(m: MacroDef, args: readonly string[]): Expansion {
	const params = m.params ?? [];
	const last = params[params.length - 1] ?? '';
	const variadic = last.endsWith('...');
	// `...` takes the rest as __VA_ARGS__; GNU's `args...` takes them as `args`.
	const restName = last === '...' ? '__VA_ARGS__' : last.slice(0, -3).trim();
	const named = variadic ? params.slice(0, -1) : params;
	if (variadic ? args.length < named.length : args.length !== named.length) {
		// `F()` with one parameter passes one empty argument.
		if (!(named.length === 1 && args.length === 0)) {
			return { error: `takes ${named.length} argument(s), the call passes ${args.length}` };
		}
	}
	const values = new Map<string, string>();
	named.forEach((p, i) => values.set(p, (args[i] ?? '').trim()));
	const rest = args.slice(named.length).map((a) => a.trim());
	if (variadic) values.set(restName, rest.join(', '));
	let body = m.body;
	// `, ##__VA_ARGS__` with no variadic arguments drops the comma (GNU extension).
	if (variadic && rest.length === 0)
		body = body.replace(new RegExp(`,\\s*##\\s*${restName}\\b`, 'g'), '');
	// One pass over tokens so string literals are left alone.
	const out: string[] = [];
	const re = /"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|##|#\s*[A-Za-z_]\w*|[A-Za-z_]\w*|\s+|./g;
	for (let t = re.exec(body); t; t = re.exec(body)) {
		const tok = t[0];
		if (tok.startsWith('#') && tok !== '##') {
			const name = tok.slice(1).trim();
			const v = values.get(name);
			out.push(v !== undefined ? JSON.stringify(v) : tok);
		} else if (/^[A-Za-z_]/.test(tok) && values.has(tok)) {
			out.push(values.get(tok)!);
		} else out.push(tok);
	}
	// Token pasting: join the neighbours of `##`.
	const text = out.join('').replace(/\s*##\s*/g, '');
	return { text };
}
