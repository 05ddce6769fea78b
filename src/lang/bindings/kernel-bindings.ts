/**
 * Ascend C names bound to the kernel side of the simulator (`src/sim/kernel`): TPipe, TQue,
 * TQueBind, TBuf, LocalTensor, GlobalTensor, DataCopy, the vector instructions, sync flags and
 * the enum constants (`TPosition::VECIN`, `HardEvent::MTE2_V`, `PIPE_V`…). Every call passes the
 * user's call site; the kernel simulator records it and throws a Halt when the core stops.
 */
import {
	GlobalTensor,
	HARD_EVENT_VALUES,
	LocalTensor,
	PIPES,
	TPOSITION_VALUES,
	VECTOR_OPS,
	gmPointer,
	type CoreContext,
	type GmBuffer,
	type TBuf,
	type TPipe,
	type TQueBind,
	type VectorArg,
} from '../../sim/kernel/index.ts';
import { Halt } from '../../sim/halt.ts';
import { T, sizeOf, type CType, type TemplateArg } from '../types.ts';
import { Ptr, SimObject, type Value } from '../values.ts';
import type { BindingTable, NativeCall, NativeType } from './binding.ts';
import { dtypeName, handle, num } from './args.ts';
import type { SimEnv } from './sim-env.ts';

const POSITION_NAMES = new Map<number, string>(
	Object.entries(TPOSITION_VALUES).map(([name, value]) => [value, name]),
);
const EVENT_NAMES = new Map<number, string>(
	Object.entries(HARD_EVENT_VALUES).map(([name, value]) => [value, name]),
);

/** The simulator's type for the tiling struct of an operator-framework kernel. */
const TILING_TYPE = '__CasebookTiling';

/** `EVENT_ID0`…`EVENT_ID7` are the plain ids 0…7 (TEventID values). */
const EVENT_IDS = 8;

/** Round modes of `Cast`, passed to the simulator by name (values are interpreter-internal). */
const ROUND_MODES = [
	'CAST_NONE',
	'CAST_RINT',
	'CAST_FLOOR',
	'CAST_CEIL',
	'CAST_ROUND',
	'CAST_TRUNC',
	'CAST_ODD',
];

function positionName(arg: TemplateArg | undefined): string {
	return typeof arg === 'number' ? (POSITION_NAMES.get(arg) ?? String(arg)) : 'VECCALC';
}

function eventName(arg: TemplateArg | undefined): string {
	return typeof arg === 'number' ? (EVENT_NAMES.get(arg) ?? String(arg)) : String(arg);
}

function pipeName(arg: TemplateArg | undefined): string {
	return typeof arg === 'number' ? (PIPES[arg] ?? String(arg)) : String(arg);
}

const simType = (name: string, targs: readonly TemplateArg[]): CType => ({ k: 'sim', name, targs });

/** Adds the kernel-side names to `table`. */
export function addKernelBindings(table: BindingTable, env: SimEnv): void {
	const core = (call: NativeCall): CoreContext => {
		if (env.core) return env.core;
		return call.rt.stop('construct-unsupported', call.span, {
			construct: `\`${call.name}\` outside a kernel`,
			detail: 'call Ascend C APIs only from a `__global__ __aicore__` function and what it calls',
		});
	};
	const wrap = (type: string, targs: readonly TemplateArg[], h: unknown) =>
		new SimObject(type, targs, h);
	const tensor = (t: LocalTensor) => wrap('LocalTensor', [], t);
	const localOf = (v: Value, call: NativeCall): LocalTensor => {
		const h = handle<unknown>(v);
		if (h instanceof LocalTensor) return h;
		return call.rt.stop('null-dereference', call.span, { name: 'LocalTensor (never allocated)' });
	};
	const gmOrLocal = (v: Value, call: NativeCall): LocalTensor | GlobalTensor => {
		const h = handle<unknown>(v);
		if (h instanceof LocalTensor || h instanceof GlobalTensor) return h;
		return call.rt.stop('null-dereference', call.span, { name: 'tensor (never set up)' });
	};
	const bufferOf = (p: Value): { buffer: GmBuffer; offset: number } | undefined => {
		if (p instanceof Ptr && isGmBuffer(p.base)) return { buffer: p.base, offset: p.offset };
		if (typeof p === 'number' && p !== 0) {
			const base = [...env.gmBuffers.keys()].filter((b) => b <= p).sort((a, b) => b - a)[0];
			if (base !== undefined) return { buffer: env.gmBuffers.get(base)!, offset: p - base };
		}
		return undefined;
	};

	const types: NativeType[] = [
		{
			name: 'TPipe',
			construct: (call) =>
				wrap('TPipe', [], core(call).createTPipe(call.site(), call.declName ?? 'pipe')),
			methods: {
				InitBuffer: (self, call) => {
					const pipe = handle<TPipe>(self)!;
					const target = handle<TQueBind | TBuf>(call.args[0]);
					if (!target) return call.rt.stop('null-dereference', call.span, { name: 'queue' });
					const a = num(call.args[1]);
					return call.args.length >= 3
						? pipe.InitBuffer(call.site(), target, a, num(call.args[2]))
						: pipe.InitBuffer(call.site(), target, a)
							? 1
							: 0;
				},
				Reset: (self, call) => handle<TPipe>(self)!.Reset(call.site()),
				Destroy: (self, call) => handle<TPipe>(self)!.Destroy(call.site()),
				AllocEventID: (self, call) =>
					handle<TPipe>(self)!.AllocEventID(call.site(), eventName(call.targs[0])),
				FetchEventID: (self, call) =>
					handle<TPipe>(self)!.FetchEventID(call.site(), eventName(call.targs[0])),
				ReleaseEventID: (self, call) =>
					handle<TPipe>(self)!.ReleaseEventID(
						call.site(),
						eventName(call.targs[0]),
						num(call.args[0]),
					),
			},
		},
		{
			name: 'TQue',
			construct: (call) =>
				wrap(
					'TQue',
					call.targs,
					core(call).createTQue(
						call.site(),
						positionName(call.targs[0]),
						num(call.targs[1] as number) || 1,
						call.declName,
					),
				),
			methods: queueMethods(),
		},
		{
			name: 'TQueBind',
			construct: (call) =>
				wrap(
					'TQueBind',
					call.targs,
					core(call).createTQueBind(
						call.site(),
						positionName(call.targs[0]),
						positionName(call.targs[1]),
						num(call.targs[2] as number) || 1,
						call.declName,
					),
				),
			methods: queueMethods(),
		},
		{
			name: 'TBuf',
			construct: (call) =>
				wrap(
					'TBuf',
					call.targs,
					core(call).createTBuf(
						call.site(),
						call.targs.length > 0 ? positionName(call.targs[0]) : 'VECCALC',
						call.declName,
					),
				),
			methods: {
				Get: (self, call) => {
					const buf = handle<TBuf>(self)!;
					const t = buf.Get(
						call.site(),
						dtypeName(call.targs[0]),
						call.args.length > 0 ? num(call.args[0]) : undefined,
					);
					return tensor(t);
				},
			},
		},
		{
			name: 'LocalTensor',
			methods: {
				GetSize: (self, call) => localOf(self, call).GetSize(call.site()),
				GetLength: (self, call) => localOf(self, call).GetLength(call.site()),
				GetPhyAddr: (self, call) => localOf(self, call).GetPhyAddr(call.site()),
				ReinterpretCast: (self, call) =>
					tensor(localOf(self, call).ReinterpretCast(call.site(), dtypeName(call.targs[0]))),
				// The simulator tracks buffers, not data: values read back as 0.
				GetValue: () => 0,
				SetValue: () => undefined,
			},
			index: (self, i, call) => tensor(localOf(self, call).at(call.site(), i)),
		},
		{
			name: 'GlobalTensor',
			construct: (call) =>
				wrap(
					'GlobalTensor',
					call.targs,
					core(call).createGlobalTensor(call.site(), dtypeName(call.targs[0]), call.declName),
				),
			methods: {
				SetGlobalBuffer: (self, call) => {
					const gt = handle<GlobalTensor>(self)!;
					const at = bufferOf(call.args[0]);
					if (!at) return call.rt.stop('null-dereference', call.span, { name: 'GM address' });
					gt.SetGlobalBuffer(
						call.site(),
						gmPointer(at.buffer, at.offset),
						call.args.length > 1 ? num(call.args[1]) : undefined,
					);
					return undefined;
				},
				GetSize: (self) => handle<GlobalTensor>(self)!.GetSize(),
				GetValue: () => 0,
				SetValue: () => undefined,
			},
			index: (self, i, call) =>
				wrap('GlobalTensor', [], handle<GlobalTensor>(self)!.at(call.site(), i)),
		},
	];
	function queueMethods(): NativeType['methods'] {
		const q = (self: Value) => handle<TQueBind>(self)!;
		return {
			AllocTensor: (self, call) => {
				if (call.args.length === 1) {
					// In-place form `AllocTensor(tensor)`.
					const t = q(self).AllocTensor(call.site(), dtypeName(call.targs[0]));
					const target = call.args[0];
					if (target instanceof SimObject) target.handle = t;
					return undefined;
				}
				return tensor(q(self).AllocTensor(call.site(), dtypeName(call.targs[0])));
			},
			FreeTensor: (self, call) => q(self).FreeTensor(call.site(), localOf(call.args[0], call)),
			EnQue: (self, call) => (q(self).EnQue(call.site(), localOf(call.args[0], call)) ? 1 : 0),
			DeQue: (self, call) => {
				const t = q(self).DeQue(call.site(), dtypeName(call.targs[0]));
				const target = call.args[0];
				if (target instanceof SimObject) {
					target.handle = t;
					return undefined;
				}
				return tensor(t);
			},
			VacantInQue: (self, call) => (q(self).VacantInQue(call.site()) ? 1 : 0),
			HasTensorInQue: (self, call) => (q(self).HasTensorInQue(call.site()) ? 1 : 0),
			GetTensorCountInQue: (self, call) => q(self).GetTensorCountInQue(call.site()),
			HasIdleBuffer: (self, call) => (q(self).HasIdleBuffer(call.site()) ? 1 : 0),
			FreeAllEvent: (self, call) => q(self).FreeAllEvent(call.site()),
		};
	}
	for (const t of types) {
		const name = t.name;
		table.types.set(name, { ...t, ctype: (targs) => simType(name, targs) });
	}
	// The operator framework's tiling struct (GET_TILING_DATA, helper-conventions.ts): its
	// fields read the run's tiling values; what the kernel writes into it stays.
	table.types.set(TILING_TYPE, {
		name: TILING_TYPE,
		ctype: () => simType(TILING_TYPE, []),
		construct: () => new SimObject(TILING_TYPE, [], new Map<string, Value>()),
		methods: {},
		member: {
			get: (self, field) => handle<Map<string, Value>>(self)?.get(field) ?? env.tiling[field] ?? 0,
			set: (self, field, v) => void handle<Map<string, Value>>(self)?.set(field, v),
		},
	});
	table.functions.set('__casebook_tiling_key', () => env.tilingKey);
	// Built-in variables of a kernel: this block's index and the number of blocks.
	table.variables.set('block_idx', { get: () => env.core?.blockIdx ?? 0, type: T.i64 });
	table.variables.set('block_num', { get: () => env.core?.blockNum ?? 1, type: T.i64 });
	table.types.set('QuePosition', { name: 'QuePosition', methods: {}, ctype: () => T.u8 });

	const fns = table.functions;
	fns.set('GetBlockIdx', (call) => core(call).GetBlockIdx(call.site()));
	fns.set('GetBlockNum', (call) => core(call).GetBlockNum(call.site()));
	fns.set('PipeBarrier', (call) => core(call).PipeBarrier(call.site(), pipeName(call.targs[0])));
	fns.set('SetFlag', (call) =>
		core(call).SetFlag(call.site(), eventName(call.targs[0]), num(call.args[0])),
	);
	fns.set('WaitFlag', (call) =>
		core(call).WaitFlag(call.site(), eventName(call.targs[0]), num(call.args[0])),
	);
	fns.set('DataCopy', (call) => {
		if (call.args.length !== 3 || typeof call.args[2] !== 'number') {
			return call.rt.stop('construct-unsupported', call.span, {
				construct: 'this form of DataCopy',
				detail: 'use `DataCopy(dst, src, count)` with an element count',
			});
		}
		return core(call).DataCopy(
			call.site(),
			gmOrLocal(call.args[0], call),
			gmOrLocal(call.args[1], call),
			call.args[2],
		);
	});
	for (const name of Object.keys(VECTOR_OPS)) {
		fns.set(name, (call) => {
			const args: VectorArg[] = call.args.map((a) => {
				const h = handle<unknown>(a);
				if (h instanceof LocalTensor) return h;
				if (typeof a === 'number') return a;
				if (typeof a === 'string') return a;
				return 0;
			});
			// Cast's round mode arrives as a number; the simulator wants its name.
			const spec = VECTOR_OPS[name]!;
			spec.form.forEach((kind, i) => {
				if (kind === 'mode' && typeof args[i] === 'number')
					args[i] = ROUND_MODES[args[i] as number] ?? 'CAST_NONE';
			});
			core(call).vectorOp(call.site(), name, args);
			return undefined;
		});
	}
	fns.set('SetKernelMode', () => undefined);
	// CPU-debug host side: GM buffers shared with the forked kernel processes.
	let gmCount = 0;
	fns.set('GmAlloc', (call) => {
		const buffer: GmBuffer = { name: `gm${gmCount++}`, bytes: num(call.args[0]) };
		return new Ptr(buffer, 0, T.u8);
	});
	fns.set('GmFree', () => undefined);
	// The old tik2 helper: this core's slice of a GM argument, `len` elements per core.
	fns.set('ParamOffset', (call) => {
		const p = call.args[0];
		const t = call.targs[0];
		const bytes = t === undefined || typeof t === 'number' ? 2 : sizeOf(t);
		const offset = num(call.args[1]) * core(call).blockIdx * bytes;
		if (p instanceof Ptr) return new Ptr(p.base, p.offset + offset, T.u8);
		return p;
	});
	// Workspace helpers of the operator samples: the user part starts at the workspace itself.
	fns.set('SetSysWorkspace', () => undefined);
	fns.set('GetUserWorkspace', (call) => call.args[0]);
	fns.set('GetSysWorkSpacePtr', (call) => call.args[0] ?? null);
	// The kernel-side assertion: a failed one stops the core (CPU debug prints and aborts).
	fns.set('ASSERT', (call) => {
		const v = call.args[0];
		if (v === 0 || v === null || v === undefined) {
			call.rt.write('stdout', `[ASSERT] assertion failed at line ${call.span.line}\n`);
			throw new Halt(env.mode === 'cpu' ? 'abort' : 'hang', 'ASSERT failed', 6);
		}
		return undefined;
	});
	fns.set('SetAtomicNone', () => undefined);

	const c = table.constants;
	const u8 = T.u8;
	for (const [name, value] of Object.entries(TPOSITION_VALUES)) {
		c.set(`TPosition::${name}`, { value, type: u8 });
		c.set(`QuePosition::${name}`, { value, type: u8 });
	}
	for (const alias of ['LCM', 'SHM'] as const) {
		const target = alias === 'LCM' ? TPOSITION_VALUES.VECCALC : TPOSITION_VALUES.SPM;
		c.set(`TPosition::${alias}`, { value: target, type: u8 });
		c.set(`QuePosition::${alias}`, { value: target, type: u8 });
	}
	for (const [name, value] of Object.entries(HARD_EVENT_VALUES))
		c.set(`HardEvent::${name}`, { value, type: u8 });
	PIPES.forEach((name, i) => c.set(name, { value: i, type: T.i32 }));
	for (let i = 0; i < EVENT_IDS; i++) c.set(`EVENT_ID${i}`, { value: i, type: T.i8 });
	ROUND_MODES.forEach((name, i) => c.set(`RoundMode::${name}`, { value: i, type: T.i32 }));
	// Every simulated block runs as a vector core (AIV): the cube-only branches do not run.
	c.set('ASCEND_IS_AIV', { value: 1, type: T.bool });
	c.set('ASCEND_IS_AIC', { value: 0, type: T.bool });
	c.set('KernelMode::AIV_MODE', { value: 1, type: T.i32 });
	c.set('KernelMode::AIC_MODE', { value: 2, type: T.i32 });
	c.set('KernelMode::MIX_MODE', { value: 0, type: T.i32 });
}

function isGmBuffer(x: unknown): x is GmBuffer {
	return typeof x === 'object' && x !== null && 'bytes' in x && 'name' in x && !(x instanceof Ptr);
}
