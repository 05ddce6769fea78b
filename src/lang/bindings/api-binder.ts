/**
 * The one binder from the API catalog (src/api) to the interpreter. For every row it declares
 * the names a program can call — free functions, member functions and constructors of the
 * simulator classes, subscript operators — plus the catalog's types and constants, and runs each
 * call the same way: convert the arguments to the matched signature's kinds, count the call
 * under the name the program used, check the call can run here (a host API outside a kernel, a
 * kernel API inside one), hand it to the row's semantics and convert the result back.
 *
 * Compiled calls (compile/api-call.ts) pick the signature and build the converters once per call
 * site; the dynamic entry points below (constructors, `obj[i]`, calls on values of unknown
 * static type) pick the signature by arity and argument values at run time.
 */
import {
	API_CATALOG,
	API_TYPES,
	type ApiCall,
	type ApiRow,
	type ApiSignature,
	type ApiType,
	type ProcessTarget,
} from '../../api/index.ts';
import type { CallCounter } from '../../sim/recorder.ts';
import type { CallSite, SourceSpan } from '../../sim/trace.ts';
import type { Runtime } from '../runtime.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { SimObject, type Value } from '../values.ts';
import {
	argConverters,
	resultConverter,
	templateArgs,
	valuesFit,
	type ArgConverter,
	type ConvertContext,
	type ResultConverter,
} from './api-values.ts';
import { writeOut } from './args.ts';
import type { BindingTable, NativeCall, NativeType } from './binding.ts';
import type { SimEnv } from './sim-env.ts';

/** One form (signature) of a bound API, with its converters. */
export interface BoundForm {
	readonly sig: ApiSignature;
	readonly convert: readonly ArgConverter[];
	readonly result: ResultConverter;
}

/** One call as the semantics sees it (see ApiCall); built per call, converted in place. */
export class BoundCall implements ApiCall, ConvertContext {
	readonly name: string;
	form: number;
	readonly args: Value[];
	targs: readonly (string | number | undefined)[];
	readonly self: unknown;
	readonly declName: string | undefined;
	readonly rt: Runtime;
	readonly span: SourceSpan;
	readonly env: SimEnv;
	readonly #site: () => CallSite;

	constructor(
		name: string,
		args: Value[],
		self: unknown,
		declName: string | undefined,
		site: () => CallSite,
		rt: Runtime,
		span: SourceSpan,
		env: SimEnv,
	) {
		this.name = name;
		this.form = 0;
		this.args = args;
		this.targs = NO_TARGS;
		this.self = self;
		this.declName = declName;
		this.#site = site;
		this.rt = rt;
		this.span = span;
		this.env = env;
	}

	site(): CallSite {
		return this.#site();
	}

	out(index: number, value: unknown): void {
		const target = this.args[index];
		if (target instanceof SimObject) target.handle = value;
		else writeOut(target, value as Value);
	}

	print(text: string): void {
		this.rt.write('stdout', text);
	}

	flush(): void {
		this.rt.flush();
	}

	callback(name: string, args: readonly number[]): void {
		this.env.handlers.get(name)?.call([...args]);
	}

	stop(code: 'null-dereference' | 'construct-unsupported', values: Record<string, string>): never {
		return this.rt.stop(code, this.span, values);
	}
}

const NO_TARGS: readonly (string | number | undefined)[] = Object.freeze([]);

/** A catalog row bound to one run, under one of its names. */
export class BoundApi {
	readonly row: ApiRow;
	/** The name the program uses (the row's name or an alias). */
	readonly name: string;
	/** The member name a program writes after `.` or alone (`AllocTensor`, `aclrtMalloc`). */
	readonly member: string;
	readonly forms: readonly BoundForm[];
	/** The run this API is bound to. */
	readonly env: SimEnv;
	readonly #env: SimEnv;
	readonly #counter: CallCounter;
	/** Host rows whose aclError result marks the run as having seen an error code. */
	readonly #status: boolean;
	readonly #process: ProcessTarget;

	constructor(row: ApiRow, name: string, env: SimEnv) {
		this.row = row;
		this.name = name;
		this.member = name.slice(name.lastIndexOf(':') + 1);
		this.env = env;
		this.#env = env;
		this.forms = row.signatures.map((sig) => ({
			sig,
			convert: argConverters(sig),
			result: resultConverter(sig, row.owner, env),
		}));
		this.#counter = env.recorder.callCounter(name);
		this.#status = row.side === 'host' && row.result === 'status';
		this.#process = {
			get proc() {
				return env.proc;
			},
			clock: env.recorder.clock,
		};
	}

	/** The signatures, one per line, for diagnostics. */
	get signatureText(): string {
		return this.row.signatures.map((s) => `\`${s.text}\``).join('; ');
	}

	/**
	 * Runs `call` (already converted to `call.form`): counts it, checks where it runs, and
	 * returns the semantics' result converted to a C++ value.
	 */
	invoke(call: BoundCall, targs: readonly TemplateArg[]): Value {
		this.#counter.n++;
		const row = this.row;
		const env = this.#env;
		let r: unknown;
		switch (row.side) {
			case 'host': {
				const proc = env.proc;
				if (!proc || env.core) return hostOnly(call);
				r = proc.acl.invoke(row.protocol, call);
				if (this.#status && r !== 0) env.sawError = true;
				break;
			}
			case 'kernel': {
				const core = env.core;
				if (!core) return kernelOnly(call);
				r = row.run(core, call);
				break;
			}
			case 'process':
				r = row.run(this.#process, call);
				break;
			case 'cpu-debug': {
				const machine = env.machine;
				if (!machine || env.core) return hostOnly(call);
				r = row.run(machine, call);
				break;
			}
		}
		return this.forms[call.form]!.result(r, targs);
	}

	/**
	 * The dynamic entry: picks the form by argument count and values, converts and invokes.
	 * A count no form takes stops the run at the call-arity diagnostic.
	 */
	invokeDynamic(nc: NativeCall, self: unknown): Value {
		const values = nc.args;
		let form = -1;
		for (let i = 0; i < this.forms.length; i++) {
			const sig = this.forms[i]!.sig;
			if (values.length < sig.minArgs || values.length > sig.maxArgs) continue;
			if (form < 0) form = i;
			if (valuesFit(sig, values)) {
				form = i;
				break;
			}
		}
		if (form < 0) {
			return nc.rt.stop('call-arity', nc.span, {
				name: this.name,
				count: values.length,
				signatures: this.signatureText,
			});
		}
		const call = new BoundCall(
			this.name,
			[...values],
			self,
			nc.declName,
			nc.site,
			nc.rt,
			nc.span,
			this.#env,
		);
		const f = this.forms[form]!;
		call.form = form;
		call.targs = templateArgs(f.sig, nc.targs);
		for (let i = 0; i < call.args.length && i < f.convert.length; i++)
			call.args[i] = f.convert[i]!(call.args[i], call) as Value;
		return this.invoke(call, nc.targs);
	}
}

function hostOnly(call: BoundCall): never {
	return call.stop('construct-unsupported', {
		construct: `\`${call.name}\` inside a kernel`,
		detail: 'AscendCL runs on the host: call it from `main` and the functions it calls',
	});
}

function kernelOnly(call: BoundCall): never {
	return call.stop('construct-unsupported', {
		construct: `\`${call.name}\` outside a kernel`,
		detail: 'call Ascend C APIs only from a `__global__ __aicore__` function and what it calls',
	});
}

/** The simulator object behind a receiver value. */
function selfOf(v: Value): unknown {
	return v instanceof SimObject ? v.handle : v;
}

const simType = (name: string, targs: readonly TemplateArg[]): CType => ({ k: 'sim', name, targs });

/** The interpreter type of a catalog type row. */
function ctypeOf(t: ApiType): ((targs: readonly TemplateArg[]) => CType) | undefined {
	switch (t.kind) {
		case 'handle': {
			const handle: CType = { k: 'ptr', to: T.void };
			return () => handle;
		}
		case 'enum': {
			const base = t.base === 'uint8_t' ? T.u8 : t.base === 'int8_t' ? T.i8 : T.i32;
			return () => base;
		}
		case 'class':
			return (targs) => simType(t.name, targs);
		default:
			return undefined;
	}
}

/** Adds every catalog API, type and constant to `table`, bound to `env`. */
export function addApiBindings(table: BindingTable, env: SimEnv): void {
	for (const t of API_TYPES) declareType(table, t);
	for (const row of API_CATALOG) {
		for (const name of [row.name, ...row.aliases]) bindRow(table, row, name, env);
	}
}

function declareType(table: BindingTable, t: ApiType): void {
	const ctype = ctypeOf(t);
	if (ctype) {
		for (const name of [t.name, ...(t.aliases ?? [])]) {
			const existing = table.types.get(name);
			table.types.set(name, { methods: {}, ...existing, name: t.name, ctype });
		}
	}
	const type = t.base === 'uint8_t' ? T.u8 : t.base === 'int8_t' ? T.i8 : T.i32;
	for (const [name, value] of Object.entries(t.values ?? {})) {
		if (t.scoped) {
			for (const owner of [t.name, ...(t.aliases ?? [])])
				table.constants.set(`${owner}::${name}`, { value, type });
		} else table.constants.set(name, { value, type });
	}
}

function bindRow(table: BindingTable, row: ApiRow, name: string, env: SimEnv): void {
	const api = new BoundApi(row, name, env);
	if (row.owner === undefined) {
		table.apis.set(name, api);
		const fn = (nc: NativeCall) => api.invokeDynamic(nc, undefined);
		table.functions.set(name, fn);
		return;
	}
	const owner = name.slice(0, name.lastIndexOf('::'));
	const type: NativeType = table.types.get(owner) ?? {
		name: owner,
		methods: {},
		ctype: (targs) => simType(owner, targs),
	};
	const mutable = type as { -readonly [K in keyof NativeType]: NativeType[K] };
	switch (row.kind) {
		case 'constructor':
			mutable.construct = (nc) => api.invokeDynamic(nc, undefined);
			break;
		case 'operator':
			if (api.member === 'operator[]')
				mutable.index = (self, i, nc) => api.invokeDynamic({ ...nc, args: [i] }, selfOf(self));
			break;
		default:
			table.apis.set(name, api);
			mutable.methods = {
				...type.methods,
				[api.member]: (self, nc) => api.invokeDynamic(nc, selfOf(self)),
			};
	}
	table.types.set(owner, type);
}
