/**
 * What the Ascend C rows share: reading the object a member function is called on, and the
 * element type a call names. A missing object (a tensor that was declared but never allocated,
 * a queue that is not one) stops the run with the interpreter's null-dereference diagnostic,
 * as the real kernel would crash on it.
 */
import { GlobalTensor } from '../../sim/kernel/global-tensor.ts';
import { LocalTensor } from '../../sim/kernel/local-tensor.ts';
import { TBuf } from '../../sim/kernel/tbuf.ts';
import { TPipe } from '../../sim/kernel/tpipe.ts';
import { HARD_EVENT_VALUES } from '../../sim/kernel/tposition.ts';
import { TQueBind } from '../../sim/kernel/tque-bind.ts';
import type { ApiCall } from '../api-row.ts';

/** The element type a call's first template argument names (`half` when it names none). */
export function dtypeArg(call: ApiCall, index = 0): string {
	const t = call.targs[index];
	return typeof t === 'string' ? t : 'half';
}

/** The TPipe a member function is called on. */
export function pipeOf(call: ApiCall): TPipe {
	return call.self instanceof TPipe ? call.self : call.stop('null-dereference', { name: 'TPipe' });
}

/** The TQue / TQueBind a member function is called on. */
export function queueOf(call: ApiCall): TQueBind {
	return call.self instanceof TQueBind
		? call.self
		: call.stop('null-dereference', { name: 'queue' });
}

/** The TBuf a member function is called on. */
export function tbufOf(call: ApiCall): TBuf {
	return call.self instanceof TBuf ? call.self : call.stop('null-dereference', { name: 'TBuf' });
}

/** The LocalTensor a member function is called on. */
export function localOf(call: ApiCall): LocalTensor {
	return call.self instanceof LocalTensor
		? call.self
		: call.stop('null-dereference', { name: 'LocalTensor (never allocated)' });
}

/** The GlobalTensor a member function is called on. */
export function globalOf(call: ApiCall): GlobalTensor {
	return call.self instanceof GlobalTensor
		? call.self
		: call.stop('null-dereference', { name: 'GlobalTensor' });
}

const EVENT_NAMES = new Map<number, string>(
	Object.entries(HARD_EVENT_VALUES).map(([name, value]) => [value, name]),
);

/** A HardEvent passed as a function argument (its enum value) by name. */
export function hardEventName(value: unknown): string {
	return typeof value === 'number' ? (EVENT_NAMES.get(value) ?? String(value)) : String(value);
}
