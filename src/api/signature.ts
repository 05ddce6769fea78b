/**
 * C++ signatures as the official references print them, read into parts: template parameters,
 * return type, name, and each parameter's type, name and direction. Catalog rows quote the
 * signature text exactly (it is a fact); everything the binder, the checks and the reference
 * pages need is read from that text once, when the table module loads.
 *
 * What the reader understands: `template <…>` heads (`typename T`, `class T`, `TPosition pos`,
 * `HardEvent evt`, `int32_t depth = 1`, `auto mask = 0`), the Ascend qualifiers (`__aicore__`,
 * `inline`, `__inout_pipe__(S)`, `__gm__`), `const`/`&`/`*`, default values, variadic tails
 * (`Args&&... args`, `...`), `operator[]`, constructors (no return type) and function-like
 * macros (`#define ASSERT(x)`). Anything else in a row is a bug in the table, so it throws.
 */

/** Which way a parameter carries data; `out` parameters are written through the pointer or reference. */
export type ParamDirection = 'in' | 'out';

/** One parameter of a signature. */
export interface ApiParam {
	readonly name: string;
	/** The type as written, e.g. `void **`, `const LocalTensor<T>&`, `__gm__ PrimType*`. */
	readonly type: string;
	/** The type's name without qualifiers, pointers or template arguments, e.g. `void`, `LocalTensor`. */
	readonly base: string;
	/** Template arguments of the type as written, e.g. `['T']` for `LocalTensor<T>`. */
	readonly typeArgs: readonly string[];
	/** How many `*` the type has. */
	readonly pointers: number;
	readonly reference: boolean;
	readonly isConst: boolean;
	/** The type mentions `__gm__` (a Global Memory address). */
	readonly gm: boolean;
	readonly direction: ParamDirection;
	readonly defaultValue?: string;
	/** `Args&&... args` or `...`: any number of further arguments. */
	readonly variadic: boolean;
	/** The length an array parameter declares (`uint32_t sortedNum[4]` is 4). */
	readonly arrayLength?: number;
}

/** One template parameter: its kind as written (`typename`, `class`, `TPosition`, `int32_t`…) and name. */
export interface ApiTemplateParam {
	readonly kind: string;
	readonly name: string;
	readonly defaultValue?: string;
}

/** A signature read from its text. */
export interface ApiSignature {
	/** The text exactly as the row quotes it. */
	readonly text: string;
	/** The function, method, constructor or macro name (`operator[]` for the subscript operator). */
	readonly name: string;
	readonly templateParams: readonly ApiTemplateParam[];
	/** The return type as written; empty for constructors and macros. */
	readonly returns: string;
	readonly returnBase: string;
	readonly returnTypeArgs: readonly string[];
	readonly returnPointers: number;
	readonly params: readonly ApiParam[];
	/** Arguments a call must pass (parameters before the first default or variadic one). */
	readonly minArgs: number;
	/** Arguments a call may pass (`Infinity` for a variadic signature). */
	readonly maxArgs: number;
	/** Indices of the `out` parameters. */
	readonly outs: readonly number[];
	/** A `#define` macro (parameters untyped). */
	readonly macro: boolean;
}

/** What the row adds to the text: which parameters are outputs (the references' 输入/输出 column). */
export interface SignatureOptions {
	out?: readonly string[];
}

const QUALIFIERS =
	/\b(?:__aicore__|__global__|inline|static|extern|constexpr)\b|__inout_pipe__\s*\([^)]*\)/g;

/** Reads `text`; throws a plain Error naming the text when it is not a signature this reader knows. */
export function parseSignature(text: string, options: SignatureOptions = {}): ApiSignature {
	const outs = new Set(options.out ?? []);
	let rest = text.trim().replace(/;$/, '');
	const macro = /^#\s*define\s+/.test(rest);
	if (macro) rest = rest.replace(/^#\s*define\s+/, '');
	let templateParams: ApiTemplateParam[] = [];
	if (rest.startsWith('template')) {
		const open = rest.indexOf('<');
		const close = matching(rest, open, '<', '>');
		templateParams = splitTop(rest.slice(open + 1, close)).map(readTemplateParam);
		rest = rest.slice(close + 1);
	}
	rest = rest.replace(QUALIFIERS, ' ').replace(/\s+/g, ' ').trim();
	rest = rest.replace(/\)\s*const$/, ')');
	const open = paramListStart(rest);
	if (open < 0 || !rest.endsWith(')')) throw new Error(`not a signature: ${text}`);
	const head = rest.slice(0, open).trim();
	const list = rest.slice(open + 1, -1).trim();
	const nameMatch = /(operator\s*(?:\[\]|\(\))|~?[A-Za-z_]\w*)$/.exec(head);
	if (!nameMatch) throw new Error(`no name in signature: ${text}`);
	const name = nameMatch[1]!.replace(/\s+/g, '');
	const returns = head.slice(0, head.length - nameMatch[1]!.length).trim();
	const parts = list === '' || list === 'void' ? [] : splitTop(list);
	const params = parts.map((p) => readParam(p, macro, outs, text));
	for (const n of outs)
		if (!params.some((p) => p.name === n)) throw new Error(`no parameter ${n} in ${text}`);
	let minArgs = 0;
	while (
		minArgs < params.length &&
		params[minArgs]!.defaultValue === undefined &&
		!params[minArgs]!.variadic
	)
		minArgs++;
	const variadic = params.some((p) => p.variadic);
	const ret = readType(returns);
	return {
		text,
		name,
		templateParams,
		returns,
		returnBase: ret.base,
		returnTypeArgs: ret.typeArgs,
		returnPointers: ret.pointers,
		params,
		minArgs,
		maxArgs: variadic ? Number.POSITIVE_INFINITY : params.length,
		outs: params.flatMap((p, i) => (p.direction === 'out' ? [i] : [])),
		macro,
	};
}

/** The `(` that opens the parameter list: the first top-level one after the name. */
function paramListStart(s: string): number {
	let depth = 0;
	for (let i = 0; i < s.length; i++) {
		const c = s[i];
		if (c === '<') depth++;
		else if (c === '>') depth--;
		else if (c === '(' && depth === 0) {
			// `operator()(…)`: the first pair is the operator's name.
			if (s.slice(0, i).endsWith('operator') && s[i + 1] === ')') {
				i++;
				continue;
			}
			return i;
		}
	}
	return -1;
}

function matching(s: string, open: number, a: string, b: string): number {
	let depth = 0;
	for (let i = open; i < s.length; i++) {
		if (s[i] === a) depth++;
		else if (s[i] === b && --depth === 0) return i;
	}
	throw new Error(`unbalanced ${a}${b} in ${s}`);
}

/** Splits on commas outside `<>`, `()` and `{}`. */
function splitTop(s: string): string[] {
	const out: string[] = [];
	let depth = 0;
	let start = 0;
	for (let i = 0; i < s.length; i++) {
		const c = s[i];
		if (c === '<' || c === '(' || c === '{') depth++;
		else if (c === '>' || c === ')' || c === '}') depth--;
		else if (c === ',' && depth === 0) {
			out.push(s.slice(start, i).trim());
			start = i + 1;
		}
	}
	out.push(s.slice(start).trim());
	return out.filter((p) => p.length > 0);
}

function readTemplateParam(text: string): ApiTemplateParam {
	const [decl, def] = splitDefault(text);
	const m = /^(.*?)\s*([A-Za-z_]\w*)$/.exec(decl.replace(/&/g, ' ').trim());
	if (!m) throw new Error(`bad template parameter: ${text}`);
	const kind = m[1]!.replace(/^const\s+/, '').trim() || 'typename';
	const param: ApiTemplateParam = { kind, name: m[2]! };
	return def === undefined ? param : { ...param, defaultValue: def };
}

function splitDefault(text: string): [string, string | undefined] {
	let depth = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (c === '<' || c === '(') depth++;
		else if (c === '>' || c === ')') depth--;
		else if (c === '=' && depth === 0) return [text.slice(0, i).trim(), text.slice(i + 1).trim()];
	}
	return [text.trim(), undefined];
}

function readParam(text: string, macro: boolean, outs: Set<string>, sig: string): ApiParam {
	const [decl, def] = splitDefault(text);
	const base = {
		isConst: false,
		gm: false,
		typeArgs: [] as string[],
		pointers: 0,
		reference: false,
	};
	if (decl === '...')
		return { ...base, name: '...', type: '...', base: '...', direction: 'in', variadic: true };
	if (macro) {
		const name = decl.replace(/\.\.\.$/, '').trim();
		return {
			...base,
			name,
			type: '',
			base: '',
			direction: outs.has(name) ? 'out' : 'in',
			variadic: decl.endsWith('...'),
		};
	}
	// `uint64_t mask[]` and `const uint16_t elementCountList[4]` are pointer parameters.
	const dims = /\[\s*(\d*)\s*\]$/.exec(decl);
	const array = dims !== null;
	const m = /^(.*?)\s*([A-Za-z_]\w*)$/.exec(decl.replace(/\[\s*\d*\s*\]$/, ''));
	if (!m || m[1]!.trim() === '') throw new Error(`parameter without a name in ${sig}: ${text}`);
	const type = array ? `${m[1]!.trim()} *` : m[1]!.trim();
	const variadic = type.includes('...');
	const t = readType(type.replace('...', ''));
	const param: ApiParam = {
		name: m[2]!,
		type,
		base: t.base,
		typeArgs: t.typeArgs,
		pointers: t.pointers,
		reference: t.reference,
		isConst: t.isConst,
		gm: t.gm,
		direction: outs.has(m[2]!) ? 'out' : 'in',
		variadic,
		...(dims?.[1] ? { arrayLength: Number(dims[1]) } : {}),
	};
	return def === undefined ? param : { ...param, defaultValue: def };
}

/** The parts of a type as written. */
function readType(type: string): {
	base: string;
	typeArgs: string[];
	pointers: number;
	reference: boolean;
	isConst: boolean;
	gm: boolean;
} {
	let t = type.trim();
	const gm = /\b__gm__\b/.test(t);
	t = t.replace(/\b__gm__\b/g, ' ');
	const isConst = /\bconst\b/.test(t);
	t = t.replace(/\bconst\b/g, ' ');
	const pointers = (t.match(/\*/g) ?? []).length;
	const reference = t.includes('&');
	t = t.replace(/[*&]/g, ' ').replace(/\s+/g, ' ').trim();
	let typeArgs: string[] = [];
	const lt = t.indexOf('<');
	if (lt >= 0) {
		typeArgs = splitTop(t.slice(lt + 1, matching(t, lt, '<', '>')));
		t = t.slice(0, lt).trim();
	}
	const base = t.replace(/^(?:struct|enum|class)\s+/, '').replace(/^(?:AscendC|Std|std)::/, '');
	return { base, typeArgs, pointers, reference, isConst, gm };
}
