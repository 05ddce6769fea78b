/**
 * One AI Core of a kernel launch: its block index, its own on-chip memories (through its
 * TPipe), its queues and buffers, and the calls that are not methods of a pipe or queue
 * (`GetBlockIdx`, `DataCopy`, vector instructions, `PipeBarrier`, `SetFlag`/`WaitFlag`).
 *
 * Every catalog call reaches the core through one call protocol ({@link CoreContext.protocol},
 * compiled once per row): the semantics runs, may describe its step (`record`) and note the
 * state it changed (`note`), and the protocol then charges the row's cost and writes the step
 * through the core's CoreTrace (core-trace.ts), reading it from the call when the semantics
 * described none. When the real core would stop, the call reports it through the trace
 * (core-abort.ts: the diagnostic, the CPU-debug lines, the Halt). This class holds the core's
 * state and rules; how the core reports is the trace's. After a Halt the core takes no more calls.
 */
import type { Localized } from '../../triage/localized.ts';
import type { Sourced } from '../product.ts';
import type { ProductId } from '../product-id.ts';
import { LocalMemAllocator, parseHardware } from './local-mem-allocator.ts';
import { saturatesByDefault } from './float-saturation.ts';
import type { Recorder } from '../recorder.ts';
import type { Gauge } from '../resources/gauge.ts';
import type { RunMode } from '../run-request.ts';
import type { CallSite, StateChange } from '../trace.ts';
import { type BufferBlock, isBlockEngaged, NO_EVENT_ID } from './buffer-block.ts';
import type { CannWording } from './cann-wording.ts';
import { formatC, type FrameworkFrame, frameworkPath } from './cpu-debug-log.ts';
import type { CoreHalt, Violation } from './core-abort.ts';
import { type CoreIdentity, CoreTrace, KERNEL_CALL_US } from './core-trace.ts';
import {
	describeCall,
	type KernelCall,
	type KernelCallForm,
	type KernelCallSpec,
	type KernelProtocol,
} from './kernel-call.ts';
import { type DType, dtypeOf } from './dtype.ts';
import { ByteStore } from './byte-store.ts';
import { GlobalTensor, gmStore, typeGmBuffer, type GmPointer } from './global-tensor.ts';
import type { KernelProfile } from './kernel-profile.ts';
import { LocalTensor } from './local-tensor.ts';
import { TBuf } from './tbuf.ts';
import {
	ALLOC_EVENT_ID_FRAME_LINE,
	ALLOC_EVENT_ID_LOG_LINE,
	TPIPE_MESSAGES,
	TPipe,
} from './tpipe.ts';
import {
	HARD_EVENT_VALUES,
	type HardEvent,
	type Hardware,
	parseHardEvent,
	parseTPosition,
	positionHardware,
	tqueEnds,
	type TPosition,
} from './tposition.ts';
import { TQueBind } from './tque-bind.ts';
import { CHECK_MESSAGES } from './operand-checks.ts';
import { globalGetValue, globalSetValue, localGetValue, localSetValue } from './tensor-data.ts';
import { runVector, type VectorCall } from './vector-instruction.ts';
import { MaskRegister } from './vector-shape.ts';
import type { AccessObserver, MemoryAccess } from './memory-access.ts';
import { ISSUING_PIPES, issuingPipe } from './issuing-pipe.ts';
import { eventPipes, type SyncObserver } from './pipe-sync.ts';
import type { OperandViolation } from './operand-checks.ts';
import { dataCopy } from './data-copy.ts';
import { atomicWrite, type AtomicMode } from './atomic-store.ts';

/** The CCE intrinsic a flag call was made through: its name and the pipes it was given. */
export interface FlagIntrinsic {
	readonly name: 'set_flag' | 'wait_flag';
	readonly pipes: readonly [string, string];
}

/** The traced arguments of a flag call: the id, after the intrinsic's two pipes. */
function flagArgs(id: number, intrinsic: FlagIntrinsic | undefined): string[] {
	return intrinsic ? [...intrinsic.pipes, String(id)] : [String(id)];
}

/** Pipes `PipeBarrier<…>()` accepts. */
export const PIPES = [...ISSUING_PIPES, 'PIPE_ALL'] as const;

/** What a core needs from its launch: who it is (as its reports name it) and how many blocks run. */
export interface CoreSetup extends CoreIdentity {
	readonly blockNum: number;
	/** Whether the core starts in saturation mode; omitted: the product's default. */
	readonly floatSaturation?: boolean;
}

/** A step a running call described, written when the call returns. */
interface StepDraft {
	readonly site: CallSite;
	readonly call: string;
	readonly args: readonly string[];
	readonly result: string;
	readonly changes: StateChange[];
	readonly position: TPosition | undefined;
}

/** The catalog call a core is running: the steps it described and the changes it noted. */
interface OpenCall {
	drafts: StepDraft[] | undefined;
	changes: StateChange[] | undefined;
}

const NO_ARGS: readonly string[] = Object.freeze([]);

/** One AI Core. */
export class CoreContext {
	readonly blockIdx: number;
	readonly blockNum: number;
	readonly recorder: Recorder;
	readonly mode: RunMode;
	readonly profile: KernelProfile;
	readonly product: ProductId;
	readonly productName: Localized;
	readonly wording: CannWording;
	readonly pid: number;
	readonly fileName: string;
	/** Prefix of this core's state paths, e.g. `core0`. */
	readonly prefix: string;
	/** How this core reports: steps, diagnostics, the stop. */
	readonly trace: CoreTrace;
	readonly pipes: TPipe[] = [];
	/** What `GetTPipePtr()` returns: the newest live pipe. */
	currentPipe: TPipe | undefined;
	/** The vector mask register and its mode (SetVectorMask, SetMaskCount / SetMaskNorm). */
	readonly mask = new MaskRegister();
	/** The int32_t → half scale SetDeqScale set (1 until then). */
	deqScale = 1;
	/**
	 * Whether half and bfloat16_t results saturate (inf → ±MAX, NaN → 0; float-saturation.ts).
	 * Training, inference and 200I/500 A2 have only this mode; A2/A3 start in Inf/NaN mode
	 * until `SetSaturationFlag<SaturationMode::FLOAT>(true)`.
	 */
	floatSaturation: boolean;
	/** The atomic mode copies into GM use (SetAtomicAdd…), until SetAtomicNone. */
	atomic: AtomicMode | undefined;
	/**
	 * Sees every operand access of every call (a sanitizer or race checker sets it); undefined:
	 * nobody is looking, and calls skip building the list for it.
	 */
	onAccess: AccessObserver | undefined;
	/**
	 * Handles a failed operand check before the default (a warning or the core's stop); returns
	 * true when it took the violation over (a mode that reports device exceptions, say).
	 */
	onViolation: ((site: CallSite, call: string, v: OperandViolation) => boolean) | undefined;
	/** Sees every pipe synchronisation (pipe-sync.ts); undefined: nobody is looking. */
	onSync: SyncObserver | undefined;
	readonly #queues: TQueBind[] = [];
	readonly #tbufs: TBuf[] = [];
	/** Static tensors LocalMemAllocator handed out (their blocks are never freed). */
	readonly #staticTensors: LocalTensor[] = [];
	readonly #globals: GlobalTensor[] = [];
	/** The element type each block was last handed out as (for tensor views of the memory). */
	readonly #blockTypes = new Map<BufferBlock, DType>();
	readonly #occupancy = new Map<TPosition, number>();
	readonly #overLimit = new Set<TPosition>();
	readonly #series = new Set<TPosition>();
	readonly #flags = new Map<string, number>();
	/** Gauges of this run's resource meter, by kind and subject (looked up once per core). */
	readonly #gauges = new Map<string, Gauge>();
	readonly #stores = new Map<Hardware, ByteStore>();
	#names = 0;
	/** The catalog call running now, if any (see {@link protocol}). */
	#open: OpenCall | undefined;

	constructor(setup: CoreSetup) {
		this.blockIdx = setup.blockIdx;
		this.blockNum = setup.blockNum;
		this.recorder = setup.recorder;
		this.mode = setup.mode;
		this.profile = setup.profile;
		this.product = setup.product;
		this.floatSaturation = setup.floatSaturation ?? saturatesByDefault(setup.profile.arch);
		this.productName = setup.productName;
		this.wording = setup.wording;
		this.pid = setup.pid;
		this.fileName = setup.fileName;
		this.prefix = `core${setup.blockIdx}`;
		this.trace = new CoreTrace(this);
	}

	/**
	 * The call protocol compiled for one Ascend C API (a closure made once per catalog row): run
	 * the semantics, then write the step it described, or the step read from the call
	 * ({@link describeCall}) with the changes it noted, charging the row's cost. A call that stops
	 * the core (a Halt) has written its own step (core-abort.ts).
	 */
	static protocol<C extends KernelCall>(spec: KernelCallSpec<C>): KernelProtocol<C> {
		const { forms, run } = spec;
		const single = forms.length === 1 ? forms[0] : undefined;
		const invoke = (core: CoreContext, call: C): unknown => {
			const outer = core.#open;
			const open: OpenCall = { drafts: undefined, changes: undefined };
			core.#open = open;
			let result: unknown;
			try {
				result = run(core, call);
			} finally {
				core.#open = outer;
			}
			core.#close(spec, single ?? forms[call.form]!, call, open, result);
			return result;
		};
		return { ...spec, invoke };
	}

	#close(
		spec: KernelCallSpec<never>,
		form: KernelCallForm,
		call: KernelCall,
		open: OpenCall,
		result: unknown,
	): void {
		const drafts = open.drafts;
		const trace = this.trace;
		if (!drafts) {
			trace.advance(spec.costUs);
			const site = call.site();
			if (!this.recorder.storesSteps) {
				trace.write(site, call.name, NO_ARGS, '', open.changes);
				return;
			}
			const text = describeCall(spec, form, call, result);
			trace.write(site, text.call, text.args, text.result, open.changes);
			return;
		}
		if (open.changes) drafts[drafts.length - 1]!.changes.push(...open.changes);
		for (let i = 0; i < drafts.length; i++) {
			const d = drafts[i]!;
			trace.advance(spec.per === 'step' || i === 0 ? spec.costUs : 0);
			if (d.position) this.#updateOccupancy(d.site, d.position, d.changes);
			trace.write(d.site, d.call, d.args, d.result, d.changes);
		}
	}

	/** Actor name in trace steps, e.g. `core:0`. */
	get actor(): string {
		return this.trace.actor;
	}

	/** How the core stopped, once it has. */
	get halt(): CoreHalt | undefined {
		return this.trace.halt;
	}

	// ----- objects -----------------------------------------------------------------------------

	/** `TPipe pipe;` — only one may be alive; a second is a diagnostic (and a hang on the NPU). */
	createTPipe(site: CallSite, name = 'pipe'): TPipe {
		const live = this.pipes.find((p) => p.alive);
		const pipe = new TPipe(this, name, this.pipes.length);
		if (live) {
			const violation: Violation = {
				code: 'tpipe-second-instance',
				values: { pipe: name, first: live.name },
				frames: [],
				reason: `a second TPipe (${name}) while ${live.name} is alive`,
			};
			// The constructor check exists only in device builds with ASCENDC_DEBUG (ascend-facts
			// A.4), so the CPU model carries on; on the NPU two pipes "can hang".
			if (this.mode === 'npu') this.trace.fail(site, `TPipe ${name}`, violation);
			this.trace.diagnose(site, violation.code, violation.values);
		}
		this.pipes.push(pipe);
		this.currentPipe = pipe;
		this.record(site, `TPipe ${name}`, [], 'alive', [
			{ kind: 'pipe', core: this.blockIdx, pipe: name, state: 'alive' },
		]);
		return pipe;
	}

	/** `TQue<pos, depth> name;` */
	createTQue(site: CallSite, position: TPosition | string, depth: number, name?: string): TQueBind {
		const pos = this.#position(site, position);
		const ends = tqueEnds(pos);
		if (!ends) {
			this.trace.diagnose(site, 'position-unsupported', {
				position: `TQue<${pos}>`,
				product: this.productName,
			});
		}
		const q = new TQueBind(
			this,
			name ?? this.#name('que'),
			'TQue',
			ends?.src ?? pos,
			ends?.dst ?? pos,
			depth,
		);
		return this.#addQueue(site, q, `TQue<${pos}, ${depth}>`);
	}

	/** `TQueBind<src, dst, depth> name;` */
	createTQueBind(
		site: CallSite,
		src: TPosition | string,
		dst: TPosition | string,
		depth: number,
		name?: string,
	): TQueBind {
		const s = this.#position(site, src);
		const d = this.#position(site, dst);
		const q = new TQueBind(this, name ?? this.#name('que'), 'TQueBind', s, d, depth);
		return this.#addQueue(site, q, `TQueBind<${s}, ${d}, ${depth}>`);
	}

	#addQueue(site: CallSite, q: TQueBind, type: string): TQueBind {
		this.#queues.push(q);
		this.record(site, `${type} ${q.name}`, [], q.position, [
			{
				kind: 'queue',
				core: this.blockIdx,
				queue: q.name,
				view: { kind: q.kind, position: q.position, depth: q.depth, blocks: 0 },
			},
		]);
		return q;
	}

	/** `TBuf<pos> name;` (default position VECCALC, as `TPosition::LCM`). */
	createTBuf(site: CallSite, position: TPosition | string = 'VECCALC', name?: string): TBuf {
		const pos = this.#position(site, position);
		const buf = new TBuf(this, name ?? this.#name('tbuf'), pos);
		this.#tbufs.push(buf);
		this.record(site, `TBuf<${pos}> ${buf.name}`, [], pos, [
			{
				kind: 'queue',
				core: this.blockIdx,
				queue: buf.name,
				view: { kind: 'TBuf', position: pos, blocks: 0 },
			},
		]);
		return buf;
	}

	/** `LocalMemAllocator<hard> name;`: static tensors on one physical memory (local-mem-allocator.ts). */
	createLocalMemAllocator(site: CallSite, hardware: unknown, name?: string): LocalMemAllocator {
		const memory = parseHardware(hardware);
		const own = name ?? this.#name('allocator');
		if (memory === undefined || memory === 'GM') {
			this.trace.diagnose(site, 'position-unsupported', {
				position: `LocalMemAllocator<${String(hardware)}>`,
				product: this.productName,
			});
		}
		const alloc = new LocalMemAllocator(
			this,
			own,
			memory === undefined || memory === 'GM' ? 'UB' : memory,
		);
		this.record(site, `LocalMemAllocator<${alloc.hardware}> ${own}`, [], '0');
		return alloc;
	}

	/** Keeps a static tensor's block for the memory view and notes its type. */
	noteStaticTensor(t: LocalTensor): void {
		this.#staticTensors.push(t);
		this.noteTensor(t);
	}

	/** A position by name, or undefined after reporting it (`position-unsupported`). */
	parsePosition(site: CallSite, position: string): TPosition | undefined {
		const pos = parseTPosition(position);
		if (!pos) this.#position(site, position);
		return pos;
	}

	/** `GlobalTensor<T> name;` */
	createGlobalTensor(site: CallSite, dtypeName: string, name?: string): GlobalTensor {
		const dtype = this.requireDType(site, dtypeName);
		const gt = new GlobalTensor(this, name ?? this.#name('gm'), dtype);
		this.#globals.push(gt);
		this.record(site, `GlobalTensor<${dtype.name}> ${gt.name}`, [], 'unset');
		return gt;
	}

	#name(base: string): string {
		return `${base}${this.#names++}`;
	}

	#position(site: CallSite, position: TPosition | string): TPosition {
		const pos = parseTPosition(position);
		if (pos) return pos;
		this.trace.diagnose(site, 'position-unsupported', {
			position: String(position),
			product: this.productName,
		});
		return 'VECCALC';
	}

	// ----- plain calls -------------------------------------------------------------------------

	/** `GetBlockIdx()` (its step is the protocol's: `GetBlockIdx -> 0`). */
	GetBlockIdx(): number {
		return this.blockIdx;
	}

	/** `GetBlockNum()`. */
	GetBlockNum(): number {
		return this.blockNum;
	}

	/** `PipeBarrier<pipe>()`, or the intrinsic `pipe_barrier(pipe)` when `intrinsic`. */
	PipeBarrier(site: CallSite, pipe: string, intrinsic = false): void {
		const name = pipe.slice(pipe.lastIndexOf(':') + 1);
		if (!(PIPES as readonly string[]).includes(name)) {
			this.trace.diagnose(site, 'pipe-unknown', { pipe });
		}
		const call = intrinsic ? 'pipe_barrier' : `PipeBarrier<${name}>`;
		if (this.onSync && (PIPES as readonly string[]).includes(name))
			this.onSync(site, call, { kind: 'barrier', pipe: name as (typeof PIPES)[number] });
		if (intrinsic) this.record(site, 'pipe_barrier', [name], 'void');
		else this.record(site, call, [], 'void');
	}

	/**
	 * `SyncAll()`: the cores run one after another, so this core cannot see what higher blocks
	 * write before the barrier; reported once per launch (by block 0, the first to reach it).
	 */
	syncAll(site: CallSite): void {
		if (this.blockNum > 1 && this.blockIdx === 0)
			this.trace.diagnose(site, 'sync-all-sequential', { blocks: this.blockNum });
		this.record(site, 'SyncAll', [], 'void');
	}

	/**
	 * `SetFlag<evt>(id)`; `intrinsic` names the CCE call the program made instead
	 * (`set_flag(PIPE_MTE2, PIPE_V, id)`), which the trace then shows.
	 */
	SetFlag(site: CallSite, eventName: string, id: number, intrinsic?: FlagIntrinsic): void {
		const event = this.requireEvent(site, eventName);
		const call = `SetFlag<${event}>`;
		this.#checkFlagId(site, call, event, id);
		const key = `${event}#${id}`;
		const count = (this.#flags.get(key) ?? 0) + 1;
		this.#flags.set(key, count);
		this.noteSync(site, call, 'set', event, key);
		this.record(site, intrinsic?.name ?? call, flagArgs(id, intrinsic), 'void', [
			{ kind: 'flag', core: this.blockIdx, event, id, pending: count },
		]);
	}

	/**
	 * `WaitFlag<evt>(id)` (or its `intrinsic`, as for SetFlag): on the NPU a flag that was never
	 * set makes the pipe wait forever.
	 */
	WaitFlag(site: CallSite, eventName: string, id: number, intrinsic?: FlagIntrinsic): void {
		const event = this.requireEvent(site, eventName);
		const call = `WaitFlag<${event}>`;
		this.#checkFlagId(site, call, event, id);
		const key = `${event}#${id}`;
		const count = this.#flags.get(key) ?? 0;
		if (count <= 0) {
			const values = { event, id };
			if (this.mode === 'npu') {
				this.trace.fail(site, call, {
					code: 'flag-wait-unset',
					values,
					frames: [],
					reason: `${call}(${id}) waits for a flag that is never set`,
				});
			}
			this.trace.diagnose(site, 'flag-wait-unset', values);
		}
		this.#flags.set(key, Math.max(0, count - 1));
		this.noteSync(site, call, 'wait', event, key);
		this.record(site, intrinsic?.name ?? call, flagArgs(id, intrinsic), 'void', [
			{ kind: 'flag', core: this.blockIdx, event, id, pending: Math.max(0, count - 1) },
		]);
	}

	/** Tells the sync observer, if one is set, that `call` set or waited for `event` under `key`. */
	noteSync(
		site: CallSite,
		call: string,
		kind: 'set' | 'wait',
		event: HardEvent,
		key: string,
	): void {
		if (!this.onSync) return;
		const pipes = eventPipes(event);
		if (pipes) this.onSync(site, call, { kind, src: pipes[0], dst: pipes[1], key });
	}

	#checkFlagId(site: CallSite, call: string, event: HardEvent, id: number): void {
		const limit = this.profile.queMaxEvent.value;
		if (!Number.isInteger(id) || id < 0 || id >= limit) {
			this.trace.diagnose(site, 'event-id-out-of-range', { call, id, event, max: limit - 1 });
		}
	}

	/**
	 * `DataCopy(dst, src, count)` between GM and a local tensor (either way) or between two local
	 * tensors. The copied bytes are `count * sizeof(T)` rounded down to 32 (ascend-facts A.3).
	 * Returns the bytes copied.
	 */
	DataCopy(
		site: CallSite,
		dst: LocalTensor | GlobalTensor,
		src: LocalTensor | GlobalTensor,
		count: number,
	): number {
		return dataCopy(this, site, dst, src, count);
	}

	/**
	 * A vector instruction (`Add`, `Adds`, `Exp`, `Cast`…) in any of its call styles: checks the
	 * operands, computes the result over the elements the call's shape selects, records a step.
	 */
	vector(site: CallSite, vc: VectorCall): void {
		runVector(this, site, vc);
	}

	/** Writes `bytes` into GM `store` at `offset` under the atomic mode (see atomic-store.ts). */
	atomicStore(store: ByteStore, offset: number, bytes: Uint8Array): void {
		if (this.atomic) atomicWrite(store, offset, bytes, this.atomic);
		else store.write(offset, bytes);
	}

	/** The memory a position is on for this core's architecture. */
	memoryOf(position: TPosition): Hardware {
		return positionHardware(position, this.profile.arch) ?? 'UB';
	}

	/** Notes the type a block is handed out as (AllocTensor, DeQue, TBuf::Get). */
	noteTensor(t: LocalTensor): void {
		this.#blockTypes.set(t.block, t.dtype);
	}

	/**
	 * What the core holds, for a view of its memory: each memory's bytes up to the highest page
	 * touched, every block of its queues and TBufs with the type it was last handed out as, and
	 * its GlobalTensors.
	 */
	memoryView(): {
		memories: Array<{ memory: Hardware; bytes: Uint8Array }>;
		blocks: Array<{
			owner: string;
			position: TPosition;
			block: BufferBlock;
			dtype: DType | undefined;
		}>;
		globals: readonly GlobalTensor[];
	} {
		const memories = [...this.#stores].map(([memory, store]) => ({
			memory,
			bytes: store.read(0, store.extent),
		}));
		const owned: Array<{ owner: string; position: TPosition; block: BufferBlock }> = [];
		for (const q of this.#queues)
			for (const block of q.blocks) owned.push({ owner: q.name, position: q.position, block });
		for (const b of this.#tbufs)
			if (b.block) owned.push({ owner: b.name, position: b.position, block: b.block });
		for (const t of this.#staticTensors)
			owned.push({ owner: t.owner.name, position: t.position, block: t.block });
		const blocks = owned.map((o) => ({ ...o, dtype: this.#blockTypes.get(o.block) }));
		return { memories, blocks, globals: this.#globals };
	}

	/** The buffer block of a queue or TBuf that holds byte `address` of `memory`, if any. */
	blockAt(memory: Hardware, address: number): BufferBlock | undefined {
		for (const q of this.#queues) {
			if (q.hardware !== memory) continue;
			for (const b of q.blocks) if (address >= b.address && address < b.address + b.bytes) return b;
		}
		for (const t of this.#tbufs) {
			const b = t.block;
			if (t.hardware === memory && b && address >= b.address && address < b.address + b.bytes)
				return b;
		}
		return undefined;
	}

	/** Hands a call's operand accesses, and the pipe that issued it, to the observer if one is set. */
	observeAccess(site: CallSite, call: string, accesses: readonly MemoryAccess[]): void {
		this.onAccess?.(site, call, accesses, issuingPipe(accesses));
	}

	// ----- data ------------------------------------------------------------------------------

	/** The contents of one of this core's memories. */
	storeOf(memory: Hardware): ByteStore {
		let store = this.#stores.get(memory);
		if (!store) {
			const owner = {
				name: `${memory} of core ${this.blockIdx}`,
				bytes: this.memoryCapacity(memory),
			};
			store = new ByteStore(this.recorder.memory, owner);
			this.#stores.set(memory, store);
		}
		return store;
	}

	/** Drops this core's local memories once its block is done, giving their pages back to the budget. */
	releaseStores(): void {
		for (const store of this.#stores.values()) this.recorder.memory.release(store.charged);
		this.#stores.clear();
	}

	/** `t.GetValue(i)`. */
	localGetValue(site: CallSite, t: LocalTensor, index: number): number {
		return localGetValue(this, site, t, index);
	}

	/** `t.SetValue(i, v)`. */
	localSetValue(site: CallSite, t: LocalTensor, index: number, value: number): void {
		localSetValue(this, site, t, index, value);
	}

	/**
	 * The first `n` elements of a tensor for DumpTensor (recorded as a read access); elements past
	 * the tensor or its memory are reported and left out.
	 */
	dumpTensor(site: CallSite, t: LocalTensor | GlobalTensor, n: number): number[] {
		const out: number[] = [];
		if (t instanceof LocalTensor) {
			const count = Math.min(
				n,
				Math.floor(this.memoryCapacity(t.hardware) - t.address) / t.dtype.bytes,
			);
			if (n > t.size) {
				this.trace.diagnose(site, 'tensor-out-of-bounds', {
					call: 'DumpTensor',
					start: t.byteOffset,
					end: t.byteOffset + n * t.dtype.bytes,
					tensor: t.describe(),
					size: t.bytes,
				});
			}
			const store = this.storeOf(t.hardware);
			for (let i = 0; i < count; i++) out.push(store.get(t.dtype, t.address + i * t.dtype.bytes));
		} else if (t.ptr) {
			const end = t.ptr.byteOffset + n * t.dtype.bytes;
			if (end > t.ptr.buffer.bytes) {
				this.trace.diagnose(site, 'gm-out-of-bounds', {
					call: 'DumpTensor',
					start: t.ptr.byteOffset,
					end,
					buffer: t.ptr.buffer.name,
					capacity: t.ptr.buffer.bytes,
				});
			}
			const store = gmStore(t.ptr.buffer);
			const count = Math.max(
				0,
				Math.min(n, Math.floor((t.ptr.buffer.bytes - t.ptr.byteOffset) / t.dtype.bytes)),
			);
			for (let i = 0; i < count; i++)
				out.push(store.get(t.dtype, t.ptr.byteOffset + i * t.dtype.bytes));
		}
		this.record(site, 'DumpTensor', [t.describe(), String(n)], `${out.length} element(s)`);
		return out;
	}

	/** `gm.GetValue(i)`. */
	globalGetValue(site: CallSite, gt: GlobalTensor, index: number): number {
		return globalGetValue(this, site, gt, index);
	}

	/** `gm.SetValue(i, v)`. */
	globalSetValue(site: CallSite, gt: GlobalTensor, index: number, value: number): void {
		globalSetValue(this, site, gt, index, value);
	}

	// ----- services for TPipe, TQue, TBuf and tensors ------------------------------------------

	/** A fresh list for the state changes of one step. */
	changeList(): StateChange[] {
		return [];
	}

	/** Adds a block's new state to `changes`. */
	blockChanged(owner: { name: string }, block: BufferBlock, changes: StateChange[]): void {
		changes.push({
			kind: 'block',
			core: this.blockIdx,
			queue: owner.name,
			index: block.index,
			state: block.state,
			address: block.address,
			bytes: block.bytes,
			enQueEventId: block.enQueEventId,
			freeBufEventId: block.freeBufEventId,
		});
	}

	/**
	 * Describes the step of the catalog call being made (written by the protocol when the call
	 * returns, after updating the occupancy of `position`: its change, metric point and, past the
	 * limit, a warning, at the step's time). Outside a catalog call (a test driving the simulator
	 * directly) the step is written at once.
	 */
	record(
		site: CallSite,
		call: string,
		args: readonly string[],
		result: string,
		changes: StateChange[] = [],
		position?: TPosition,
	): void {
		const open = this.#open;
		if (open) {
			(open.drafts ??= []).push({ site, call, args, result, changes, position });
			return;
		}
		this.trace.advance(KERNEL_CALL_US);
		if (position) this.#updateOccupancy(site, position, changes);
		this.trace.write(site, call, args, result, changes);
	}

	/**
	 * Notes a state change for the step of the catalog call being made (the step the protocol
	 * reads from the call, or the last one the semantics described).
	 */
	note(change: StateChange): void {
		const open = this.#open;
		if (open) (open.changes ??= []).push(change);
	}

	/** Looks up an element type; an unknown one is a diagnostic and is treated as 4 bytes. */
	requireDType(site: CallSite, name: string): DType {
		const dtype = dtypeOf(name);
		if (dtype) return dtype;
		this.trace.diagnose(site, 'dtype-unknown', { dtype: name });
		return { name, bytes: 4, demangled: name };
	}

	/** Looks up a HardEvent; an unknown one is a diagnostic and is treated as V_V. */
	requireEvent(site: CallSite, name: string): HardEvent {
		const event = parseHardEvent(name);
		if (event) return event;
		this.trace.diagnose(site, 'event-unknown', { event: name });
		return 'V_V';
	}

	/** Warns when a destroyed pipe is used (the framework does not check). */
	requirePipeAlive(site: CallSite, call: string, pipe: TPipe): void {
		if (!pipe.alive) this.trace.diagnose(site, 'tpipe-destroyed', { call, pipe: pipe.name });
	}

	/** Bytes of `memory` in this mode: the CPU model's size in CPU mode where it differs. */
	memoryCapacity(memory: Hardware): number {
		if (memory === 'GM') return Number.MAX_SAFE_INTEGER;
		return this.#memorySize(memory).value;
	}

	/** Where the size {@link memoryCapacity} gives comes from (GM has none). */
	memorySource(memory: Hardware): string {
		return memory === 'GM' ? 'GM is not carved by InitBuffer' : this.#memorySize(memory).source;
	}

	#memorySize(memory: Exclude<Hardware, 'GM'>): Sourced {
		if (this.mode === 'cpu')
			return this.profile.cpuModelMemory[memory] ?? this.profile.memory[memory];
		return this.profile.memory[memory];
	}

	/** Takes an event id from the current pipe for a queue operation; stops the core when none is free. */
	allocQueueEvent(
		site: CallSite,
		call: string,
		event: HardEvent,
		holder: string,
		queue: TQueBind,
		frames: () => readonly FrameworkFrame[],
		changes: StateChange[],
	): number {
		const pipe = this.currentPipe && this.currentPipe.alive ? this.currentPipe : queue.pipe!;
		return this.allocEventFrom(pipe, site, call, event, holder, queue, frames, changes);
	}

	/** `AllocEventID<event>()` on `pipe`, with the check and message of ascend-facts A.8. */
	allocEventFrom(
		pipe: TPipe,
		site: CallSite,
		call: string,
		event: HardEvent,
		holder: string,
		queue: TQueBind | undefined,
		frames: () => readonly FrameworkFrame[],
		changes: StateChange[],
	): number {
		const { ok, id } = pipe.events.alloc(event, holder);
		const ids = this.gauge(
			'event-ids',
			event,
			pipe.events.limit,
			'count',
			this.profile.queMaxEvent.source,
		);
		if (!ok) {
			const limit = pipe.events.limit;
			ids.refuse(limit + 1, site, this.blockIdx);
			const template = this.wording.currentIdWording
				? TPIPE_MESSAGES.eventNew
				: TPIPE_MESSAGES.eventOld;
			const value = HARD_EVENT_VALUES[event];
			this.trace.fail(site, call, {
				code: queue ? 'tque-buffer-limit' : 'event-id-exhausted',
				values: {
					call,
					event,
					limit,
					position: queue?.position ?? event,
					product: this.productName,
				},
				log: {
					header: 'tpipe',
					line: ALLOC_EVENT_ID_LOG_LINE,
					func: 'AllocEventID',
					message: formatC(template, id, limit),
				},
				frames: [
					{
						func: `signed char AscendC::TPipe::AllocEventID<(AscendC::HardEvent)${value}>()`,
						file: frameworkPath(this.wording, 'tpipe'),
						line: ALLOC_EVENT_ID_FRAME_LINE,
						...(value === 5 ? { address: 0x17c4f } : {}),
					},
					...frames(),
				],
				reason: `AllocEventID<${event}> has no free id (all ${limit} in use)`,
			});
		}
		ids.level(pipe.events.inUse(event), site, this.blockIdx);
		changes.push({
			kind: 'event-ids',
			core: this.blockIdx,
			event,
			held: pipe.events.heldIds(event),
		});
		return id;
	}

	/**
	 * The gauge of one of this core's resources in the run's resource meter (shared by every core
	 * of the run, so its peak is the highest any core reached).
	 */
	gauge(
		kind: 'position-buffers' | 'position-bytes' | 'memory-bytes' | 'event-ids',
		subject: string,
		limit: number,
		unit: 'count' | 'bytes',
		source: string,
	): Gauge {
		const key = `${kind}:${subject}`;
		let gauge = this.#gauges.get(key);
		if (!gauge) {
			gauge = this.recorder.resources.gauge({ kind, subject, limit, unit, source });
			this.#gauges.set(key, gauge);
		}
		return gauge;
	}

	/** Gives a queue's event id back to the current pipe. */
	releaseQueueEvent(event: HardEvent, id: number, changes: StateChange[]): void {
		const pipe = this.currentPipe;
		if (!pipe || id === NO_EVENT_ID) return;
		pipe.events.release(event, id);
		changes.push({
			kind: 'event-ids',
			core: this.blockIdx,
			event,
			held: pipe.events.heldIds(event),
		});
	}

	/** Declares the occupancy series of `position` (once). */
	defineOccupancySeries(position: TPosition): void {
		if (this.#series.has(position)) return;
		this.#series.add(position);
		this.recorder.defineSeries({
			id: occupancySeriesId(this.blockIdx, position),
			label: {
				zh: `核 ${this.blockIdx} · ${position} 上的 buffer`,
				en: `Buffers on ${position} (core ${this.blockIdx})`,
			},
			unit: 'count',
			limit: this.profile.queMaxEvent.value,
		});
		this.recorder.metric(occupancySeriesId(this.blockIdx, position), 0);
	}

	/** Buffers on `position` that are in use or waiting for their FreeTensor event id. */
	occupancy(position: TPosition): number {
		let n = 0;
		for (const q of this.#queues) {
			if (q.position !== position) continue;
			for (const b of q.blocks) if (isBlockEngaged(b)) n++;
		}
		return n;
	}

	#updateOccupancy(site: CallSite, position: TPosition, changes: StateChange[]): void {
		const now = this.occupancy(position);
		if (this.#occupancy.get(position) === now) return;
		this.#occupancy.set(position, now);
		const limit = this.profile.queMaxEvent.value;
		changes.push({ kind: 'occupancy', core: this.blockIdx, position, count: now, limit });
		this.defineOccupancySeries(position);
		this.recorder.metric(occupancySeriesId(this.blockIdx, position), now);
		this.gauge('position-buffers', position, limit, 'count', this.profile.queMaxEvent.source).level(
			now,
			site,
			this.blockIdx,
		);
		if (now > limit && !this.#overLimit.has(position)) {
			this.#overLimit.add(position);
			this.trace.diagnose(site, 'tposition-buffer-count', { count: now, position, limit });
		} else if (now <= limit) {
			this.#overLimit.delete(position);
		}
	}

	/** Re-reads a position's occupancy after a pipe was emptied, adding the change to `changes`. */
	refreshOccupancy(position: TPosition, changes?: StateChange[]): void {
		const now = this.occupancy(position);
		this.#occupancy.set(position, now);
		changes?.push({
			kind: 'occupancy',
			core: this.blockIdx,
			position,
			count: now,
			limit: this.profile.queMaxEvent.value,
		});
		if (now <= this.profile.queMaxEvent.value) this.#overLimit.delete(position);
		if (this.#series.has(position))
			this.recorder.metric(occupancySeriesId(this.blockIdx, position), now);
	}

	/** A pipe was destroyed: `GetTPipePtr()` falls back to another live pipe, if any. */
	pipeDestroyed(pipe: TPipe): void {
		if (this.currentPipe === pipe)
			this.currentPipe = [...this.pipes].reverse().find((p) => p.alive);
	}

	/** `t[offset]`. */
	sliceTensor(site: CallSite, t: LocalTensor, offset: number): LocalTensor {
		const n = Number.isFinite(offset) ? Math.trunc(offset) : 0;
		const call = `${t.describe()}[]`;
		if (n < 0 || n > t.size) {
			this.trace.diagnose(site, 'tensor-out-of-bounds', {
				call: `${t.describe()}[${n}]`,
				start: t.byteOffset + n * t.dtype.bytes,
				end: t.byteOffset + n * t.dtype.bytes,
				tensor: t.describe(),
				size: t.bytes,
			});
		}
		const slice = new LocalTensor(
			t.owner,
			t.block,
			Math.max(0, t.byteOffset + n * t.dtype.bytes),
			t.size - n,
			t.dtype,
			t.generation,
		);
		this.record(site, call, [String(n)], `LocalTensor<${t.dtype.name}> ${slice.describe()}`);
		return slice;
	}

	/** `t.SetSize(n)`: the tensor's element count; a size past its block is a warning. */
	setTensorSize(site: CallSite, t: LocalTensor, size: number): void {
		const n = Math.max(0, Math.trunc(Number.isFinite(size) ? size : 0));
		if (n * t.dtype.bytes > t.bytesToBlockEnd) {
			this.trace.diagnose(site, 'tensor-out-of-bounds', {
				call: `${t.describe()}.SetSize`,
				start: t.byteOffset,
				end: t.byteOffset + n * t.dtype.bytes,
				tensor: t.describe(),
				size: Math.max(0, t.bytesToBlockEnd),
			});
		}
		t.resize(n);
		this.record(site, `${t.describe()}.SetSize`, [String(n)], 'void');
	}

	/** `t.ReinterpretCast<U>()`. */
	reinterpretTensor(site: CallSite, t: LocalTensor, dtypeName: string): LocalTensor {
		const dtype = this.requireDType(site, dtypeName);
		const out = new LocalTensor(
			t.owner,
			t.block,
			t.byteOffset,
			Math.floor(t.bytes / dtype.bytes),
			dtype,
			t.generation,
		);
		this.record(
			site,
			`${t.describe()}.ReinterpretCast<${dtype.name}>`,
			[],
			`LocalTensor<${dtype.name}> ${out.describe()}`,
		);
		return out;
	}

	/** `buf.Get<T>(len?)`, or `buf.GetWithOffset<T>(len, byteOffset)`. */
	tbufGet(site: CallSite, buf: TBuf, dtypeName: string, len?: number, byteOffset = 0): LocalTensor {
		const dtype = this.requireDType(site, dtypeName);
		const call = `${buf.name}.${byteOffset > 0 ? 'GetWithOffset' : 'Get'}<${dtype.name}>`;
		const frame: FrameworkFrame = {
			func: `AscendC::LocalTensor<${dtype.demangled}> ${buf.cppType}::Get<${dtype.demangled}>(unsigned int)`,
			file: frameworkPath(this.wording, 'tpipe'),
			line: 1302,
		};
		const block = buf.block;
		if (!block || !buf.pipe?.alive) {
			this.trace.fail(site, call, {
				code: 'tque-not-initialized',
				values: { call, queue: buf.name },
				frames: [frame],
				reason: `${buf.name} has no buffer (no InitBuffer)`,
			});
		}
		const offset = Math.max(0, Math.trunc(byteOffset));
		const count =
			len === undefined ? Math.floor((block.bytes - offset) / dtype.bytes) : Math.trunc(len);
		if (count < 0 || offset + count * dtype.bytes > block.bytes) {
			this.trace.fail(site, call, {
				code: 'tbuf-get-length',
				values: {
					queue: buf.name,
					dtype: dtype.name,
					count,
					bytes: count * dtype.bytes,
					capacity: block.bytes,
				},
				log: {
					header: 'tpipe',
					line: 1298,
					func: 'Get',
					message: formatC(
						CHECK_MESSAGES.value,
						'len',
						'Get',
						'0',
						String(Math.floor(block.bytes / dtype.bytes)),
						String(count),
					),
				},
				frames: [frame],
				reason: `${call}(${count}) exceeds the TBuf`,
			});
		}
		const tensor = new LocalTensor(buf, block, offset, count, dtype);
		this.noteTensor(tensor);
		this.record(
			site,
			call,
			len === undefined ? [] : offset > 0 ? [String(len), String(offset)] : [String(len)],
			`LocalTensor<${dtype.name}> ${tensor.describe()}`,
		);
		return tensor;
	}

	/** `gm.SetGlobalBuffer(ptr, size)`. */
	setGlobalBuffer(site: CallSite, gt: GlobalTensor, ptr: GmPointer, size?: number): void {
		gt.ptr = ptr;
		gt.size = size;
		typeGmBuffer(ptr.buffer, gt.dtype);
		const call = `${gt.name}.SetGlobalBuffer`;
		if (size !== undefined) {
			const end = ptr.byteOffset + size * gt.dtype.bytes;
			if (end > ptr.buffer.bytes || ptr.byteOffset < 0) {
				this.trace.diagnose(site, 'gm-out-of-bounds', {
					call,
					start: ptr.byteOffset,
					end,
					buffer: ptr.buffer.name,
					capacity: ptr.buffer.bytes,
				});
			}
		}
		this.record(
			site,
			call,
			[`${ptr.buffer.name}+${ptr.byteOffset}`, size === undefined ? '' : String(size)],
			'void',
			[
				{
					kind: 'gm-window',
					core: this.blockIdx,
					tensor: gt.name,
					buffer: ptr.buffer.name,
					offset: ptr.byteOffset,
					size: size ?? null,
				},
			],
		);
	}

	/** `gm[offset]`. */
	sliceGlobal(site: CallSite, gt: GlobalTensor, offset: number): GlobalTensor {
		const n = Number.isFinite(offset) ? Math.trunc(offset) : 0;
		const ptr = gt.ptr
			? { buffer: gt.ptr.buffer, byteOffset: gt.ptr.byteOffset + n * gt.dtype.bytes }
			: undefined;
		const size = gt.size === undefined ? undefined : gt.size - n;
		const out = new GlobalTensor(this, gt.name, gt.dtype, ptr, size);
		this.record(site, `${gt.name}[]`, [String(n)], out.describe());
		return out;
	}
}

/** Id of the occupancy series of `position` on core `blockIdx`, e.g. `kernel.core0.VECIN`. */
export function occupancySeriesId(blockIdx: number, position: TPosition): string {
	return `kernel.core${blockIdx}.${position}`;
}
