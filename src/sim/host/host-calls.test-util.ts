/**
 * AscendCL calls for simulator tests, through the catalog and the runtime's call protocol exactly
 * as the interpreter makes them: `api.aclrtMalloc(size, policy, site)` passes the inputs in
 * order (the site last) and returns the aclError, or `{ ret, <out-parameter>: value }` when the
 * API has out-parameters (`{ ret, devPtr }`).
 */
import { callHostApi, findApi } from '../../api/index.ts';
import type { CallSite } from '../trace.ts';
import type { AclRuntime } from './acl-runtime.ts';

/** A result with out-parameters by name. */
export type Outs = { ret: number } & Record<string, unknown>;

/**
 * Calls by API name; see the file comment. Typed loosely on purpose: the names are looked up in
 * the catalog when called, so tests read as the C calls do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HostCalls = any;

const DEFAULT_SITE: CallSite = { stack: [{ func: 'main', line: 1, file: 'main.cpp' }] };

/** The test view of `acl`'s API. */
export function hostCalls(acl: AclRuntime): HostCalls {
	return new Proxy(
		{},
		{
			get: (_, name: string) => {
				// The runtime's own methods (launchKernel, held, busyOn…) are not catalog APIs.
				const own = (acl as unknown as Record<string, unknown>)[name];
				if (typeof own === 'function') return (own as (...a: unknown[]) => unknown).bind(acl);
				return (...given: unknown[]) => call(acl, name, given);
			},
		},
	);
}

function call(acl: AclRuntime, name: string, given: unknown[]): unknown {
	const last = given[given.length - 1];
	const site =
		typeof last === 'object' && last !== null && 'stack' in last
			? (given.pop() as CallSite)
			: DEFAULT_SITE;
	const row = findApi(name);
	if (!row) throw new Error(`no API ${name}`);
	const sig =
		row.signatures.find((s) => s.params.length - s.outs.length === given.length) ??
		row.signatures[0]!;
	const args: unknown[] = [];
	let k = 0;
	for (const p of sig.params) args.push(p.direction === 'out' ? undefined : given[k++]);
	const { ret, outs } = callHostApi(acl, { name, args, site });
	if (sig.outs.length === 0) return ret;
	const result: Outs = { ret: ret as number };
	for (const i of sig.outs) result[sig.params[i]!.name] = outs[i];
	return result;
}
