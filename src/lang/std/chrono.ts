/**
 * `std::chrono` on the simulator's virtual clock: `steady_clock::now()` (and `system_clock`,
 * `high_resolution_clock`) read the clock the simulated machine runs on, so a program that times
 * its own AscendCL calls measures the simulated durations, and a share link measures the same.
 * A duration is a count of nanoseconds with the unit it counts in (`milliseconds`,
 * `duration<double, std::milli>`); `count()` gives the value in that unit, `duration_cast`
 * changes the unit (truncating to whole units for integer durations).
 */
import { num } from '../bindings/args.ts';
import type { BindingTable, NativeType } from '../bindings/binding.ts';
import type { SimEnv } from '../bindings/sim-env.ts';
import { T, type CType, type TemplateArg } from '../types.ts';
import { SimObject, type Value } from '../values.ts';

/** A duration or a time point: nanoseconds, and the unit a count is in. */
export class ChronoValue {
	readonly ns: number;
	/** Nanoseconds per unit. */
	readonly unit: number;
	/** Whether counts are whole units (`milliseconds`) or fractional (`duration<double, …>`). */
	readonly integral: boolean;
	constructor(ns: number, unit: number, integral: boolean) {
		this.ns = ns;
		this.unit = unit;
		this.integral = integral;
	}
	count(): number {
		const c = this.ns / this.unit;
		return this.integral ? Math.trunc(c) : c;
	}
}

/** Nanoseconds per unit of the named durations. */
const UNITS: Record<string, number> = {
	nanoseconds: 1,
	microseconds: 1e3,
	milliseconds: 1e6,
	seconds: 1e9,
	minutes: 60e9,
	hours: 3600e9,
};

/** Nanoseconds per unit of the ratio names (`std::milli`). */
const RATIOS: Record<string, number> = { nano: 1, micro: 1e3, milli: 1e6, ratio: 1e9 };

const DURATION = 'chrono::duration';
const TIME_POINT = 'chrono::time_point';
/** The static type of a difference of time points or a sum of durations. */
const durationType_: CType = { k: 'sim', name: DURATION, targs: [] };

function chrono(v: Value): ChronoValue | undefined {
	return v instanceof SimObject && v.handle instanceof ChronoValue ? v.handle : undefined;
}

function durationOf(ns: number, unit: number, integral: boolean): SimObject {
	return new SimObject(DURATION, [], new ChronoValue(ns, unit, integral));
}

/** The unit of a `duration<Rep, Period>` from its template arguments. */
function unitOf(targs: readonly TemplateArg[]): { unit: number; integral: boolean } {
	const rep = targs[0];
	const period = targs[1];
	const integral = !(typeof rep === 'object' && rep.k === 'float');
	let unit = 1e9;
	if (typeof period === 'object' && period.k === 'sim') unit = RATIOS[period.name] ?? 1e9;
	return { unit, integral };
}

function durationType(name: string, unit: number | undefined): NativeType {
	return {
		name,
		ctype: (targs) => ({ k: 'sim', name: DURATION, targs: unit === undefined ? targs : [] }),
		construct: (call) => {
			const u = unit === undefined ? unitOf(call.targs) : { unit, integral: true };
			const c = chrono(call.args[0]);
			if (c) return durationOf(c.ns, u.unit, u.integral);
			return durationOf(num(call.args[0]) * u.unit, u.unit, u.integral);
		},
		methods: {},
	};
}

/** The arithmetic and comparison of durations and time points. */
function chronoBinary(op: string, a: Value, b: Value): Value | undefined {
	const x = chrono(a);
	const y = chrono(b);
	if (x && y) {
		switch (op) {
			case '-':
				return durationOf(x.ns - y.ns, Math.min(x.unit, y.unit), x.integral && y.integral);
			case '+':
				return durationOf(x.ns + y.ns, Math.min(x.unit, y.unit), x.integral && y.integral);
			case '<':
				return x.ns < y.ns ? 1 : 0;
			case '>':
				return x.ns > y.ns ? 1 : 0;
			case '<=':
				return x.ns <= y.ns ? 1 : 0;
			case '>=':
				return x.ns >= y.ns ? 1 : 0;
			case '==':
				return x.ns === y.ns ? 1 : 0;
			case '!=':
				return x.ns !== y.ns ? 1 : 0;
			case '/':
				return x.ns / y.ns;
		}
	}
	if (x && typeof b === 'number' && (op === '*' || op === '/'))
		return durationOf(op === '*' ? x.ns * b : x.ns / b, x.unit, x.integral);
	return undefined;
}

/** The virtual clock in nanoseconds (the simulator counts microseconds). */
function nowNs(env: SimEnv): number {
	return env.recorder.clock.now * 1e3;
}

/** Adds `std::chrono` and `std::this_thread::sleep_for`. */
export function addChronoBindings(table: BindingTable, env: SimEnv): void {
	const types = table.types;
	const duration: NativeType = {
		name: DURATION,
		ctype: (targs) => ({ k: 'sim', name: DURATION, targs }),
		construct: (call) => {
			const u = unitOf(call.targs);
			const c = chrono(call.args[0]);
			return durationOf(c ? c.ns : num(call.args[0]) * u.unit, u.unit, u.integral);
		},
		convert: (v, targs) => {
			const c = chrono(v);
			if (!c || targs.length === 0) return v;
			const u = unitOf(targs);
			return durationOf(c.ns, u.unit, u.integral);
		},
		methods: { count: (self) => chrono(self)?.count() ?? 0 },
		returns: { count: (targs) => (unitOf(targs).integral ? T.i64 : T.f64) },
		binary: chronoBinary,
		binaryType: () => durationType_,
	};
	types.set(DURATION, duration);
	types.set('chrono::duration', duration);
	for (const [name, unit] of Object.entries(UNITS))
		types.set(`chrono::${name}`, durationType(name, unit));
	for (const name of Object.keys(RATIOS))
		types.set(name, { name, ctype: () => ({ k: 'sim', name, targs: [] }), methods: {} });
	types.set(TIME_POINT, {
		name: TIME_POINT,
		ctype: () => ({ k: 'sim', name: TIME_POINT, targs: [] }),
		methods: { time_since_epoch: (self) => durationOf(chrono(self)?.ns ?? 0, 1, true) },
		binary: chronoBinary,
		binaryType: () => durationType_,
	});
	const timePoint: CType = { k: 'sim', name: TIME_POINT, targs: [] };
	for (const clock of ['steady_clock', 'system_clock', 'high_resolution_clock']) {
		table.functions.set(
			`chrono::${clock}::now`,
			() => new SimObject(TIME_POINT, [], new ChronoValue(nowNs(env), 1, true)),
		);
		table.returns.set(`chrono::${clock}::now`, () => timePoint);
		types.set(`chrono::${clock}::time_point`, types.get(TIME_POINT)!);
	}
	table.functions.set('chrono::duration_cast', (call) => {
		const c = chrono(call.args[0]);
		const t = call.targs[0];
		const name = typeof t === 'object' && t.k === 'sim' ? t.name : '';
		const unit = UNITS[name.replace(/^chrono::/, '')];
		if (!c) return call.args[0];
		if (unit !== undefined) return durationOf(Math.trunc(c.ns / unit) * unit, unit, true);
		const u =
			typeof t === 'object' && t.k === 'sim' ? unitOf(t.targs) : { unit: 1, integral: true };
		return durationOf(c.ns, u.unit, u.integral);
	});
	table.returns.set('chrono::duration_cast', (targs) => {
		const t = targs[0];
		return typeof t === 'object' ? t : T.unknown;
	});
	const sleep = (ns: number) => {
		env.recorder.clock.advance(Math.max(0, Math.round(ns / 1e3)));
		return undefined;
	};
	table.functions.set('this_thread::sleep_for', (call) => {
		const c = chrono(call.args[0]);
		sleep(c ? c.ns : num(call.args[0]));
		env.threads.switchPoint();
		call.rt.check();
		return undefined;
	});
	table.functions.set('this_thread::yield', () => undefined);
	table.functions.set('clock', () => Math.round(env.recorder.clock.now));
	table.functions.set('time', () => Math.floor(env.recorder.clock.now / 1e6));
	table.constants.set('CLOCKS_PER_SEC', { value: 1_000_000, type: T.i64 });
}
