/**
 * `TPosition`, the physical memories (`Hardware`) and `HardEvent`, with their published numeric
 * values, plus the maps the framework derives from them: where a position lives on each
 * architecture, which position a `TQueBind<src, dst>` buffers in, and which sync event a queue
 * sets on EnQue (forward) and on FreeTensor (backward).
 */

/**
 * Every `TPosition` with its enum value, exactly as published (ascend-facts A.1):
 * `enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC,
 * LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM, C2PIPE2LOCAL, MAX }`.
 */
export const TPOSITION_VALUES = {
	GM: 0,
	A1: 1,
	A2: 2,
	B1: 3,
	B2: 4,
	C1: 5,
	C2: 6,
	CO1: 7,
	CO2: 8,
	VECIN: 9,
	VECOUT: 10,
	VECCALC: 11,
	SPM: 12,
	TSCM: 13,
	C2PIPE2GM: 14,
	C2PIPE2LOCAL: 15,
} as const;

/** A position name; `LCM` and `SHM` are accepted by {@link parseTPosition} as aliases. */
export type TPosition = keyof typeof TPOSITION_VALUES;

/** Aliases the enum declares (`LCM = VECCALC`, `SHM = SPM`). */
const TPOSITION_ALIASES: Readonly<Record<string, TPosition>> = { LCM: 'VECCALC', SHM: 'SPM' };

/**
 * Reads a position as the program spells it: `VECIN`, `TPosition::VECIN`,
 * `AscendC::QuePosition::VECIN`, `LCM`… Returns undefined for anything else.
 */
export function parseTPosition(text: string): TPosition | undefined {
	const last = text.slice(text.lastIndexOf(':') + 1).trim();
	if (last in TPOSITION_VALUES) return last as TPosition;
	return TPOSITION_ALIASES[last];
}

/** Physical memories of an AI Core, named as the framework's `Hardware` enum names them. */
export type Hardware = 'GM' | 'UB' | 'L1' | 'L0A' | 'L0B' | 'L0C' | 'BIAS' | 'FIXBUF';

/** All on-chip memories (GM excluded: it is not carved by InitBuffer). */
export const ON_CHIP_MEMORIES: readonly Hardware[] = [
	'UB',
	'L1',
	'L0A',
	'L0B',
	'L0C',
	'BIAS',
	'FIXBUF',
];

/**
 * `HardEvent` values in enum order (ascend-facts A.8: 0 MTE2_MTE1 … 10 V_V; the rest follow the
 * order of cannmirror/asc-devkit:impl/basic_api/kernel_event.h). The number is what a backtrace
 * prints, e.g. `AllocEventID<(AscendC::HardEvent)5>` is V_MTE2.
 */
export const HARD_EVENT_VALUES = {
	MTE2_MTE1: 0,
	MTE1_MTE2: 1,
	MTE1_M: 2,
	M_MTE1: 3,
	MTE2_V: 4,
	V_MTE2: 5,
	MTE3_V: 6,
	V_MTE3: 7,
	M_V: 8,
	V_M: 9,
	V_V: 10,
	MTE3_MTE1: 11,
	MTE1_MTE3: 12,
	MTE1_V: 13,
	MTE2_M: 14,
	M_MTE2: 15,
	V_MTE1: 16,
	M_FIX: 17,
	FIX_M: 18,
	MTE3_MTE2: 19,
	MTE2_MTE3: 20,
	S_V: 21,
	V_S: 22,
	S_MTE2: 23,
	MTE2_S: 24,
	S_MTE3: 25,
	MTE3_S: 26,
	MTE2_FIX: 27,
	FIX_MTE2: 28,
	FIX_S: 29,
	M_S: 30,
	FIX_MTE3: 31,
	MTE1_FIX: 32,
	FIX_MTE1: 33,
	FIX_FIX: 34,
} as const;

/** A `HardEvent` name. */
export type HardEvent = keyof typeof HARD_EVENT_VALUES;

/** Reads `HardEvent::MTE2_V`, `AscendC::HardEvent::MTE2_V` or `MTE2_V`. */
export function parseHardEvent(text: string): HardEvent | undefined {
	const last = text.slice(text.lastIndexOf(':') + 1).trim();
	return last in HARD_EVENT_VALUES ? (last as HardEvent) : undefined;
}

/** The architectures the six products use (`__NPU_ARCH__`, ascend-facts A.0). */
export type NpuArch = 1001 | 2002 | 2201 | 3002;

/** Whether the arch is one of the older two that share the coupled-core rules. */
function isV100V200(arch: NpuArch): boolean {
	return arch === 1001 || arch === 2002;
}

/**
 * Where a position's memory is on `arch`: the official TPosition→memory table of ascend-facts
 * A.1 (C1/C2/CO2/SPM follow the official table, not the CPU model's; see "Conflicts").
 * Undefined means the position has no memory on that architecture.
 */
export function positionHardware(pos: TPosition, arch: NpuArch): Hardware | undefined {
	switch (pos) {
		case 'GM':
			return 'GM';
		case 'VECIN':
		case 'VECOUT':
		case 'VECCALC':
			return 'UB';
		case 'A1':
		case 'B1':
		case 'TSCM':
			return 'L1';
		case 'A2':
			return 'L0A';
		case 'B2':
			return 'L0B';
		case 'CO1':
			return 'L0C';
		case 'C1':
			return arch === 2201 ? 'L1' : 'UB';
		case 'C2':
			return isV100V200(arch) ? 'L0C' : 'BIAS';
		case 'CO2':
			return isV100V200(arch) ? 'UB' : 'GM';
		case 'SPM':
			return isV100V200(arch) ? 'L1' : 'GM';
		case 'C2PIPE2GM':
			return arch === 2201 ? 'FIXBUF' : undefined;
		case 'C2PIPE2LOCAL':
			return undefined;
	}
}

/**
 * The position a `TQueBind<src, dst>` buffers in: the source when data leaves for GM (and for
 * CO1→CO2), otherwise the destination. Follows `GetPosition` in
 * cannmirror/asc-devkit:impl/basic_api (kernel_utils headers).
 */
export function queuePosition(src: TPosition, dst: TPosition, arch: NpuArch): TPosition {
	if (dst === 'GM') return src;
	if (dst === 'CO2' && (src === 'CO1' || !isV100V200(arch))) return src;
	return dst;
}

/**
 * The `TQueBind<src, dst>` a `TQue<pos>` stands for (ascend-facts A.6 path table:
 * `TQue<VECIN>` = `TQueBind<GM,VECIN>`, `TQue<VECOUT>` = `TQueBind<VECOUT,GM>`,
 * `TQue<A2>` = `TQueBind<A1,A2>`, `TQue<CO1>` = `TQueBind<CO1,CO2>`…).
 */
export function tqueEnds(pos: TPosition): { src: TPosition; dst: TPosition } | undefined {
	switch (pos) {
		case 'A1':
		case 'B1':
		case 'C1':
		case 'VECIN':
			return { src: 'GM', dst: pos };
		case 'A2':
			return { src: 'A1', dst: 'A2' };
		case 'B2':
			return { src: 'B1', dst: 'B2' };
		case 'C2':
			return { src: 'C1', dst: 'C2' };
		case 'CO1':
			return { src: 'CO1', dst: 'CO2' };
		case 'CO2':
		case 'VECOUT':
		case 'SPM':
			return { src: pos, dst: 'GM' };
		case 'C2PIPE2GM':
			return { src: 'B1', dst: 'C2PIPE2GM' };
		default:
			return undefined;
	}
}

/** The two sync events of a queue: set on EnQue (forward) and on FreeTensor (backward). */
export interface QueueEvents {
	/** Set by EnQue, waited and released by DeQue (e.g. MTE2_V for VECIN). */
	enQue: HardEvent | undefined;
	/** Set by FreeTensor, waited and released by the next AllocTensor of that block (V_MTE2). */
	freeBuf: HardEvent | undefined;
}

/**
 * The events a queue between memories `src` and `dst` uses, after `GetQueEvt` in
 * cannmirror/asc-devkit:impl/basic_api (e.g. GM→UB: MTE2_V forward, V_MTE2 backward;
 * UB→GM: V_MTE3 / MTE3_V). Undefined where the framework has no event for the pair.
 */
export function queueEvents(src: Hardware, dst: Hardware, arch: NpuArch): QueueEvents {
	const pair = (f: HardEvent, b: HardEvent | undefined): QueueEvents => ({ enQue: f, freeBuf: b });
	if (src === 'GM') {
		if (dst === 'UB') return pair('MTE2_V', 'V_MTE2');
		if (dst === 'L1') return pair('MTE2_MTE1', 'MTE1_MTE2');
		if (dst === 'L0A' || dst === 'L0B') return pair('MTE2_M', 'M_MTE2');
	} else if (src === 'UB') {
		if (dst === 'GM') return pair('V_MTE3', 'MTE3_V');
		if (dst === 'L1') return pair('MTE3_MTE1', 'MTE1_MTE3');
		if (dst === 'L0C') return pair('V_V', undefined);
		if (dst === 'UB') return pair('MTE2_MTE3', 'MTE3_MTE2');
	} else if (src === 'L1') {
		if (dst === 'UB') return pair('MTE1_V', 'V_MTE1');
		if (dst === 'L0A' || dst === 'L0B' || dst === 'BIAS') return pair('MTE1_M', 'M_MTE1');
		if (dst === 'FIXBUF') return pair('MTE1_FIX', 'FIX_MTE1');
	} else if (src === 'L0A' || src === 'L0B') {
		return pair('M_V', 'V_M');
	} else if (src === 'L0C') {
		return isV100V200(arch) ? pair('M_V', 'V_M') : pair('M_FIX', 'FIX_M');
	}
	return { enQue: undefined, freeBuf: undefined };
}
