/**
 * AscendCL names bound to the host side of the simulator (`src/sim/host`): the runtime calls of
 * the current process, their handle types (`aclrtStream`, `aclrtEvent`…) and constants
 * (`ACL_SUCCESS`, `ACL_MEM_MALLOC_HUGE_FIRST`, `ACL_MEMCPY_HOST_TO_DEVICE`…). Out-parameters are
 * written through the pointer the program passed; a non-zero return marks the run as having
 * seen an error code.
 */
import { constructParams } from '../../diagnostics/index.ts';
import {
	ACL_ERROR,
	ACL_EVENT_FLAGS,
	ACL_EVENT_RECORDED_STATUS,
	ACL_EVENT_STATUS,
	ACL_MEMCPY_KIND,
	ACL_MEM_ATTR,
	ACL_MEM_MALLOC_POLICY,
	ACL_STREAM_FAILURE_MODE,
	type AclRuntime,
} from '../../sim/host/index.ts';
import { T, type CType } from '../types.ts';
import type { Value } from '../values.ts';
import { num, str, writeOut } from './args.ts';
import type { BindingTable, NativeCall } from './binding.ts';
import type { SimEnv } from './sim-env.ts';

/** Handle types: opaque pointers in C, plain numbers in the simulator. */
const HANDLE_TYPES = [
	'aclrtStream',
	'aclrtEvent',
	'aclrtContext',
	'aclrtNotify',
	'aclmdlDesc',
	'aclmdlDataset',
	'aclDataBuffer',
	'aclTensorDesc',
	'aclopAttr',
];

/** Enum types whose values are plain integers. */
const ENUM_TYPES = [
	'aclrtMemMallocPolicy',
	'aclrtMemcpyKind',
	'aclrtRunMode',
	'aclrtEventStatus',
	'aclrtEventRecordedStatus',
	'aclrtMemAttr',
	'aclDataType',
	'aclFormat',
];

/** Adds the host-side names to `table`. */
export function addHostBindings(table: BindingTable, env: SimEnv): void {
	const acl = (call: NativeCall): AclRuntime => {
		if (env.proc) return env.proc.acl;
		return call.rt.stop(
			'construct-unsupported',
			call.span,
			constructParams('host-api-in-kernel', { name: call.name }),
		);
	};
	const seen = (ret: number): number => {
		if (ret !== 0) env.sawError = true;
		return ret;
	};
	const fns = table.functions;
	const def = (name: string, fn: (a: AclRuntime, call: NativeCall, args: Value[]) => number) => {
		fns.set(name, (call) => seen(fn(acl(call), call, call.args)));
	};
	const site = (call: NativeCall) => call.site();

	def('aclInit', (a, c, x) => a.aclInit(str(x[0]), site(c)));
	def('aclFinalize', (a, c) => a.aclFinalize(site(c)));
	def('aclFinalizeReference', (a, c) => a.aclFinalize(site(c)));
	def('aclrtSetDevice', (a, c, x) => a.aclrtSetDevice(num(x[0]), site(c)));
	def('aclrtResetDevice', (a, c, x) => a.aclrtResetDevice(num(x[0]), site(c)));
	def('aclrtResetDeviceForce', (a, c, x) => a.aclrtResetDevice(num(x[0]), site(c)));
	def('aclrtGetDevice', (a, c, x) => out(a.aclrtGetDevice(site(c)), 'value', x[0]));
	def('aclrtGetDeviceCount', (a, c, x) => out(a.aclrtGetDeviceCount(site(c)), 'value', x[0]));
	def('aclrtCreateContext', (a, c, x) =>
		out(a.aclrtCreateContext(num(x[1]), site(c)), 'context', x[0]),
	);
	def('aclrtDestroyContext', (a, c, x) => a.aclrtDestroyContext(num(x[0]), site(c)));
	def('aclrtSetCurrentContext', (a, c, x) => a.aclrtSetCurrentContext(num(x[0]), site(c)));
	def('aclrtGetCurrentContext', (a, c, x) =>
		out(a.aclrtGetCurrentContext(site(c)), 'context', x[0]),
	);
	def('aclrtCreateStream', (a, c, x) => out(a.aclrtCreateStream(site(c)), 'stream', x[0]));
	def('aclrtCreateStreamWithConfig', (a, c, x) =>
		out(a.aclrtCreateStream(site(c)), 'stream', x[0]),
	);
	def('aclrtDestroyStream', (a, c, x) => a.aclrtDestroyStream(num(x[0]), site(c)));
	def('aclrtDestroyStreamForce', (a, c, x) => a.aclrtDestroyStream(num(x[0]), site(c)));
	def('aclrtSetStreamFailureMode', (a, c, x) =>
		a.aclrtSetStreamFailureMode(num(x[0]), num(x[1]), site(c)),
	);
	def('aclrtSynchronizeStream', (a, c, x) => a.aclrtSynchronizeStream(num(x[0]), site(c)));
	def('aclrtSynchronizeStreamWithTimeout', (a, c, x) =>
		a.aclrtSynchronizeStreamWithTimeout(num(x[0]), num(x[1]), site(c)),
	);
	def('aclrtSynchronizeDevice', (a, c) => a.aclrtSynchronizeDevice(site(c)));
	def('aclrtCreateEvent', (a, c, x) => out(a.aclrtCreateEvent(site(c)), 'event', x[0]));
	def('aclrtCreateEventWithFlag', (a, c, x) =>
		out(a.aclrtCreateEventWithFlag(num(x[1]), site(c)), 'event', x[0]),
	);
	def('aclrtCreateEventExWithFlag', (a, c, x) =>
		out(a.aclrtCreateEventWithFlag(num(x[1]), site(c)), 'event', x[0]),
	);
	def('aclrtRecordEvent', (a, c, x) => a.aclrtRecordEvent(num(x[0]), num(x[1]), site(c)));
	def('aclrtStreamWaitEvent', (a, c, x) => a.aclrtStreamWaitEvent(num(x[0]), num(x[1]), site(c)));
	def('aclrtResetEvent', (a, c, x) => a.aclrtResetEvent(num(x[0]), num(x[1]), site(c)));
	def('aclrtDestroyEvent', (a, c, x) => a.aclrtDestroyEvent(num(x[0]), site(c)));
	def('aclrtQueryEvent', (a, c, x) => out(a.aclrtQueryEvent(num(x[0]), site(c)), 'status', x[1]));
	def('aclrtQueryEventStatus', (a, c, x) =>
		out(a.aclrtQueryEventStatus(num(x[0]), site(c)), 'status', x[1]),
	);
	def('aclrtSynchronizeEvent', (a, c, x) => a.aclrtSynchronizeEvent(num(x[0]), site(c)));
	def('aclrtSynchronizeEventWithTimeout', (a, c, x) =>
		a.aclrtSynchronizeEventWithTimeout(num(x[0]), num(x[1]), site(c)),
	);
	def('aclrtGetEventAvailNum', (a, c, x) => out(a.aclrtGetEventAvailNum(site(c)), 'value', x[0]));
	def('aclrtMalloc', (a, c, x) => out(a.aclrtMalloc(num(x[1]), num(x[2]), site(c)), 'ptr', x[0]));
	def('aclrtMallocCached', (a, c, x) =>
		out(a.aclrtMalloc(num(x[1]), num(x[2]), site(c)), 'ptr', x[0]),
	);
	def('aclrtFree', (a, c, x) => a.aclrtFree(num(x[0]), site(c)));
	def('aclrtMallocHost', (a, c, x) => out(a.aclrtMallocHost(num(x[1]), site(c)), 'ptr', x[0]));
	def('aclrtFreeHost', (a, c, x) => a.aclrtFreeHost(num(x[0]), site(c)));
	def('aclrtMemcpy', (a, c, x) =>
		a.aclrtMemcpy(num(x[0]), num(x[1]), num(x[2]), num(x[3]), num(x[4]), site(c)),
	);
	def('aclrtMemcpyAsync', (a, c, x) =>
		a.aclrtMemcpyAsync(num(x[0]), num(x[1]), num(x[2]), num(x[3]), num(x[4]), num(x[5]), site(c)),
	);
	def('aclrtMemset', (a, c, x) =>
		a.aclrtMemset(num(x[0]), num(x[1]), num(x[2]), num(x[3]), site(c)),
	);
	def('aclrtGetMemInfo', (a, c, x) => {
		const r = a.aclrtGetMemInfo(num(x[0]), site(c));
		writeOut(x[1], r.free);
		writeOut(x[2], r.total);
		return r.ret;
	});
	def('aclmdlLoadFromFile', (a, c, x) =>
		out(a.aclmdlLoadFromFile(str(x[0]) ?? '', site(c)), 'modelId', x[1]),
	);
	// The datasets are descriptors only; the simulator models the model's stream, not its data.
	def('aclmdlExecute', (a, c, x) => a.aclmdlExecute(num(x[0]), site(c)));
	def('aclmdlExecuteAsync', (a, c, x) => a.aclmdlExecuteAsync(num(x[0]), num(x[3]), site(c)));
	def('aclmdlUnload', (a, c, x) => a.aclmdlUnload(num(x[0]), site(c)));
	def('aclDestroyDataBuffer', (a, c, x) => a.aclDestroyDataBuffer(num(x[0]), site(c)));
	def('aclmdlAddDatasetBuffer', (a, c, x) =>
		a.aclmdlAddDatasetBuffer(num(x[0]), num(x[1]), site(c)),
	);
	def('aclmdlDestroyDataset', (a, c, x) => a.aclmdlDestroyDataset(num(x[0]), site(c)));
	// These return handles, not error codes.
	fns.set('aclCreateDataBuffer', (call) =>
		acl(call).aclCreateDataBuffer(num(call.args[0]), num(call.args[1]), call.site()),
	);
	fns.set('aclmdlCreateDataset', (call) => acl(call).aclmdlCreateDataset(call.site()));
	fns.set('aclGetRecentErrMsg', (call) => acl(call).aclGetRecentErrMsg(call.site()) ?? null);

	const handleType: CType = { k: 'ptr', to: T.void };
	for (const name of HANDLE_TYPES)
		table.types.set(name, { name, methods: {}, ctype: () => handleType });
	for (const name of ENUM_TYPES) table.types.set(name, { name, methods: {}, ctype: () => T.i32 });

	const c = table.constants;
	const groups = [
		ACL_ERROR,
		ACL_EVENT_FLAGS,
		ACL_EVENT_STATUS,
		ACL_EVENT_RECORDED_STATUS,
		ACL_MEMCPY_KIND,
		ACL_MEM_ATTR,
		ACL_MEM_MALLOC_POLICY,
		ACL_STREAM_FAILURE_MODE,
	];
	for (const g of groups)
		for (const [name, value] of Object.entries(g)) c.set(name, { value, type: T.i32 });
	// Older samples spell success ACL_ERROR_NONE (the same value 0).
	c.set('ACL_ERROR_NONE', { value: 0, type: T.i32 });
}

function out<R extends { ret: number }>(r: R, field: keyof R, target: Value): number {
	writeOut(target, r[field] as Value);
	return r.ret;
}
