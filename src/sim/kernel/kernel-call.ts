/**
 * The shape of one Ascend C call as the core's call protocol takes it (core-context.ts,
 * `CoreContext.protocol`), the kernel twin of host/acl-call.ts: what the API catalog says about
 * the API (its cost, how its arguments, template arguments and result read in the trace) and
 * the call itself (name as called, converted arguments, the object it is called on, site).
 *
 * The protocol records one step per call. A semantics that knows better words for its step
 * (`TQue<VECIN, 2> inQueueX → VECIN`, `DataCopy … → 256 B`) describes it with `core.record`;
 * otherwise the step is read from the call by {@link describeCall}, so a new row needs no
 * recording code at all.
 */
import type { ApiCall } from '../../api/api-row.ts';
import type { CoreContext } from './core-context.ts';

/**
 * One Ascend C call: arguments already converted to the parameter kinds of its form. It is the
 * part of the catalog's {@link ApiCall} a kernel row's protocol reads (name as called, form,
 * arguments, template arguments, receiver, declared name, site).
 */
export type KernelCall = Pick<
	ApiCall,
	'name' | 'form' | 'args' | 'targs' | 'self' | 'declName' | 'site'
>;

/** How one argument reads in the trace: a tensor or object by its name, a value as text, or left out. */
export type KernelArgFormat = 'value' | 'hidden';

/** How a template parameter reads in the call's name: as given, deduced from a tensor argument, or not shown. */
export type KernelTemplateFormat =
	| { readonly show: 'given' }
	/** `T` of `const LocalTensor<T>&` parameter `param` (or of the object when `param` is -1). */
	| { readonly show: 'deduced'; readonly param: number }
	| { readonly show: 'no' };

/** One signature of an API, as the protocol needs it. */
export interface KernelCallForm {
	readonly traceArgs: readonly KernelArgFormat[];
	readonly templates: readonly KernelTemplateFormat[];
	/** The return type's base name (`void`, `bool`, `LocalTensor`, `uint32_t`…). */
	readonly returns: string;
}

/**
 * What the protocol needs to know about an API:
 * - `costUs` and `per`: virtual time per call, or per recorded step (`per: 'step'`);
 * - `kind`, `owner`, `member`: how the call's name reads (`q.EnQue<half>`, `TPipe pipe`,
 *   `t[]`, `DataCopy<half>`);
 * - `run`: the semantics.
 */
export interface KernelCallSpec<C extends KernelCall = KernelCall> {
	readonly costUs: number;
	readonly per: 'call' | 'step';
	readonly kind: 'function' | 'method' | 'constructor' | 'operator' | 'macro';
	readonly owner: string | undefined;
	readonly member: string;
	readonly forms: readonly KernelCallForm[];
	readonly run: (core: CoreContext, call: C) => unknown;
}

/** A spec with its protocol compiled (CoreContext.protocol): `invoke` runs one call of this API. */
export interface KernelProtocol<C extends KernelCall = KernelCall> extends KernelCallSpec<C> {
	readonly invoke: (core: CoreContext, call: C) => unknown;
}

/** One step as a semantics describes it, or as the protocol reads it from the call. */
export interface StepText {
	readonly call: string;
	readonly args: readonly string[];
	readonly result: string;
}

interface Named {
	readonly name: string;
}
interface Described {
	describe(): string;
}
interface Typed {
	readonly dtype: { readonly name: string };
}

/** A kernel value as the trace shows it: a tensor or object by its name, a GM pointer as `buffer+offset`. */
export function describeKernelValue(v: unknown): string {
	if (v === undefined || v === null) return '';
	if (typeof v !== 'object') return String(v);
	if (typeof (v as Described).describe === 'function') return (v as Described).describe();
	const gm = v as { buffer?: Named; byteOffset?: number };
	if (gm.buffer && typeof gm.byteOffset === 'number') return `${gm.buffer.name}+${gm.byteOffset}`;
	if (typeof (v as Named).name === 'string') return (v as Named).name;
	return String(v);
}

function dtypeName(v: unknown): string | undefined {
	return typeof v === 'object' && v !== null && 'dtype' in v ? (v as Typed).dtype.name : undefined;
}

/**
 * The step a call reads as when its semantics describes none: the object's name and the member
 * (`que0.VacantInQue`), or the function with the template arguments it was given or that its
 * tensors imply (`Add<half>`), the shown arguments, and the result by the return type.
 */
export function describeCall(
	spec: KernelCallSpec<never>,
	form: KernelCallForm,
	call: KernelCall,
	result: unknown,
): StepText {
	const targs: string[] = [];
	form.templates.forEach((t, i) => {
		const given = call.targs[i];
		if (t.show === 'given' && given !== undefined) targs.push(String(given));
		else if (t.show === 'deduced') {
			const deduced = dtypeName(t.param < 0 ? call.self : call.args[t.param]);
			if (deduced !== undefined) targs.push(deduced);
		}
	});
	const tail = targs.length > 0 ? `<${targs.join(', ')}>` : '';
	const self = describeKernelValue(call.self);
	let name: string;
	switch (spec.kind) {
		case 'constructor':
			name = `${spec.owner}${tail}${call.declName ? ` ${call.declName}` : ''}`;
			break;
		case 'operator':
			name = `${self}${spec.member.slice('operator'.length)}`;
			break;
		case 'method':
			name = `${self || spec.owner}.${spec.member}${tail}`;
			break;
		default:
			name = `${spec.member}${tail}`;
	}
	const args: string[] = [];
	for (let i = 0; i < call.args.length && i < form.traceArgs.length; i++)
		if (form.traceArgs[i] === 'value') args.push(describeKernelValue(call.args[i]));
	let label: string;
	if (form.returns === 'void' || form.returns === '') label = 'void';
	else if (form.returns === 'LocalTensor' && dtypeName(result) !== undefined)
		label = `LocalTensor<${dtypeName(result)}> ${describeKernelValue(result)}`;
	else label = describeKernelValue(result) || 'nullptr';
	return { call: name, args, result: label };
}
