/**
 * Calling catalog rows without the interpreter: the kernel script runner, tests and benchmarks
 * pass values already in the semantics' terms (simulator objects, numbers, names) and get the
 * semantics' result back. Forms are picked by argument count and tensor kinds, as the binder
 * picks them at run time; the call is counted under its name.
 */
import type { DiagnosticParams } from '../diagnostics/index.ts';
import { GlobalTensor } from '../sim/kernel/global-tensor.ts';
import { LocalTensor } from '../sim/kernel/local-tensor.ts';
import { TBuf } from '../sim/kernel/tbuf.ts';
import { TPipe } from '../sim/kernel/tpipe.ts';
import { TQueBind } from '../sim/kernel/tque-bind.ts';
import type { AclRuntime } from '../sim/host/acl-runtime.ts';
import type { CoreContext } from '../sim/kernel/core-context.ts';
import type { Recorder } from '../sim/recorder.ts';
import type { CallSite } from '../sim/trace.ts';
import type { ApiCall, ApiRow } from './api-row.ts';
import { findApi } from './catalog.ts';
import { paramKind } from './param-kind.ts';
import { STRUCT_TYPE_NAMES } from './api-types.ts';
import type { ApiSignature } from './signature.ts';

/** A call in the semantics' own terms. */
export interface DirectCall {
	/** The API name (`DataCopy`, `TQue::AllocTensor`), or for a member the member name alone. */
	name: string;
	args: readonly unknown[];
	targs?: readonly (string | number | undefined)[];
	self?: unknown;
	declName?: string;
	site: CallSite;
}

/** The class name a simulator object has in the catalog (`TQue`, `TPipe`, `LocalTensor`…). */
export function simClassName(obj: unknown): string | undefined {
	if (obj instanceof TQueBind) return obj.kind;
	if (obj instanceof TPipe) return 'TPipe';
	if (obj instanceof TBuf) return 'TBuf';
	if (obj instanceof LocalTensor) return 'LocalTensor';
	if (obj instanceof GlobalTensor) return 'GlobalTensor';
	return undefined;
}

/** The row a direct call names; throws a plain Error when there is none (a bug in the caller). */
export function directRow(call: DirectCall): { row: ApiRow; name: string } {
	const owner = call.self === undefined ? undefined : simClassName(call.self);
	const name = owner && !call.name.includes('::') ? `${owner}::${call.name}` : call.name;
	const row = findApi(name);
	if (!row) throw new Error(`no API ${name} in the catalog`);
	return { row, name };
}

/** The form of `row` that `args` fit: by count, then by tensor kinds. */
export function directForm(row: ApiRow, args: readonly unknown[]): number {
	let first = -1;
	for (let i = 0; i < row.signatures.length; i++) {
		const sig = row.signatures[i]!;
		if (args.length < sig.minArgs || args.length > sig.maxArgs) continue;
		if (first < 0) first = i;
		if (tensorsFit(sig, args)) return i;
	}
	if (first < 0) throw new Error(`${row.name} takes no form with ${args.length} argument(s)`);
	return first;
}

function tensorsFit(sig: ApiSignature, args: readonly unknown[]): boolean {
	return sig.params.every((p, i) => {
		const kind = paramKind(p, sig, STRUCT_TYPE_NAMES);
		if (kind === 'local-tensor') return args[i] instanceof LocalTensor;
		if (kind === 'global-tensor') return args[i] instanceof GlobalTensor;
		return true;
	});
}

/**
 * The template parameters a call writes out: those no parameter type mentions (a deduced one,
 * like `T` of `DataCopy(const LocalTensor<T>&…)`, is never written).
 */
export function explicitTemplateParams(sig: ApiSignature): ApiSignature['templateParams'] {
	return sig.templateParams.filter(
		(t) => !sig.params.some((p) => p.base === t.name || p.typeArgs.includes(t.name)),
	);
}

/** An ApiCall over plain values; out-parameters land in `outs`. */
class DirectApiCall implements ApiCall {
	readonly name: string;
	readonly form: number;
	readonly args: readonly unknown[];
	readonly targs: readonly (string | number | undefined)[];
	readonly self: unknown;
	readonly declName: string | undefined;
	readonly outs: unknown[] = [];
	readonly #site: CallSite;
	readonly #recorder: Recorder;

	constructor(name: string, form: number, call: DirectCall, recorder: Recorder) {
		this.name = name;
		this.form = form;
		this.args = call.args;
		this.targs = call.targs ?? [];
		this.self = call.self;
		this.declName = call.declName;
		this.#site = call.site;
		this.#recorder = recorder;
	}

	site(): CallSite {
		return this.#site;
	}

	argText(): undefined {
		return undefined;
	}

	out(index: number, value: unknown): void {
		this.outs[index] = value;
	}

	/** An in-out argument's value: what an earlier out wrote, else what was passed. */
	peek(index: number): unknown {
		return index in this.outs ? this.outs[index] : this.args[index];
	}

	print(text: string): void {
		this.#recorder.log({ text: text.replace(/\n$/, ''), channel: 'stdout' });
	}

	flush(): void {}

	callback(name: string): void {
		throw new Error(`a direct call cannot run the program function ${name}`);
	}

	stop(code: string, values: DiagnosticParams): never {
		throw new Error(`${this.name}: ${code} ${JSON.stringify(values)}`);
	}
}

/**
 * Runs an AscendCL row on `acl` through the runtime's call protocol; returns the C result and
 * the out-parameters, by index.
 */
export function callHostApi(
	acl: AclRuntime,
	call: DirectCall,
): { ret: unknown; outs: readonly unknown[] } {
	const { row, name } = directRow(call);
	if (row.side !== 'host') throw new Error(`${name} is not an AscendCL API`);
	const c = new DirectApiCall(name, directForm(row, call.args), call, acl.recorder);
	acl.recorder.callCounter(name).n++;
	const ret = row.protocol.invoke(acl, c);
	return { ret, outs: c.outs };
}

/**
 * One AscendCL call prepared for a hot loop (benchmarks): the row is found and the call object
 * made once; each `invoke()` runs the current `args` through the call protocol, and the
 * out-parameters land in `outs`.
 */
export function preparedHostCall(
	acl: AclRuntime,
	name: string,
	args: unknown[],
	site: CallSite,
): { readonly args: unknown[]; readonly outs: unknown[]; invoke(): unknown } {
	const { row } = directRow({ name, args, site });
	if (row.side !== 'host') throw new Error(`${name} is not an AscendCL API`);
	const c = new DirectApiCall(name, directForm(row, args), { name, args, site }, acl.recorder);
	const counter = acl.recorder.callCounter(name);
	const invoke = row.protocol.invoke;
	return {
		args,
		outs: c.outs,
		invoke() {
			counter.n++;
			return invoke(acl, c);
		},
	};
}

/** Runs a kernel row on `core` and returns its result (an out-parameter's value for in-place forms). */
export function callKernelApi(core: CoreContext, call: DirectCall): unknown {
	const { row, name } = directRow(call);
	if (row.side !== 'kernel') throw new Error(`${name} is not an Ascend C API`);
	const form = directForm(row, call.args);
	const c = new DirectApiCall(name, form, call, core.recorder);
	core.recorder.callCounter(name).n++;
	const r = row.protocol.invoke(core, c);
	return r === undefined && c.outs.length > 0 ? c.outs.find((o) => o !== undefined) : r;
}
