/**
 * One NPU as the driver and task scheduler (TSCH) see it, shared by every process on the machine:
 * its memory pool, event and stream resources, model ids and model-stream queues, the device log
 * counter, and any model stream left bound and running after a process died (see
 * {@link StaleModelStream}). Invariant: the pools count exactly what live processes hold, plus
 * the stale stream's queue id.
 */
import type { Recorder } from '../recorder.ts';
import { DeviceMemory } from './device-memory.ts';
import type { Sourced } from '../product.ts';
import type { HostProfile } from './host-profile.ts';
import { formatTschLine, type PlogLevel, type TschCoreTag } from './host-log.ts';
import { ResourcePool } from './resource-pool.ts';
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
export function deviceSeriesIds(deviceId: number): { memory: string; events: string } {
	const suffix = deviceId === 0 ? '' : `:${deviceId}`;
	return { memory: `device-memory${suffix}`, events: `event-resources${suffix}` };
}

/** One device. */
export class Device {
	readonly id: number;
	readonly memory: DeviceMemory;
	readonly events: ResourcePool;
	readonly streams: ResourcePool;
	readonly memorySeries: SampledMetric;
	readonly eventSeries: SampledMetric;
	readonly #recorder: Recorder;
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
		const gauge = (kind: 'device-memory' | 'streams' | 'event-resources', limit: Sourced) =>
			meter.gauge({
				kind,
				subject,
				limit: limit.value,
				unit: kind === 'device-memory' ? 'bytes' : 'count',
				source: limit.source,
			});
		this.memory = new DeviceMemory(
			profile.deviceMemoryBytes.value,
			gauge('device-memory', profile.deviceMemoryBytes),
		);
		this.events = new ResourcePool(profile.events.value, gauge('event-resources', profile.events));
		this.streams = new ResourcePool(profile.streams.value, gauge('streams', profile.streams));
		const ids = deviceSeriesIds(id);
		const on = id === 0 ? '' : ` (device ${id})`;
		recorder.defineSeries({
			id: ids.memory,
			label: { zh: `设备内存占用${on}`, en: `Device memory in use${on}` },
			unit: 'bytes',
			limit: this.memory.capacity,
		});
		recorder.defineSeries({
			id: ids.events,
			label: { zh: `Event 资源占用${on}`, en: `Event resources in use${on}` },
			unit: 'count',
			limit: this.events.limit,
		});
		this.memorySeries = new SampledMetric(recorder, ids.memory);
		this.eventSeries = new SampledMetric(recorder, ids.events);
		this.memorySeries.flush();
		this.eventSeries.flush();
	}

	/** A fresh stream id for log lines (never reused on this device). */
	nextStreamId(): number {
		return this.#nextStreamId++;
	}

	/** The lowest free model id from {@link FIRST_MODEL_ID}. */
	takeModelId(): number {
		let id = FIRST_MODEL_ID;
		while (this.#modelIds.has(id)) id++;
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

	/** Pushes exact points of both series (after errors, exits, and at the end of a run). */
	flushSeries(): void {
		this.memorySeries.flush();
		this.eventSeries.flush();
	}
}
