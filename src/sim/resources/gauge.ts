/**
 * A gauge follows the level of one counted resource as the simulator changes it and keeps only
 * what the report needs: the peak with the line where it was first reached, and the first time
 * the level (or a refused request) went above the limit. Setting a level that is not a new peak
 * costs one comparison, so gauges sit on hot paths (a million-iteration malloc loop).
 */
import type { CallSite } from '../trace.ts';
import type {
	ResourceKind,
	ResourceOverrun,
	ResourcePeak,
	ResourcePlace,
} from './resource-report.ts';

/** The innermost frame of `site` as a place, or undefined for an empty stack. */
export function placeOf(site: CallSite | undefined): ResourcePlace | undefined {
	const stack = site?.stack;
	const frame = stack?.[stack.length - 1];
	if (!frame || frame.line <= 0) return undefined;
	const place: ResourcePlace = { line: frame.line, column: frame.column ?? 1 };
	if (frame.file) place.file = frame.file;
	return place;
}

/** What identifies a gauge and bounds it. */
export interface GaugeSpec {
	kind: ResourceKind;
	subject: string;
	unit: 'count' | 'bytes';
	limit: number;
	/** Where the limit comes from (`illustrative…` when no source gives it). */
	source?: string;
}

/** One resource's level; see the file comment. Invariant: `peak` never decreases. */
export class Gauge {
	readonly spec: GaugeSpec;
	peak = 0;
	#at: ResourcePlace | undefined;
	#core: number | undefined;
	#over: ResourceOverrun | undefined;

	constructor(spec: GaugeSpec) {
		this.spec = spec;
	}

	/** The level is now `value`, changed at `site` (on core `core`, for per-core resources). */
	level(value: number, site?: CallSite, core?: number): void {
		if (value > this.peak) {
			this.peak = value;
			this.#at = placeOf(site);
			this.#core = core;
			if (value > this.spec.limit && !this.#over) {
				const over: ResourceOverrun = { value, refused: false };
				if (this.#at) over.at = this.#at;
				this.#over = over;
			}
		}
	}

	/** A request that would have brought the level to `wanted` was refused at `site`. */
	refuse(wanted: number, site?: CallSite, core?: number): void {
		if (this.#over) return;
		const over: ResourceOverrun = { value: wanted, refused: true };
		const at = placeOf(site);
		if (at) over.at = at;
		this.#over = over;
		if (this.#core === undefined) this.#core = core;
	}

	/** Whether the resource was ever held or asked for (a gauge made but never fed is not). */
	get touched(): boolean {
		return this.peak > 0 || this.#over !== undefined;
	}

	/** The gauge as a report entry. */
	toPeak(): ResourcePeak {
		const { kind, subject, unit, limit, source } = this.spec;
		const peak: ResourcePeak = { kind, subject, unit, peak: this.peak, limit };
		if (source?.startsWith('illustrative')) peak.illustrative = true;
		if (this.#at) peak.at = this.#at;
		if (this.#core !== undefined) peak.core = this.#core;
		if (this.#over) peak.over = this.#over;
		return peak;
	}
}
