/**
 * One NPU as the driver and task scheduler (TSCH) see it, shared by every process on the machine:
 * its memory, event, stream and Notify resources, model ids and model-stream queues, the device
 * log counter, and any model stream left bound and running after a process died (see
 * {@link StaleModelStream}). Invariant: the pools count exactly what live processes hold, plus
 * the stale stream's queue id.
 *
 * Metric series: device 0's memory and event series exist from the start (every trace has
 * them); another device's appear when a process first opens it, and the stream and Notify
 * series of a device when a program first creates one of them, so a run that never touches a
 * resource draws no chart for it.
 */
import type { Recorder } from '../recorder.ts';
import { DeviceMemory, deviceAddressBase } from './device-memory.ts';
import type { Sourced } from '../product.ts';
import type { HostProfile } from './host-profile.ts';
import { formatTschLine, type PlogLevel, type TschCoreTag } from './host-log.ts';
import { ResourcePool } from './resource-pool.ts';
import type { Gauge } from '../resources/gauge.ts';
import { SampledMetric } from './sampled-metric.ts';

/** First model id the device hands out: seed 002's unbind line shows `model_id=512`. */
export const FIRST_MODEL_ID = 512;

/** First queue (sq) id of a model stream: seed 002's unbind line shows `task.sq_id=514`. */
export const FIRST_MODEL_SQ_ID = 514;

/**
 * A model stream that a process's signal handler released while it ran, racing the driver's own
 * release: it stays bound to its model and running on the device (seed 002, case 3).
 */
export interface StaleModelStream {
	modelId: number;
	sqId: number;
	taskId: number;
	pid: number;
}

/** The series ids of a device: `device-memory` / `event-resources` (device 0), `…:<n>` others. */
export function deviceSeriesIds(deviceId: number): {
	memory: string;
	events: string;
	streams: string;
	notifies: string;
} {
	const suffix = deviceId === 0 ? '' : `:${deviceId}`;
	return {
		memory: `device-memory${suffix}`,
		events: `event-resources${suffix}`,
		streams: `stream-resources${suffix}`,
		notifies: `notify-resources${suffix}`,
	};
}

/** A resource pool with its lazily declared metric series. */
export class MeteredPool extends ResourcePool {
	readonly #declare: () => SampledMetric;
	#series: SampledMetric | undefined;

	constructor(limit: number, declare: () => SampledMetric, gauge?: Gauge) {
		super(limit, gauge);
		this.#declare = declare;
	}

	/** Records the pool's use now (declaring its series on first use). */
	sample(): void {
		(this.#series ??= this.#declare()).update(this.inUse);
	}

	/** Pushes an exact point, if the series exists. */
	flush(): void {
		this.#series?.flush();
	}
}

/** One device. */
export class Device {
	readonly id: number;
	readonly memory: DeviceMemory;
	readonly events: ResourcePool;
	readonly streams: MeteredPool;
	readonly notifies: MeteredPool;
	/** Bytes the system reserves, shown as used by npu-smi (npu-smi total − usable memory). */
	readonly reservedBytes: number;
	/** Whether the card can be opened (false: not healthy, or not mapped into the container). */
	healthy = true;
	readonly #recorder: Recorder;
	#memorySeries: SampledMetric | undefined;
	#eventSeries: SampledMetric | undefined;
	readonly #modelIds = new Set<number>();
	readonly #sqIds = new Set<number>();
	#nextStreamId = 0;
	#tschSeq = 0;
	/** Model streams left running by a handler/driver race; they keep their queue id. */
	readonly staleModelStreams: StaleModelStream[] = [];

	constructor(id: number, profile: HostProfile, recorder: Recorder) {
		this.id = id;
		this.#recorder = recorder;
		const meter = recorder.resources;
		const subject = String(id);
		const gauge = (
			kind: 'device-memory' | 'streams' | 'event-resources' | 'notifies',
			limit: Sourced,
		) =>
			meter.gauge({
				kind,
				subject,
				limit: limit.value,
				unit: kind === 'device-memory' ? 'bytes' : 'count',
				source: limit.source,
			});
		this.memory = new DeviceMemory(
			profile.deviceMemoryBytes.value,
			deviceAddressBase(id),
			gauge('device-memory', profile.deviceMemoryBytes),
		);
		this.reservedBytes = Math.max(0, profile.npuSmiMemoryBytes.value - this.memory.capacity);
		this.events = new ResourcePool(profile.events.value, gauge('event-resources', profile.events));
		const ids = deviceSeriesIds(id);
		const on = id === 0 ? '' : ` (device ${id})`;
		this.streams = new MeteredPool(
			profile.streams.value,
			() =>
				this.#series(
					ids.streams,
					{ zh: `Stream 资源占用${on}`, en: `Stream resources in use${on}` },
					'count',
					profile.streams.value,
				),
			gauge('streams', profile.streams),
		);
		this.notifies = new MeteredPool(
			profile.notifies.value,
			() =>
				this.#series(
					ids.notifies,
					{ zh: `Notify 资源占用${on}`, en: `Notify resources in use${on}` },
					'count',
					profile.notifies.value,
				),
			gauge('notifies', profile.notifies),
		);
		if (id === 0) this.open();
	}

	/** Declares the memory and event series (first open of the device; device 0 at once). */
	open(): void {
		if (this.#memorySeries) return;
		const ids = deviceSeriesIds(this.id);
		const on = this.id === 0 ? '' : ` (device ${this.id})`;
		this.#memorySeries = this.#series(
			ids.memory,
			{ zh: `设备内存占用${on}`, en: `Device memory in use${on}` },
			'bytes',
			this.memory.capacity,
		);
		this.#eventSeries = this.#series(
			ids.events,
			{ zh: `Event 资源占用${on}`, en: `Event resources in use${on}` },
			'count',
			this.events.limit,
		);
		this.#memorySeries.update(this.memory.used);
		this.#eventSeries.update(this.events.inUse);
		this.#memorySeries.flush();
		this.#eventSeries.flush();
	}

	/** The device memory series (declared by {@link open}). */
	get memorySeries(): SampledMetric {
		if (!this.#memorySeries) this.open();
		return this.#memorySeries!;
	}

	/** The event resource series (declared by {@link open}). */
	get eventSeries(): SampledMetric {
		if (!this.#eventSeries) this.open();
		return this.#eventSeries!;
	}

	#series(
		id: string,
		label: { zh: string; en: string },
		unit: 'bytes' | 'count',
		limit: number,
	): SampledMetric {
		this.#recorder.defineSeries({ id, label, unit, limit });
		return new SampledMetric(this.#recorder, id);
	}

	/** A fresh stream id for log lines (never reused on this device). */
	nextStreamId(): number {
		return this.#nextStreamId++;
	}

	/**
	 * The lowest free model id from {@link FIRST_MODEL_ID} that `taken` (the process's own ids,
	 * on every device it uses) does not hold either: a model id names one model in a process.
	 */
	takeModelId(taken?: ReadonlyMap<number, unknown>): number {
		let id = FIRST_MODEL_ID;
		while (this.#modelIds.has(id) || taken?.has(id)) id++;
		this.#modelIds.add(id);
		return id;
	}

	/** Frees a model id. */
	releaseModelId(id: number): void {
		this.#modelIds.delete(id);
	}

	/** The lowest free model-stream queue id from {@link FIRST_MODEL_SQ_ID}. */
	takeSqId(): number {
		let id = FIRST_MODEL_SQ_ID;
		while (this.#sqIds.has(id)) id++;
		this.#sqIds.add(id);
		return id;
	}

	/** Frees a model-stream queue id. */
	releaseSqId(id: number): void {
		this.#sqIds.delete(id);
	}

	/** Appends a TSCH line to the device log (channel `device`), numbered from 1 per device. */
	tsch(level: PlogLevel, core: TschCoreTag, body: string): void {
		const recorder = this.#recorder;
		recorder.log({
			text: formatTschLine(level, recorder.clock.now, ++this.#tschSeq, core, body),
			channel: 'device',
			level,
		});
	}

	/** Pushes exact points of every declared series (after errors, exits, and at the end of a run). */
	flushSeries(): void {
		this.#memorySeries?.flush();
		this.#eventSeries?.flush();
		this.streams.flush();
		this.notifies.flush();
	}
}
