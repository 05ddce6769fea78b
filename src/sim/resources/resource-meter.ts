/**
 * The resource meter of a run: the gauges the kernel and host simulators feed (one per kind and
 * subject, shared by every core and process of the run, so a peak is the highest any of them
 * reached), and the resources processes still held at exit, grouped by the line that took them.
 * The recorder owns one and puts its {@link ResourceReport} in the trace.
 *
 * Invariant: one gauge per (kind, subject); a second request for it returns the first, whose
 * limit stays the one it was created with.
 */
import type { Leak } from '../trace.ts';
import { Gauge, type GaugeSpec } from './gauge.ts';
import {
	RESOURCE_KINDS,
	type HeldResource,
	type ResourcePlace,
	type ResourceReport,
} from './resource-report.ts';

/** Collects a run's resource levels; see the file comment. */
export class ResourceMeter {
	readonly #gauges = new Map<string, Gauge>();
	readonly #held = new Map<string, HeldResource>();

	/** The gauge of `spec.kind` and `spec.subject`, made on first use. */
	gauge(spec: GaugeSpec): Gauge {
		const key = `${spec.kind}\u0000${spec.subject}`;
		let gauge = this.#gauges.get(key);
		if (!gauge) {
			gauge = new Gauge(spec);
			this.#gauges.set(key, gauge);
		}
		return gauge;
	}

	/** Counts a resource still held at process exit under its kind and the line that took it. */
	held(leak: Leak): void {
		const span = leak.span;
		const key = `${leak.kind}\u0000${span?.file ?? ''}\u0000${span?.line ?? 0}\u0000${span?.column ?? 0}`;
		const group = this.#held.get(key);
		if (group) {
			group.count++;
			if (leak.bytes !== undefined) group.bytes = (group.bytes ?? 0) + leak.bytes;
			return;
		}
		const entry: HeldResource = { kind: leak.kind, count: 1, example: leak.detail };
		if (leak.bytes !== undefined) entry.bytes = leak.bytes;
		if (span) {
			const at: ResourcePlace = { line: span.line, column: span.column };
			if (span.file) at.file = span.file;
			entry.at = at;
		}
		this.#held.set(key, entry);
	}

	/**
	 * The report so far: peaks of the resources ever held or asked for, in kind order (then first
	 * use); held resources in line order.
	 */
	report(): ResourceReport {
		const order = new Map(RESOURCE_KINDS.map((kind, i) => [kind, i]));
		const peaks = [...this.#gauges.values()]
			.filter((g) => g.touched)
			.map((g, i) => ({ peak: g.toPeak(), i }))
			.sort((a, b) => order.get(a.peak.kind)! - order.get(b.peak.kind)! || a.i - b.i)
			.map((e) => e.peak);
		const held = [...this.#held.values()]
			.map((h) => ({ ...h, ...(h.at ? { at: { ...h.at } } : {}) }))
			.sort(
				(a, b) =>
					(a.at?.file ?? '').localeCompare(b.at?.file ?? '') ||
					(a.at?.line ?? 0) - (b.at?.line ?? 0) ||
					(a.at?.column ?? 0) - (b.at?.column ?? 0) ||
					a.kind.localeCompare(b.kind),
			);
		return { peaks, held };
	}
}
