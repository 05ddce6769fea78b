/**
 * The host runtime under random use, through the front door: fast-check makes random AscendCL
 * programs (each process of a scenario gets its own random sequence of calls on a few handle
 * slots, with kernels that complete or hang, signal handlers that release resources, early
 * exits), the interpreter runs them against small device limits, and the trace must show a
 * runtime that keeps its books:
 * - nothing but Halts and diagnostics: no internal error;
 * - every AscendCL call returns success or an error code its catalog row lists;
 * - every call is one step under its own name, and the call tally agrees;
 * - device memory, event resources and streams never go below 0 or above their limits;
 * - once every process has ended, the device is empty again except for model streams a
 *   handler race left bound.
 */
import fc from 'fast-check';
import { HCCL_RESULT, hcclResultLabel } from '../hccl/hccl-types.ts';
import { describe, expect, it } from 'vitest';
import { API_CATALOG, type HostApiRow } from '../../api/index.ts';
import { run } from '../../lang/run.ts';
import type { Trace } from '../trace.ts';
import { changePath } from '../facts/state-change.ts';
import { ACL_ERROR, aclErrorLabel, type AclErrorName } from './acl-error.ts';
import { FIRST_PID, PID_STEP } from './machine.ts';

// Device memory: the runtime's 2 MB pool per device opened, and room for a few blocks.
const LIMITS = {
	streams: 12,
	events: 6,
	notifies: 5,
	deviceMemoryBytes: 2 * 1024 * 1024 + 64 * 1024,
	kernelTimeoutUs: 5000,
};
const SLOTS = 4;

/** One random call: an operation and a few small numbers to pick its arguments with. */
/** Operations 0…32 are written out below; 33…44 call any AscendCL row of the catalog. */
const opArb = fc.tuple(fc.nat(44), fc.nat(7), fc.nat(7), fc.nat(4000));
type Op = [number, number, number, number];

/** A handle slot: one of the first live ones, or a null or bogus handle now and then. */
function slot(array: string, b: number): string {
	if (b === 7) return `(void *)0xdead0`;
	if (b === 6) return 'nullptr';
	return `${array}[${b % SLOTS}]`;
}

/** The C++ statement of one random call. */
function statement([op, a, b, n]: Op): string {
	const stream = slot('streams', a);
	switch (op) {
		case 0:
			return 'aclInit(nullptr);';
		// The remaining cases follow the catalog groups in order.
		case 1:
			return 'aclFinalize();';
		case 2:
			return `aclrtSetDevice(${b % 3});`;
		case 3:
			return `aclrtResetDevice(${b % 3});`;
		case 4:
			return `aclrtResetDeviceForce(${b % 3});`;
		case 5:
			return `aclrtCreateContext(&contexts[${a % SLOTS}], ${b % 3});`;
		case 6:
			return `aclrtDestroyContext(${slot('contexts', b)});`;
		case 7:
			return `aclrtSetCurrentContext(${slot('contexts', b)});`;
		case 8:
			return `aclrtCreateStream(&streams[${a % SLOTS}]);`;
		case 9:
			return `aclrtDestroyStream(${stream});`;
		case 10:
			return `aclrtDestroyStreamForce(${stream});`;
		case 11:
			return `aclrtSynchronizeStreamWithTimeout(${stream}, ${b === 0 ? -1 : n});`;
		case 12:
			return `aclrtSetStreamFailureMode(${stream}, ${b % 2});`;
		case 13:
			return `${b % 3 === 0 ? 'spin' : 'noop'}<<<${1 + b}, nullptr, ${stream}>>>(nullptr);`;
		case 14:
			return b % 2
				? `aclrtCreateEventWithFlag(&events[${a % SLOTS}], ACL_EVENT_SYNC);`
				: `aclrtCreateEvent(&events[${a % SLOTS}]);`;
		case 15:
			return `aclrtRecordEvent(${slot('events', b)}, ${stream});`;
		case 16:
			return `aclrtStreamWaitEvent(${stream}, ${slot('events', b)});`;
		case 17:
			return `aclrtResetEvent(${slot('events', b)}, ${stream});`;
		case 18:
			return `aclrtDestroyEvent(${slot('events', b)});`;
		case 19:
			return `aclrtSynchronizeEventWithTimeout(${slot('events', b)}, ${b === 0 ? -1 : n});`;
		case 20:
			return `aclrtQueryEventStatus(${slot('events', b)}, &status);`;
		case 21:
			return `aclrtMalloc(&ptrs[${a % SLOTS}], ${n * 100}, ACL_MEM_MALLOC_HUGE_FIRST);`;
		case 22:
			return `aclrtFree(${slot('ptrs', b)});`;
		case 23:
			return `aclrtMallocHost(&hostPtrs[${a % SLOTS}], ${n + 1});`;
		case 24:
			return `aclrtFreeHost(${slot('hostPtrs', b)});`;
		case 25:
			return `aclrtMemcpyAsync(${slot('ptrs', b)}, ${n}, hostPtrs[0], ${n}, ${b % 8}, ${stream});`;
		case 26:
			return `aclmdlLoadFromFile("m.om", &models[${a % SLOTS}]);`;
		case 27:
			return `aclmdlExecute(models[${b % SLOTS}], nullptr, nullptr);`;
		case 28:
			return `aclmdlUnload(models[${b % SLOTS}]);`;
		case 29:
			return b % 2 ? 'signal(SIGINT, cleanup);' : 'signal(SIGTERM, SIG_DFL);';
		case 30:
			return `usleep(${n});`;
		case 31:
			return b % 2 ? `exit(${b});` : 'return 0;';
		case 32:
			return 'aclrtSynchronizeDevice();';
		default:
			return anyHostCall(a, b, n);
	}
}

/** Where an out-parameter of each pointee type is written. */
const OUT_TARGETS: Readonly<Record<string, string>> = {
	aclrtStream: 'streams',
	aclrtEvent: 'events',
	aclrtContext: 'contexts',
	void: 'ptrs',
	HcclComm: 'ptrs',
	uint32_t: 'models',
	int32_t: 'i32s',
	size_t: 'sizes',
	uint64_t: 'u64s',
	aclrtEventStatus: 'statuses',
	aclrtEventRecordedStatus: 'recorded',
	aclrtNotify: 'notifies',
	aclmdlRI: 'graphs',
	aclmdlRICaptureStatus: 'captureStatuses',
	aclmdlRICaptureMode: 'captureModes',
	aclrtStreamStatus: 'streamStatuses',
};

/** Handle slots by type. */
const HANDLE_SLOTS: Readonly<Record<string, string>> = {
	aclrtStream: 'streams',
	aclrtEvent: 'events',
	aclrtContext: 'contexts',
	aclrtNotify: 'notifies',
	aclmdlRI: 'graphs',
	void: 'ptrs',
	HcclComm: 'ptrs',
};

/**
 * A call of any AscendCL row of the catalog (so every row's error list is checked), with
 * arguments read from its signature: slots for handles and out-parameters, small numbers.
 */
function anyHostCall(a: number, b: number, n: number): string {
	const name = HOST_NAMES[n % HOST_NAMES.length]!;
	const sig = HOST_ROWS.get(name)!.signatures[0]!;
	const args = sig.params.map((p, i) => {
		if (p.direction === 'out') return `&${OUT_TARGETS[p.base] ?? 'u64s'}[${(a + i) % SLOTS}]`;
		if (p.base === 'char' && p.pointers === 1) return '"m.om"';
		const slots = HANDLE_SLOTS[p.base];
		if (slots) return slot(slots, b);
		if (p.pointers > 0) return b === 7 ? '(void *)0xdead0' : 'nullptr';
		return String(b === 0 ? -1 : (b * n) % 9);
	});
	return `${name}(${args.join(', ')});`;
}

/** A program whose process `k` runs `processes[k]`, after the usual aclInit and aclrtSetDevice. */
function program(processes: readonly Op[][], start: readonly boolean[]): string {
	const bodies = processes.map((ops, k) => {
		const prologue = start[k] ? '    aclInit(nullptr);\n    aclrtSetDevice(0);\n' : '';
		const body = ops.map((op) => `    ${statement(op)}`).join('\n');
		return `  if (getpid() == ${FIRST_PID + k * PID_STEP}) {\n${prologue}${body}\n  }`;
	});
	return `void *ptrs[${SLOTS}];
void *hostPtrs[${SLOTS}];
aclrtStream streams[${SLOTS}];
aclrtEvent events[${SLOTS}];
aclrtContext contexts[${SLOTS}];
uint32_t models[${SLOTS}];
int32_t i32s[${SLOTS}];
size_t sizes[${SLOTS}];
uint64_t u64s[${SLOTS}];
aclrtEventStatus statuses[${SLOTS}];
aclrtEventRecordedStatus recorded[${SLOTS}];
aclrtEventRecordedStatus status;
aclrtNotify notifies[${SLOTS}];
aclmdlRI graphs[${SLOTS}];
aclmdlRICaptureStatus captureStatuses[${SLOTS}];
aclmdlRICaptureMode captureModes[${SLOTS}];
aclrtStreamStatus streamStatuses[${SLOTS}];
extern "C" __global__ __aicore__ void noop(GM_ADDR x) {}
extern "C" __global__ __aicore__ void spin(GM_ADDR x) { AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0); }
void cleanup(int sig) {
  aclmdlUnload(models[0]);
  aclrtFree(ptrs[0]);
  aclrtResetDevice(0);
}
int main() {
${bodies.join('\n')}
  return 0;
}
`;
}

const HOST_ROWS = new Map<string, HostApiRow>();
// The Ascend C host tiling functions (ascendc-* groups) take graph shapes and tiling structs,
// not runtime handles; tests/unit/tiling-data.test.ts runs them.
for (const row of API_CATALOG)
	if (row.side === 'host' && !row.group.startsWith('ascendc-'))
		for (const n of [row.name, ...row.aliases]) HOST_ROWS.set(n, row);
const HOST_NAMES = [...HOST_ROWS.keys()];

/** The codes a host row may return: its list, its precondition's, and success. */
function allowedLabels(row: HostApiRow): Set<string> {
	if (row.protocol.resultFormat === 'hccl')
		return new Set(
			['HCCL_SUCCESS', ...row.errors].map((n) =>
				hcclResultLabel(HCCL_RESULT[n as keyof typeof HCCL_RESULT]),
			),
		);
	const names: AclErrorName[] = ['ACL_SUCCESS', ...(row.errors as AclErrorName[])];
	if (row.requires.includes('acl-init') || row.requires.includes('current-context'))
		names.push('ACL_ERROR_UNINITIALIZE');
	if (row.requires.includes('current-context')) names.push('ACL_ERROR_RT_CONTEXT_NULL');
	return new Set(names.map((n) => aclErrorLabel(ACL_ERROR[n])));
}

function checkTrace(trace: Trace): void {
	expect(
		trace.diagnostics.filter((d) => d.severity === 'error' && d.code.includes('-unknown')),
		JSON.stringify(trace.diagnostics),
	).toEqual([]);
	expect(trace.outcome).not.toBe('rejected');
	expect(trace.diagnostics.filter((d) => d.code === 'internal-error')).toEqual([]);
	expect(trace.stepsTruncated).toBeUndefined();
	const steps = new Map<string, number>();
	const device = new Map<string, number>();
	const stale = new Set<string>();
	for (const s of trace.steps) {
		const row = HOST_ROWS.get(s.call);
		if (row && s.actor.startsWith('host:')) {
			steps.set(s.call, (steps.get(s.call) ?? 0) + 1);
			if (row.result === 'status') {
				const label = /^(?:ACL_SUCCESS|HCCL_SUCCESS|\d+ \w+)/.exec(s.result)?.[0];
				expect(allowedLabels(row), `${s.call} returned ${s.result}`).toContain(label);
			}
		}
		for (const c of s.changes ?? []) {
			if (c.kind === 'device-memory' && c.device === 0) device.set('device0.memory', c.used);
			if (c.kind === 'device-events' && c.device === 0) device.set('device0.events', c.inUse);
			if (c.kind === 'device-streams' && c.device === 0) device.set('device0.streams', c.inUse);
			if (c.kind === 'device-notifies' && c.device === 0) device.set('device0.notifies', c.inUse);
			if (c.kind === 'stale-model-stream' && c.device === 0) stale.add(changePath(c));
		}
		expect(device.get('device0.memory') ?? 0).toBeGreaterThanOrEqual(0);
		expect(device.get('device0.memory') ?? 0).toBeLessThanOrEqual(LIMITS.deviceMemoryBytes);
		expect(device.get('device0.events') ?? 0).toBeLessThanOrEqual(LIMITS.events);
		expect(device.get('device0.streams') ?? 0).toBeLessThanOrEqual(LIMITS.streams);
		expect(device.get('device0.notifies') ?? 0).toBeLessThanOrEqual(LIMITS.notifies);
	}
	for (const [name, count] of steps) expect(trace.calls[name], name).toBe(count);
	expect(device.get('device0.memory') ?? 0).toBe(0);
	expect(device.get('device0.events') ?? 0).toBe(0);
	expect(device.get('device0.notifies') ?? 0).toBe(0);
	expect(device.get('device0.streams') ?? 0).toBe(stale.size);
}

describe('random AscendCL programs', () => {
	it('keep the runtime’s books: listed error codes only, one step per call, devices empty at the end', () => {
		fc.assert(
			fc.property(
				fc.array(fc.array(opArb, { maxLength: 40 }), { minLength: 1, maxLength: 3 }),
				fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
				fc.constantFrom<'atlas-a2' | 'atlas-inference-aicore'>(
					'atlas-a2',
					'atlas-inference-aicore',
				),
				fc.constantFrom('6.0.1', '8.0.0', '8.5.0'),
				fc.constantFrom<'npu' | 'cpu'>('npu', 'npu', 'cpu'),
				(processes, start, product, cann, mode) => {
					const actions = processes.flatMap((_, k) =>
						k === 0
							? [{ do: 'run' as const }, { do: 'wait' as const, ms: 1 }]
							: [
									{ do: 'signal' as const, signal: 'SIGINT' as const },
									{ do: 'run' as const },
									{ do: 'wait' as const, ms: 1 },
								],
					);
					const trace = run({
						source: program(processes, start),
						product,
						mode,
						cann,
						actions: [...actions, { do: 'suspend' }],
						limits: LIMITS,
						maxSteps: 200_000,
						// The model the programs load, with no inputs (so execution with null datasets is refused).
						files: [{ path: 'm.om', text: 'output float32 1\n' }],
					});
					checkTrace(trace);
				},
			),
			{ numRuns: 300 },
		);
	});
});
