/**
 * The virtual host machine: devices shared by every process, the processes that run on them one
 * after another (or at once), and the system actions a user can take between runs — `kill`,
 * `suspend`, waiting. One machine lives for a whole scenario, so a run can fail because of what
 * an earlier run left on the device. All output goes to the shared {@link Recorder}.
 *
 * Usage (what the interpreter does for a program; `site` is the user's call stack):
 *
 * ```ts
 * const clock = new VirtualClock();
 * const recorder = new Recorder(clock);
 * const machine = new Machine({ product: 'atlas-inference-aicore', recorder });
 * const proc = machine.spawn({ name: 'main' });
 * const acl = proc.acl;
 * acl.aclInit(null, site);
 * acl.aclrtSetDevice(0, site);
 * const { ret, stream } = acl.aclrtCreateStream(site);
 * const { ptr } = acl.aclrtMalloc(1024, ACL_MEM_MALLOC_POLICY.ACL_MEM_MALLOC_HUGE_FIRST, site);
 * acl.launchKernel(stream, { name: 'add_custom', blocks: 8, outcome: KERNEL_COMPLETED }, site);
 * acl.aclrtSynchronizeStream(stream, site); // a hang or device exception is reported here
 * acl.aclrtFree(ptr, site);
 * proc.returnFromMain(0, site); // leaks are recorded, the driver releases the rest
 * machine.kill(pid, SIGNALS.SIGINT); // or machine.suspend(), machine.wait(ms) between runs
 * const trace = recorder.finish('completed');
 * ```
 */
import type { VirtualClock } from '../clock.ts';
import { DEFAULT_MAX_STORED_STEPS, type Recorder } from '../recorder.ts';
import type { ProductId } from '../product-id.ts';
import { cannBehaviour, type CannBehaviour } from './cann-version.ts';
import { Device } from './device.ts';
import { hostProfile, type HostLimitOverrides, type HostProfile } from './host-profile.ts';
import { HostProcess } from './host-process.ts';
import { PendingCopies } from './acl/copy-tasks.ts';
import { SUSPEND_LINE_GAP_US } from './host-timing.ts';
import type { SignalDelivery } from './signals.ts';
import type { GmBuffer } from '../kernel/global-tensor.ts';
import { HcclWorld } from '../hccl/hccl-world.ts';
import { renderNpuSmiInfo, type NpuSmiChip, type NpuSmiProcess } from './npu-smi.ts';

/** The driver tool's version npu-smi prints (illustrative: a 2024 driver of CANN 8.0). */
export const NPU_SMI_VERSION = '24.1.rc2';

const MIB = 1024 * 1024;

/** Bus ids of an 8-NPU A2 server in npu-smi's order (vllm-project/vllm-ascend#1130, #10504). */
const BUS_IDS = ['C1', 'C2', '81', '82', '01', '02', '41', '42'];

function busId(device: number): string {
	const bus = BUS_IDS[device % BUS_IDS.length]!;
	return `0000:${bus}:00.${Math.floor(device / BUS_IDS.length)}`;
}

/** The seed's old event log shows pid 18401; the first process gets it. */
export const FIRST_PID = 18401;

/** Pids advance by this much per process, leaving room for each process's threads. */
export const PID_STEP = 16;

/** First handle value (contexts, streams, events); any nonzero number would do. */
export const FIRST_HANDLE = 0x5a0000;

/** How to build a machine. */
export interface MachineOptions {
	product: ProductId;
	/** The run's recorder; its clock is the machine's clock. */
	recorder: Recorder;
	/** CANN version, e.g. `8.0.RC2`; omitted: the product's default (see host-profile.ts). */
	cann?: string;
	/** Physical devices of the server (default: the product's `devicesPerServer`). */
	deviceCount?: number;
	/** Environment every process starts with (`NAME=VALUE`), e.g. HCCL_EXEC_TIMEOUT. */
	env?: Readonly<Record<string, string>>;
	/** The ranks' shared HCCL world of this pass (see hccl-world.ts); default: a fresh one. */
	hccl?: HcclWorld;
	/** The files processes read through the simulator (a rank table), when the runner has any. */
	files?: MachineFiles;
	/** Smaller limits for demos and tests. */
	limits?: HostLimitOverrides;
	/** Physical devices that cannot be opened (not mapped into the container, or faulty). */
	unusableDevices?: readonly number[];
	/** Pid of the first process (default {@link FIRST_PID}). */
	firstPid?: number;
	/** Must match the recorder's cap; steps past it are recorded without argument text. */
	maxStoredSteps?: number;
}

/** The program's files as the simulator reads them (the runner's file system). */
export interface MachineFiles {
	/** The bytes of the file at `path`, or undefined when there is none. */
	read(path: string): Uint8Array | undefined;
}

/** What the device answered to a suspend request: `ret` as in `ts suspend ack ret=1.` */
export interface SuspendResult {
	ok: boolean;
	ret: 0 | 1;
}

/** The machine; see the file comment. */
export class Machine {
	readonly recorder: Recorder;
	/** The product the server's devices are. */
	readonly product: ProductId;
	readonly clock: VirtualClock;
	readonly profile: HostProfile;
	readonly cann: CannBehaviour;
	readonly maxStoredSteps: number;
	/** The environment processes start with. */
	readonly env: Readonly<Record<string, string>>;
	/** What the ranks of a distributed job share: root infos, communicators, collectives. */
	readonly hccl: HcclWorld;
	/** The runner's files, if it gave any. */
	readonly files: MachineFiles | undefined;
	/** Asynchronous copies on their way, on every device. */
	readonly copies = new PendingCopies();
	readonly #devices: Device[] = [];
	readonly #processes: HostProcess[] = [];
	#nextPid: number;
	#nextHandle = FIRST_HANDLE;
	#sharedGm = 0;

	constructor(options: MachineOptions) {
		this.recorder = options.recorder;
		this.product = options.product;
		this.clock = options.recorder.clock;
		this.profile = hostProfile(options.product, options.limits);
		this.cann = cannBehaviour(options.cann ?? this.profile.defaultCann.value);
		this.maxStoredSteps = options.maxStoredSteps ?? DEFAULT_MAX_STORED_STEPS;
		this.#nextPid = options.firstPid ?? FIRST_PID;
		this.hccl = options.hccl ?? new HcclWorld(options.product);
		this.files = options.files;
		const count = options.deviceCount ?? this.profile.devicesPerServer.value;
		for (let id = 0; id < count; id++)
			this.#devices.push(new Device(id, this.profile, this.recorder));
		for (const id of options.unusableDevices ?? []) {
			const device = this.#devices[id];
			if (device) device.healthy = false;
		}
		this.env = Object.freeze({ ...options.env });
	}

	/** Number of physical devices. */
	get deviceCount(): number {
		return this.#devices.length;
	}

	/** Every device, by physical id. */
	get devices(): readonly Device[] {
		return this.#devices;
	}

	/** Device `id`, or undefined when there is no such device. */
	device(id: number): Device | undefined {
		return Number.isInteger(id) ? this.#devices[id] : undefined;
	}

	/** Every process started so far, oldest first. */
	get processes(): readonly HostProcess[] {
		return this.#processes;
	}

	/** The process with `pid`. */
	process(pid: number): HostProcess | undefined {
		return this.#processes.find((p) => p.pid === pid);
	}

	/** The newest process that has not ended (what `kill -2 PID` targets in a scenario). */
	newestLiveProcess(): HostProcess | undefined {
		for (let i = this.#processes.length - 1; i >= 0; i--) {
			const p = this.#processes[i]!;
			if (p.alive) return p;
		}
		return undefined;
	}

	/**
	 * Starts a new process (the program's `main` about to run) with the machine's environment
	 * plus `env`.
	 */
	spawn(
		options: { name?: string; env?: Readonly<Record<string, string>>; background?: boolean } = {},
	): HostProcess {
		const pid = this.#nextPid;
		this.#nextPid += PID_STEP;
		const env = options.env ? { ...this.env, ...options.env } : this.env;
		const process = new HostProcess(this, pid, options.name ?? 'main', env, options.background);
		this.#processes.push(process);
		this.recorder.step('user', 'run', [process.name], `pid ${pid}`, {
			changes: [{ kind: 'process', pid, state: 'running' }],
		});
		return process;
	}

	/** `kill -<signo> PID`. */
	kill(pid: number, signo: number): SignalDelivery {
		const process = this.process(pid);
		if (!process) return { action: 'no-such-process', signo };
		return process.deliver(signo);
	}

	/** Lets `ms` milliseconds of virtual time pass. */
	wait(ms: number): void {
		this.clock.advance(Math.round(ms * 1000));
		this.recorder.step('user', 'wait', [`${ms}ms`], 'ok');
	}

	/**
	 * The system's suspend (low-power) command. TSCH's pre-check fails while hwts is busy — a live
	 * process has issued tasks or runs a model (see `AclRuntime.busyOn`), or a stale model stream
	 * is still running — and prints the two lines of seed 002, case 4; otherwise it suspends.
	 */
	suspend(deviceId = 0): SuspendResult {
		const device = this.#devices[deviceId];
		if (!device) return { ok: false, ret: 1 };
		let busy = device.staleModelStreams.length > 0;
		for (const p of this.#processes) if (!busy && p.alive && p.acl.busyOn(device)) busy = true;
		if (busy) {
			device.tsch(
				'ERROR',
				'(dieid:0,cpuid:0)',
				'device_management_plat.c:563 suspend_ack: suspend pre check fail, hwts is busy',
			);
			this.clock.advance(SUSPEND_LINE_GAP_US);
			device.tsch(
				'EVENT',
				'(dieid:0,cpuid:0)',
				'device_management.c:411 process_low_power_cmd: ts suspend ack ret=1.',
			);
			this.recorder.step('user', 'suspend', [String(deviceId)], 'failed: hwts is busy');
			return { ok: false, ret: 1 };
		}
		this.recorder.step('user', 'suspend', [String(deviceId)], 'suspended');
		return { ok: true, ret: 0 };
	}

	/**
	 * `npu-smi info` typed in a shell now: every device's health and memory in use (what every
	 * process holds, plus what the system reserves), and the processes holding device memory.
	 * The lines go to the log on the `shell` channel.
	 */
	npuSmi(): string[] {
		const perNpu = this.profile.chipsPerNpu.value;
		const product = this.profile;
		const mb = (bytes: number) => Math.ceil(bytes / MIB);
		const processes: NpuSmiProcess[] = [];
		const chips: NpuSmiChip[] = this.#devices.map((device) => {
			const npu = Math.floor(device.id / perNpu);
			const chip = device.id % perNpu;
			for (const p of this.#processes) {
				if (!p.alive) continue;
				const bytes = p.acl.deviceBytesOn(device);
				if (bytes !== undefined)
					processes.push({ npu, chip, pid: p.pid, name: p.name, memoryMb: mb(bytes) });
			}
			return {
				npu,
				chip,
				phyId: device.id,
				name: product.chipName.value,
				health: device.healthy ? 'OK' : 'Critical',
				powerW: chip === 0 ? 93.5 : undefined,
				tempC: 40,
				aicorePercent: 0,
				busId: busId(device.id),
				memoryUsedMb: mb(device.reservedBytes + device.memory.used),
				memoryTotalMb: mb(product.npuSmiMemoryBytes.value),
			};
		});
		const lines = renderNpuSmiInfo({
			version: NPU_SMI_VERSION,
			chipsPerNpu: perNpu,
			hbm: !product.chipName.value.startsWith('310'),
			chips,
			processes,
		});
		for (const text of lines) this.recorder.log({ text, channel: 'shell' });
		this.recorder.step('user', 'npu-smi', ['info'], `${processes.length} process(es)`);
		return lines;
	}

	/**
	 * `GmAlloc(size)` of the CPU-debug build: Global Memory the host shares with the forked kernel
	 * processes, named `gm0`, `gm1`… in messages.
	 */
	allocSharedGm(bytes: number): GmBuffer {
		return { name: `gm${this.#sharedGm++}`, bytes, budget: this.recorder.memory };
	}

	/** A fresh handle value for a context, stream or event. */
	nextHandle(): number {
		return (this.#nextHandle += 0x10);
	}

	/** Pushes exact points of every device's series (call before `recorder.finish`). */
	flushSeries(): void {
		for (const d of this.#devices) d.flushSeries();
	}
}
