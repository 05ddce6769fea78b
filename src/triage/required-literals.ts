/**
 * Reads a regular expression's source and finds plain text every match must contain, so a
 * line can be skipped with a cheap `includes` before the regex runs. Conservative: when the
 * source is too clever to read, it answers `undefined` (no filter) rather than guess.
 */

/** Literals shorter than this filter too little to be worth a scan. */
const MIN_LITERAL_LENGTH = 3;

/** Escapes that stand for a class of characters or an assertion, not a literal character. */
const CLASS_ESCAPES = new Set([
	'd',
	'D',
	'w',
	'W',
	's',
	'S',
	'b',
	'B',
	'p',
	'P',
	'k',
	'c',
	'x',
	'u',
]);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = {
	n: '\n',
	r: '\r',
	t: '\t',
	f: '\f',
	v: '\v',
};

/**
 * The alternatives of which at least one occurs in every string the pattern matches
 * (one entry per top-level `|` branch), or `undefined` when no useful literal was found.
 */
export function requiredLiterals(source: string): string[] | undefined {
	const branches = splitTopLevel(source);
	if (!branches) return undefined;
	const literals: string[] = [];
	for (const branch of branches) {
		const literal = longestLiteral(branch);
		if (!literal || literal.length < MIN_LITERAL_LENGTH) return undefined;
		literals.push(literal);
	}
	return literals;
}

/** Splits at top-level `|`; `undefined` if brackets do not balance. */
function splitTopLevel(source: string): string[] | undefined {
	const branches: string[] = [];
	let depth = 0;
	let inClass = false;
	let start = 0;
	for (let i = 0; i < source.length; i++) {
		const char = source[i];
		if (char === '\\') {
			i++;
		} else if (inClass) {
			if (char === ']') inClass = false;
		} else if (char === '[') {
			inClass = true;
		} else if (char === '(') {
			depth++;
		} else if (char === ')') {
			depth--;
			if (depth < 0) return undefined;
		} else if (char === '|' && depth === 0) {
			branches.push(source.slice(start, i));
			start = i + 1;
		}
	}
	if (depth !== 0 || inClass) return undefined;
	branches.push(source.slice(start));
	return branches;
}

/** The longest run of literal characters at the top level of one branch. */
function longestLiteral(branch: string): string | undefined {
	const chars = [...branch];
	let best: string[] = [];
	let run: string[] = [];
	const endRun = () => {
		if (run.length > best.length) best = run;
		run = [];
	};
	for (let i = 0; i < chars.length; i++) {
		const char = chars[i]!;
		if (char === '\\') {
			const next = chars[++i];
			if (next === undefined) return undefined;
			if (CLASS_ESCAPES.has(next) || /\d/.test(next)) {
				endRun();
				i = skipEscapeBody(chars, i);
			} else {
				run.push(CONTROL_ESCAPES[next] ?? next);
			}
		} else if (char === '[') {
			endRun();
			i = skipClass(chars, i);
			if (i < 0) return undefined;
		} else if (char === '(') {
			endRun();
			i = skipGroup(chars, i);
			if (i < 0) return undefined;
		} else if (char === '*' || char === '?') {
			// The atom before may be absent: drop it from the run.
			run.pop();
			endRun();
			if (chars[i + 1] === '?') i++;
		} else if (char === '+') {
			endRun();
			if (chars[i + 1] === '?') i++;
		} else if (char === '{') {
			const close = chars.indexOf('}', i);
			if (close < 0) return undefined;
			const min = Number(
				chars
					.slice(i + 1, close)
					.join('')
					.split(',')[0],
			);
			if (!(min >= 1)) run.pop();
			endRun();
			i = close;
			if (chars[i + 1] === '?') i++;
		} else if (char === '.' || char === '^' || char === '$') {
			endRun();
		} else {
			run.push(char);
		}
	}
	endRun();
	return best.length > 0 ? best.join('') : undefined;
}

function skipEscapeBody(chars: readonly string[], at: number): number {
	const kind = chars[at];
	if ((kind === 'p' || kind === 'P' || kind === 'k' || kind === 'u') && chars[at + 1] === '{') {
		return chars.indexOf(kind === 'k' ? '>' : '}', at);
	}
	if (kind === 'k' && chars[at + 1] === '<') return chars.indexOf('>', at);
	if (kind === 'x') return at + 2;
	if (kind === 'u') return at + 4;
	if (kind === 'c') return at + 1;
	return at;
}

function skipClass(chars: readonly string[], at: number): number {
	for (let i = at + 1; i < chars.length; i++) {
		if (chars[i] === '\\') i++;
		else if (chars[i] === ']') return i;
	}
	return -1;
}

function skipGroup(chars: readonly string[], at: number): number {
	let depth = 0;
	for (let i = at; i < chars.length; i++) {
		const char = chars[i];
		if (char === '\\') i++;
		else if (char === '[') {
			i = skipClass(chars, i);
			if (i < 0) return -1;
		} else if (char === '(') depth++;
		else if (char === ')' && --depth === 0) return i;
	}
	return -1;
}
