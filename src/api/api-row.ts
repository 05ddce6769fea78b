/**
 * The shape of one catalog row: an API as the official reference describes it (signature, group,
 * doc text, source) plus what the simulator needs to run it (preconditions, cost, the error codes
 * and diagnostics it can produce, and its semantics as one function into the simulator).
 *
 * Rows are written with the constructors below ({@link hostApi}, {@link kernelApi},
 * {@link processApi}, {@link cpuDebugApi}), which read the signature text once and fill in what
 * follows from it. Invariant: every name and alias of a row is unique across the catalog
 * (checked when the catalog is built).
 */
import type { DiagnosticCode, DiagnosticParams } from '../diagnostics/index.ts';
import type { AclErrorName } from '../sim/host/acl-error.ts';
import type { HcclResultName } from '../sim/hccl/hccl-types.ts';
import type { HostCallSpec, HostProtocol, TraceArgFormat } from '../sim/host/acl-call.ts';
import { AclRuntime } from '../sim/host/acl-runtime.ts';
import type { HostProcess } from '../sim/host/host-process.ts';
import type { HostProfile } from '../sim/host/host-profile.ts';
import type { Machine } from '../sim/host/machine.ts';
import { CoreContext } from '../sim/kernel/core-context.ts';
import type { KernelCallForm, KernelProtocol } from '../sim/kernel/kernel-call.ts';
import type { KernelProfile } from '../sim/kernel/kernel-profile.ts';
import type { VirtualClock } from '../sim/clock.ts';
import type { CallSite } from '../sim/trace.ts';
import { PRODUCT_BASES } from '../sim/product.ts';
import type { ProductId } from '../sim/product-id.ts';
import type { Localized } from '../triage/localized.ts';
import type { ApiGroupId } from './groups.ts';
import { HANDLE_TYPE_NAMES } from './api-types.ts';
import { parseSignature, type ApiSignature } from './signature.ts';

export type { Localized };

/** A diagnostic code of the catalog (src/diagnostics: language, kernel or host). */
export type ApiDiagnosticCode = DiagnosticCode;

/** Which part of the simulator runs a row, and so what its semantics receives. */
export type ApiSide = 'host' | 'kernel' | 'process' | 'cpu-debug';

/** What a row is in C++. */
export type ApiKind = 'function' | 'method' | 'constructor' | 'operator' | 'macro';

/**
 * A condition the call needs, checked before the semantics runs:
 * - `in-process`: called from the host program (`main` and what it calls), not a kernel;
 * - `in-kernel`: called while a kernel body runs on a core;
 * - `acl-init`: after aclInit (otherwise ACL_ERROR_UNINITIALIZE);
 * - `current-context`: with a current context (otherwise ACL_ERROR_UNINITIALIZE or
 *   ACL_ERROR_RT_CONTEXT_NULL).
 */
export type ApiPrecondition = 'in-process' | 'in-kernel' | 'acl-init' | 'current-context';

/** Virtual time a call takes. A cost without `source` is illustrative (and shown as such). */
export interface ApiCost {
	/** Microseconds per call (`per: 'call'`) or per recorded kernel step (`per: 'step'`). */
	readonly us: number;
	readonly per: 'call' | 'step';
	/** A parameter whose byte count adds time at the copy bandwidth (e.g. `count` of aclrtMemcpy). */
	readonly bytesParam?: string;
	/** Where the number comes from; absent: illustrative. */
	readonly source?: string;
}

/** A per-product limit that applies to a call: a field of the product's host or kernel profile. */
export type ApiLimit =
	| { readonly profile: 'host'; readonly key: keyof HostProfile }
	| { readonly profile: 'kernel'; readonly key: keyof KernelProfile };

/**
 * One call as the semantics sees it. The binder builds it from interpreted C++, the kernel script
 * runner from its words; either way the arguments are already converted to the parameter kinds
 * of the matched signature (see param-kind.ts).
 */
export interface ApiCall {
	/** The name the program used: the row's name or one of its aliases (traced as written). */
	readonly name: string;
	/** Which of the row's signatures the call matched. */
	readonly form: number;
	/** The converted arguments; out-parameters stay as the program passed them. */
	readonly args: readonly unknown[];
	/**
	 * Template arguments: element types, positions, events and pipes by name; integers as numbers;
	 * a struct constant (`const LayerNormConfig& config`) as the record of its fields.
	 */
	readonly targs: readonly ApiTemplateValue[];
	/** The simulator object a member function is called on. */
	readonly self: unknown;
	/** For a constructor: the name of the variable or field being declared. */
	readonly declName: string | undefined;
	/** The user's call site, innermost frame last. */
	site(): CallSite;
	/** The source text of argument `index` (`assert` prints its expression), when known. */
	argText(index: number): string | undefined;
	/** Writes out-parameter `index` (through the pointer, or into the reference). */
	out(index: number, value: unknown): void;
	/** Reads what in-out parameter `index` points to. */
	peek?(index: number): unknown;
	/** Writes program output (the console of the process or kernel), as printf would. */
	print(text: string): void;
	/** Writes out any unfinished output line, as stdio does at exit. */
	flush(): void;
	/** Calls the program function a {@link ApiCallback} names (a signal handler, say). */
	callback(name: string, args: readonly number[]): void;
	/** Stops the run at an interpreter diagnostic (a bad object the API cannot use). */
	stop(
		code: 'null-dereference' | 'construct-unsupported' | 'api-not-on-product',
		values: DiagnosticParams,
	): never;
}

/** One template argument as a semantics reads it (see {@link ApiCall.targs}). */
export type ApiTemplateValue = string | number | Readonly<Record<string, unknown>> | undefined;

/**
 * A function of the program handed to the simulator (a `sighandler_t` argument), by name. The
 * semantics keeps it, or returns it where the C function returns a handler.
 */
export interface ApiCallback {
	readonly callback: string;
}

/** Whether `v` is an {@link ApiCallback}. */
export function isApiCallback(v: unknown): v is ApiCallback {
	return typeof v === 'object' && v !== null && typeof (v as ApiCallback).callback === 'string';
}

/**
 * What a C library row acts on: the current host process (if any), the virtual clock, and the
 * process's threads (a sleeping thread lets the threads waiting to start run).
 */
export interface ProcessTarget {
	readonly proc: HostProcess | undefined;
	readonly clock: VirtualClock;
	/** Lets other host threads run (a sleep is a switch point). */
	readonly yieldThread: () => void;
}

/** What every row has, whatever runs it. */
export interface ApiRowBase {
	/** Canonical name: `aclrtMalloc`, `TQue::AllocTensor`, `TPipe::TPipe`, `LocalTensor::operator[]`. */
	readonly name: string;
	readonly group: ApiGroupId;
	readonly kind: ApiKind;
	/** The class of a member function, constructor or operator. */
	readonly owner: string | undefined;
	/** The C++ name a program writes (`AllocTensor`, `operator[]`, `aclrtMalloc`). */
	readonly member: string;
	/** The forms, as the reference quotes them; a call must match one. */
	readonly signatures: readonly ApiSignature[];
	/** Other names of the same API; each is traced and counted under its own name. */
	readonly aliases: readonly string[];
	readonly requires: readonly ApiPrecondition[];
	readonly cost: ApiCost;
	/** The aclError (or, for HCCL rows, HcclResult) codes the simulated call can return. */
	readonly errors: readonly (AclErrorName | HcclResultName)[];
	/** Diagnostics the simulated call can report. */
	readonly diagnostics: readonly ApiDiagnosticCode[];
	/** Per-product limits that apply. */
	readonly limits: readonly ApiLimit[];
	/** What the API does, in our own words. */
	readonly doc: Localized;
	/** The reference page the row follows. */
	readonly source: string;
	/**
	 * The products the reference page's 产品支持情况 table marks 支持 (undefined: every product).
	 * A kernel calling the API on another product stops at `api-not-on-product`, as its build
	 * for that product would fail.
	 */
	readonly products: readonly ProductId[] | undefined;
	/**
	 * Trace formatting of a host call's arguments beyond what the types say: parameters shown in
	 * hex, parameters left out, and values shown first that the call implies without passing.
	 */
	readonly trace: {
		readonly hex: readonly string[];
		readonly hide: readonly string[];
		readonly fixed: readonly string[];
	};
	/**
	 * `status`: the C function returns an aclError (or an HcclResult) saying how the call went (a
	 * non-zero one is a failure the program saw; an aclError becomes the last error); `value`: it
	 * returns data (a handle,
	 * a message, or an error code it was asked for, as aclrtGetLastError does).
	 */
	readonly result: 'status' | 'value';
}

/** An AscendCL runtime call of the current process. */
export interface HostApiRow extends ApiRowBase {
	readonly side: 'host';
	/** The semantics: returns the aclError, or the value the C function returns. */
	readonly run: (rt: AclRuntime, call: ApiCall) => unknown;
	/** The runtime's call protocol for this row, compiled once from the row (AclRuntime.protocol). */
	readonly protocol: HostProtocol<ApiCall>;
}

/** An Ascend C call on the core running the kernel. */
export interface KernelApiRow extends ApiRowBase {
	readonly side: 'kernel';
	readonly run: (core: CoreContext, call: ApiCall) => unknown;
	/** The core's call protocol for this row, compiled once from the row (CoreContext.protocol). */
	readonly protocol: KernelProtocol<ApiCall>;
}

/** A C library call that acts on the simulated host process (signals, exit, sleep). */
export interface ProcessApiRow extends ApiRowBase {
	readonly side: 'process';
	readonly run: (target: ProcessTarget, call: ApiCall) => unknown;
}

/** A host-side helper of the CPU-debug build (GmAlloc, SetKernelMode), on the machine. */
export interface CpuDebugApiRow extends ApiRowBase {
	readonly side: 'cpu-debug';
	readonly run: (machine: Machine, call: ApiCall) => unknown;
}

/** Any catalog row. */
export type ApiRow = HostApiRow | KernelApiRow | ProcessApiRow | CpuDebugApiRow;

/** What a table writes for one row; the constructors fill in the rest. */
export interface ApiRowInput<Target> {
	name: string;
	group: ApiGroupId;
	/** The signature(s) exactly as the reference prints them. */
	signature: string | readonly string[];
	/** Parameters the API writes (the reference's 输出 / Output column). */
	out?: readonly string[];
	/**
	 * Parameters it reads and writes (输入&输出): passed unconverted like `out`, read with
	 * `call.peek(i)`, and not cleared before the call.
	 */
	inout?: readonly string[];
	aliases?: readonly string[];
	requires?: readonly ApiPrecondition[];
	cost: ApiCost;
	errors?: readonly (AclErrorName | HcclResultName)[];
	diagnostics?: readonly ApiDiagnosticCode[];
	limits?: readonly ApiLimit[];
	doc: Localized;
	source: string;
	/** The products the reference marks 支持, when not all of them. */
	products?: readonly ProductId[];
	trace?: { hex?: readonly string[]; hide?: readonly string[]; fixed?: readonly string[] };
	/** Default: `status` when the signature returns aclError, else `value`. */
	result?: 'status' | 'value';
	run: (target: Target, call: ApiCall) => unknown;
}

/** Kernel API time per recorded step (see core-trace.ts); illustrative. */
export const PER_STEP_COST: ApiCost = { us: 1, per: 'step' };

/** A call that takes no virtual time (bookkeeping the simulator does not time). */
export const NO_COST: ApiCost = { us: 0, per: 'call' };

/** An AscendCL row. */
export function hostApi(input: ApiRowInput<AclRuntime>): HostApiRow {
	const base = common(input, ['in-process']);
	return {
		...base,
		side: 'host',
		run: input.run,
		protocol: hostProtocol(base, input.run, input.inout ?? []),
	};
}

/** The call protocol's view of a host row: cost, precondition, and how the trace shows the call. */
function hostProtocol(
	row: ApiRowBase,
	run: HostCallSpec<ApiCall>['run'],
	inout: readonly string[],
): HostProtocol<ApiCall> {
	const requires = row.requires.includes('current-context')
		? 'current-context'
		: row.requires.includes('acl-init')
			? 'acl-init'
			: 'none';
	const first = row.signatures[0]!;
	const resultFormat =
		first.returnBase === 'HcclResult'
			? 'hccl'
			: first.returnBase === 'aclError'
				? 'error'
				: first.returnBase === 'char' && first.returnPointers === 1
					? 'message'
					: 'handle';
	const format = (p: ApiSignature['params'][number]): TraceArgFormat => {
		if (p.direction === 'out' || row.trace.hide.includes(p.name)) return 'hidden';
		if (row.trace.hex.includes(p.name)) return 'hex';
		if (p.base === 'char' && p.pointers === 1) return 'string';
		if (p.pointers > 0 || HANDLE_TYPE_NAMES.has(p.base)) return 'hex';
		return 'number';
	};
	return AclRuntime.protocol({
		costUs: row.cost.us,
		requires,
		result: row.result,
		resultFormat,
		forms: row.signatures.map((sig) => ({
			fixedArgs: row.trace.fixed,
			traceArgs: sig.params.map(format),
			outs: sig.outs.filter((i) => !inout.includes(sig.params[i]!.name)),
			bytesArg: row.cost.bytesParam
				? sig.params.findIndex((p) => p.name === row.cost.bytesParam)
				: -1,
			streamArgs: sig.params.flatMap((p, i) =>
				p.base === 'aclrtStream' && p.direction === 'in' && p.pointers === 0 ? [i] : [],
			),
		})),
		run,
	});
}

/** An Ascend C row. */
export function kernelApi(input: ApiRowInput<CoreContext>): KernelApiRow {
	const base = common(input, ['in-kernel']);
	const run = onProducts(base, input.run);
	return { ...base, side: 'kernel', run, protocol: kernelProtocol(base, run) };
}

/**
 * `run`, refused on a product the row's reference does not list: the call stops at
 * `api-not-on-product`, naming the product and the ones that have the API.
 */
function onProducts(
	row: ApiRowBase,
	run: (core: CoreContext, call: ApiCall) => unknown,
): (core: CoreContext, call: ApiCall) => unknown {
	const products = row.products;
	if (!products) return run;
	const names = (lang: 'zh' | 'en') =>
		products.map((id) => PRODUCT_BASES[id].name[lang]).join(lang === 'zh' ? '、' : ', ');
	const name = row.kind === 'constructor' ? row.owner! : row.name;
	return (core, call) => {
		if (!products.includes(core.product)) {
			call.stop('api-not-on-product', {
				name,
				product: core.productName,
				products: { zh: names('zh'), en: names('en') },
			});
		}
		return run(core, call);
	};
}

const TENSOR_TYPES: ReadonlySet<string> = new Set(['LocalTensor', 'GlobalTensor']);

/**
 * The core's protocol view of a kernel row: its cost, and how a step reads when the semantics
 * describes none (out-parameters left out; an element type shown when given or implied by a
 * tensor argument; other template arguments shown when given).
 */
function kernelProtocol(
	row: ApiRowBase,
	run: (core: CoreContext, call: ApiCall) => unknown,
): KernelProtocol<ApiCall> {
	const form = (sig: ApiSignature): KernelCallForm => ({
		traceArgs: sig.params.map((p) => (p.direction === 'out' ? 'hidden' : 'value')),
		templates: sig.templateParams.map((t) => {
			const tensor = sig.params.findIndex(
				(p) => TENSOR_TYPES.has(p.base) && p.typeArgs.includes(t.name),
			);
			if (tensor >= 0) return { show: 'deduced', param: tensor };
			const typed = sig.params.some((p) => p.base === t.name || p.typeArgs.includes(t.name));
			return typed ? { show: 'no' } : { show: 'given' };
		}),
		returns: sig.returnBase,
	});
	return CoreContext.protocol({
		costUs: row.cost.us,
		per: row.cost.per,
		kind: row.kind,
		owner: row.owner,
		member: row.member,
		forms: row.signatures.map(form),
		run,
	});
}

/** A C library row acting on the process. */
export function processApi(input: ApiRowInput<ProcessTarget>): ProcessApiRow {
	return { ...common(input, []), side: 'process', run: input.run };
}

/** A CPU-debug host helper row. */
export function cpuDebugApi(input: ApiRowInput<Machine>): CpuDebugApiRow {
	return { ...common(input, ['in-process']), side: 'cpu-debug', run: input.run };
}

function common<T>(input: ApiRowInput<T>, implied: ApiPrecondition[]): ApiRowBase {
	const texts = typeof input.signature === 'string' ? [input.signature] : input.signature;
	const signatures = texts.map((text) => {
		const sig = parseSignature(text, { out: [] });
		const outs = [...(input.out ?? []), ...(input.inout ?? [])].filter((n) =>
			sig.params.some((p) => p.name === n),
		);
		return outs.length > 0 ? parseSignature(text, { out: outs }) : sig;
	});
	const first = signatures[0]!;
	const sep = input.name.lastIndexOf('::');
	const owner = sep > 0 ? input.name.slice(0, sep) : undefined;
	const member = sep > 0 ? input.name.slice(sep + 2) : input.name;
	const kind: ApiKind = first.macro
		? 'macro'
		: owner === undefined
			? 'function'
			: member === owner.slice(owner.lastIndexOf(':') + 1)
				? 'constructor'
				: member.startsWith('operator')
					? 'operator'
					: 'method';
	for (const sig of signatures) {
		if (sig.name !== member)
			throw new Error(`row ${input.name}: signature names ${sig.name} (${sig.text})`);
	}
	return {
		name: input.name,
		group: input.group,
		kind,
		owner,
		member,
		signatures,
		aliases: input.aliases ?? [],
		requires: [...implied, ...(input.requires ?? [])],
		cost: input.cost,
		errors: input.errors ?? [],
		diagnostics: input.diagnostics ?? [],
		limits: input.limits ?? [],
		doc: input.doc,
		source: input.source,
		products: input.products,
		trace: {
			hex: input.trace?.hex ?? [],
			hide: input.trace?.hide ?? [],
			fixed: input.trace?.fixed ?? [],
		},
		result:
			input.result ??
			(first.returnBase === 'aclError' || first.returnBase === 'HcclResult' ? 'status' : 'value'),
	};
}
