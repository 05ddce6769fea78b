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
import { stageCopy, STAGED_COPIES } from './host-staging.ts';
import { constructParams, type DiagnosticParams } from '../../diagnostics/index.ts';
import {
	API_CATALOG,
	API_TYPES,
	type ApiCall,
	type ApiRow,
	type ApiSignature,
	type ApiTemplateValue,
	type ApiType,
} from '../../api/index.ts';
import type { CallSite, SourceSpan } from '../../sim/trace.ts';
import type { Runtime } from '../runtime.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { Instance, SimObject, convert, type Value } from '../values.ts';
import {
	argConverters,
	resultConverter,
	templateArgs,
	valuesFit,
	type ArgConverter,
	type ConvertContext,
	type ResultConverter,
} from './api-values.ts';
import { readOut, writeOut } from './args.ts';
import { emptyBindings } from './binding.ts';
import type {
	BindingTable,
	NativeCall,
	NativeConstant,
	NativeMethod,
	NativeType,
} from './binding.ts';
import type { SimEnv } from './sim-env.ts';
import { catalogStruct } from './catalog-structs.ts';

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
	targs: readonly ApiTemplateValue[];
	readonly self: unknown;
	readonly declName: string | undefined;
	readonly rt: Runtime;
	readonly span: SourceSpan;
	readonly env: SimEnv;
	/** The arguments' source text, when the call was compiled from source. */
	texts: readonly string[] | undefined;
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
		this.texts = undefined;
	}

	site(): CallSite {
		return this.#site();
	}

	argText(index: number): string | undefined {
		return this.texts?.[index];
	}

	out(index: number, value: unknown): void {
		const target = this.args[index];
		if (target instanceof SimObject) target.handle = value;
		else if (isFieldRecord(value)) writeFields(target, value);
		else writeOut(target, value as Value);
	}

	peek(index: number): unknown {
		return readOut(this.args[index]);
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

	stop(
		code: 'null-dereference' | 'construct-unsupported' | 'api-not-on-product',
		values: DiagnosticParams,
	): never {
		return this.rt.stop(code, this.span, values);
	}
}

const NO_TARGS: readonly (string | number | undefined)[] = Object.freeze([]);

/** The forms of each row with their converters: built once, shared by every run. */
const FORMS = new WeakMap<ApiRow, readonly BoundForm[]>();

function formsOf(row: ApiRow): readonly BoundForm[] {
	let forms = FORMS.get(row);
	if (!forms) {
		forms = row.signatures.map((sig) => ({
			sig,
			convert: argConverters(sig),
			result: resultConverter(sig, row.owner),
		}));
		FORMS.set(row, forms);
	}
	return forms;
}

/**
 * A catalog row under one of its names, as the interpreter calls it. Bound APIs carry no run
 * state: a call finds its run through `call.env`, so they are made once and shared by every run.
 */
export class BoundApi {
	readonly row: ApiRow;
	/** The name the program uses (the row's name or an alias). */
	readonly name: string;
	/** The member name a program writes after `.` or alone (`AllocTensor`, `aclrtMalloc`). */
	readonly member: string;
	readonly forms: readonly BoundForm[];
	/** Position among all bound names: where a run keeps this name's call counter. */
	readonly index: number;
	/** Host rows whose aclError result marks the run as having seen an error code. */
	readonly #status: boolean;
	/** Whether calls stage their pointer arguments in host memory (host-staging.ts). */
	readonly stagesCopies: boolean;

	constructor(row: ApiRow, name: string, index: number) {
		this.row = row;
		this.name = name;
		this.member = name.slice(name.lastIndexOf(':') + 1);
		this.index = index;
		this.forms = row.signatures.map((sig) => ({
			sig,
			convert: argConverters(sig),
			result: resultConverter(sig, row.owner),
		}));
		this.#status = row.side === 'host' && row.result === 'status';
		this.stagesCopies = row.name in STAGED_COPIES;
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
		const env = call.env;
		const counters = env.apiCounters;
		(counters[this.index] ??= env.recorder.callCounter(this.name)).n++;
		const row = this.row;
		let r: unknown;
		switch (row.side) {
			case 'host': {
				const proc = env.proc;
				if (!proc || env.core) return hostOnly(call);
				r = row.protocol.invoke(proc.acl, call);
				if (this.#status && r !== 0) env.sawError = true;
				break;
			}
			case 'kernel': {
				const core = env.core;
				if (!core) return kernelOnly(call);
				r = row.protocol.invoke(core, call);
				break;
			}
			case 'process':
				r = row.run(
					{
						proc: env.proc,
						clock: env.recorder.clock,
						yieldThread: () => env.threads.switchPoint(),
					},
					call,
				);
				break;
			case 'cpu-debug': {
				const machine = env.machine;
				if (!machine || env.core) return hostOnly(call);
				r = row.run(machine, call);
				break;
			}
		}
		return this.forms[call.form]!.result(r, targs, env);
	}

	/**
	 * The dynamic entry: picks the form by argument count and values, converts and invokes.
	 * Among forms the values fit, one with as many template parameters as the call gives
	 * template arguments wins (`Alloc<half, 1024>()` and `Alloc<TPosition::VECIN, half, 1024>()`
	 * take no arguments and differ only there). A count no form takes stops the run at the
	 * call-arity diagnostic.
	 */
	invokeDynamic(nc: NativeCall, self: unknown): Value {
		const values = nc.args;
		const given = nc.targs.length;
		let form = -1;
		let fits = -1;
		for (let i = 0; i < this.forms.length; i++) {
			const sig = this.forms[i]!.sig;
			if (values.length < sig.minArgs || values.length > sig.maxArgs) continue;
			if (form < 0) form = i;
			if (valuesFit(sig, values)) {
				if (fits < 0) fits = i;
				if (given === 0 || sig.templateParams.length === given) {
					fits = i;
					break;
				}
			}
		}
		if (fits >= 0) form = fits;
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
			nc.rt.env,
		);
		const f = this.forms[form]!;
		call.form = form;
		call.targs = templateArgs(f.sig, nc.targs);
		// A copy from or to an object of the program (`&tiling`, a stack array) moves its bytes.
		const after = this.stagesCopies ? stageCopy(this.row.name, call.args, nc.rt.memory) : undefined;
		for (let i = 0; i < call.args.length && i < f.convert.length; i++)
			call.args[i] = f.convert[i]!(call.args[i], call) as Value;
		if (!after) return this.invoke(call, nc.targs);
		try {
			return this.invoke(call, nc.targs);
		} finally {
			after();
		}
	}
}

function hostOnly(call: BoundCall): never {
	return call.stop(
		'construct-unsupported',
		constructParams('host-api-in-kernel', { name: call.name }),
	);
}

function kernelOnly(call: BoundCall): never {
	return call.stop(
		'construct-unsupported',
		constructParams('kernel-api-on-host', { name: call.name }),
	);
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
		case 'struct':
			return (targs) => ({ k: 'class', cls: catalogStruct(t, targs), targs });
		default:
			return undefined;
	}
}

/** The constants every catalog type declares, keyed as programs write them (built once). */
const CONSTANTS: ReadonlyArray<[string, NativeConstant]> = API_TYPES.flatMap((t) => {
	const type = t.base === 'uint8_t' ? T.u8 : t.base === 'int8_t' ? T.i8 : T.i32;
	const owners = [t.name, ...(t.aliases ?? [])];
	// Every enum value may be written `Enum::VALUE`; an unscoped enum's also plain `VALUE`.
	return Object.entries(t.values ?? {}).flatMap(
		([name, value]): Array<[string, NativeConstant]> => [
			...(t.kind === 'enum' || t.scoped
				? owners.map((owner): [string, NativeConstant] => [`${owner}::${name}`, { value, type }])
				: []),
			...(t.scoped ? [] : [[name, { value, type }] as [string, NativeConstant]]),
		],
	);
});

/** Handle and enum types (shared by every run: they carry nothing of one). */
const PLAIN_TYPES: ReadonlyArray<[string, NativeType]> = API_TYPES.flatMap((t) => {
	const ctype = ctypeOf(t);
	if (!ctype || t.kind === 'class') return [];
	const type: NativeType = { name: t.name, methods: {}, ctype };
	return [t.name, ...(t.aliases ?? [])].map((name): [string, NativeType] => [name, type]);
});

/** The catalog's part of every binding table, built once; each run copies the maps. */
const CATALOG_TABLE: BindingTable = buildCatalogTable();

function buildCatalogTable(): BindingTable {
	const table = emptyBindings();
	for (const [name, type] of PLAIN_TYPES) table.types.set(name, type);
	for (const t of API_TYPES.filter((x) => x.kind === 'class'))
		table.types.set(t.name, { name: t.name, methods: {}, ctype: ctypeOf(t)! });
	for (const [key, constant] of CONSTANTS) table.constants.set(key, constant);
	let index = 0;
	for (const row of API_CATALOG) {
		bindRow(table, row, row.name, index++);
		for (const alias of row.aliases) bindRow(table, row, alias, index++);
	}
	return table;
}

/**
 * A binding table holding every catalog API, type and constant. The entries are shared by every
 * run (they find the run through the call); the maps are the table's own, so a run may add to
 * them (the C library, the interpreter's own launch macro).
 */
export function catalogBindings(): BindingTable {
	return {
		apis: new Map(CATALOG_TABLE.apis),
		functions: new Map(CATALOG_TABLE.functions),
		types: new Map(CATALOG_TABLE.types),
		constants: new Map(CATALOG_TABLE.constants),
		variables: new Map(CATALOG_TABLE.variables),
		returns: new Map(CATALOG_TABLE.returns),
		refArgs: new Map(CATALOG_TABLE.refArgs),
	};
}

function bindRow(table: BindingTable, row: ApiRow, name: string, index: number): void {
	const api = new BoundApi(row, name, index);
	if (row.owner === undefined) {
		table.apis.set(name, api);
		const fn = (nc: NativeCall) => api.invokeDynamic(nc, undefined);
		table.functions.set(name, fn);
		return;
	}
	const owner = name.slice(0, name.lastIndexOf('::'));
	let type = table.types.get(owner);
	if (!type) {
		type = { name: owner, methods: {}, ctype: (targs) => simType(owner, targs) };
		table.types.set(owner, type);
	}
	const mutable = type as { -readonly [K in keyof NativeType]: NativeType[K] };
	switch (row.kind) {
		case 'constructor':
			mutable.construct = (nc) => api.invokeDynamic(nc, undefined);
			mutable.constructMinArgs = Math.min(...row.signatures.map((s) => s.minArgs));
			break;
		case 'operator':
			if (api.member === 'operator[]')
				mutable.index = (self, i, nc) => api.invokeDynamic({ ...nc, args: [i] }, selfOf(self));
			// `obj(i)` compiles against the row (compile/calls.ts).
			else table.apis.set(name, api);
			break;
		default:
			table.apis.set(name, api);
			(mutable.methods as Record<string, NativeMethod>)[api.member] = (self, nc) =>
				api.invokeDynamic(nc, selfOf(self));
	}
}

/** A struct out-parameter's new field values, by name (what a semantics writes for `T& tiling`). */
function isFieldRecord(v: unknown): v is Readonly<Record<string, number>> {
	return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** Writes `fields` by name into the struct a reference or pointer argument reaches. */
function writeFields(target: Value, fields: Readonly<Record<string, number>>): void {
	const inst = readOut(target);
	if (!(inst instanceof Instance)) return;
	for (const [name, v] of Object.entries(fields)) {
		const i = inst.cls.fieldIndex.get(name);
		if (i !== undefined) inst.fields[i] = convert(v, inst.cls.fields[i]!.type);
	}
}
