/**
 * `npu-smi info` as the driver's tool prints it: one table of the server's NPUs (health, power,
 * temperature, AI Core use, memory) and one of the processes on them. The layout follows the
 * printouts of Atlas 800T A2 servers (910B3 rows in vllm-project/vllm-ascend#1130, 910B2 in
 * #10504; the process table in #12980 and 1Panel-dev/1Panel#9472) and of Atlas A3 (two chips
 * per NPU with a Phy-ID, ModelEngine-Group/unified-cache-management#748, vllm-ascend#2534).
 * Power, temperature and bus ids are illustrative constants; memory and processes are the
 * machine's. Pure: a snapshot in, lines out.
 */

/** One chip (one device id) as npu-smi shows it. */
export interface NpuSmiChip {
	/** NPU (card) number, the first column. */
	npu: number;
	/** Chip number inside the NPU. */
	chip: number;
	/** Physical device id (A3 prints it beside the chip). */
	phyId: number;
	name: string;
	/** npu-smi documents OK, Warning, Alarm and Critical. */
	health: 'OK' | 'Warning' | 'Alarm' | 'Critical';
	/** Board power in W; only the first chip of an NPU prints it (the others `-`). */
	powerW: number | undefined;
	tempC: number;
	aicorePercent: number;
	busId: string;
	/** HBM (or DDR on inference cards) in use and in total, MB. */
	memoryUsedMb: number;
	memoryTotalMb: number;
}

/** One process holding device memory. */
export interface NpuSmiProcess {
	npu: number;
	chip: number;
	pid: number;
	name: string;
	memoryMb: number;
}

/** What npu-smi reads. */
export interface NpuSmiSnapshot {
	/** Driver tool version, e.g. `24.1.rc2`. */
	version: string;
	/** 2 on Atlas A3 (the Chip column carries a Phy-ID); 1 elsewhere. */
	chipsPerNpu: number;
	/** Whether the card's memory is HBM (training, A2, A3) or DDR (inference cards). */
	hbm: boolean;
	chips: readonly NpuSmiChip[];
	processes: readonly NpuSmiProcess[];
}

const COLUMNS = [27, 15, 52] as const;
const WIDTH = COLUMNS[0] + COLUMNS[1] + COLUMNS[2] + 2;

function rule(fill: '-' | '=', split = true): string {
	if (!split) return `+${'-'.repeat(WIDTH)}+`;
	return `+${COLUMNS.map((w) => fill.repeat(w)).join('+')}+`;
}

function row(cells: readonly string[], widths: readonly number[]): string {
	return `|${cells.map((c, i) => ` ${c}`.padEnd(widths[i]!)).join('|')}|`;
}

/** `used / total` as npu-smi aligns it: `0    / 0`, `3379 / 65536`, `31877/ 65536`. */
function usage(used: number, total: number): string {
	return `${String(used).padEnd(5)}/ ${total}`;
}

function metrics(a: string, b: string, c: string): string {
	return `${a.padEnd(11)} ${b.padEnd(17)} ${c}`;
}

/** The lines `npu-smi info` prints for `snapshot`. */
export function renderNpuSmiInfo(snapshot: NpuSmiSnapshot): string[] {
	const a3 = snapshot.chipsPerNpu > 1;
	const lines: string[] = [];
	lines.push(rule('-', false));
	lines.push(
		`| ${`npu-smi ${snapshot.version}`.padEnd(32)} ${`Version: ${snapshot.version}`}`.padEnd(
			WIDTH + 1,
		) + '|',
	);
	lines.push(rule('-'));
	lines.push(
		row(['NPU   Name', 'Health', metrics('Power(W)', 'Temp(C)', 'Hugepages-Usage(page)')], COLUMNS),
	);
	lines.push(
		row(
			[
				a3 ? 'Chip  Phy-ID' : 'Chip',
				'Bus-Id',
				metrics('AICore(%)', 'Memory-Usage(MB)', snapshot.hbm ? 'HBM-Usage(MB)' : ''),
			],
			COLUMNS,
		),
	);
	lines.push(rule('='));
	snapshot.chips.forEach((c, i) => {
		const memory = usage(c.memoryUsedMb, c.memoryTotalMb);
		lines.push(
			row(
				[
					`${String(c.npu).padEnd(5)} ${c.name}`,
					c.health,
					metrics(c.powerW === undefined ? '-' : c.powerW.toFixed(1), String(c.tempC), usage(0, 0)),
				],
				COLUMNS,
			),
		);
		lines.push(
			row(
				[
					a3 ? `${String(c.chip).padEnd(5)} ${c.phyId}` : String(c.chip),
					c.busId,
					snapshot.hbm
						? metrics(String(c.aicorePercent), usage(0, 0), memory)
						: metrics(String(c.aicorePercent), memory, ''),
				],
				COLUMNS,
			),
		);
		const next = snapshot.chips[i + 1];
		lines.push(next && next.npu === c.npu ? rule('-', false) : rule('='));
	});
	const processColumns = [27, 15, 26, 25] as const;
	lines.push(rule('-'));
	lines.push(
		row(['NPU     Chip', 'Process id', 'Process name', 'Process memory(MB)'], processColumns),
	);
	lines.push(rule('='));
	const npus = [...new Set(snapshot.chips.map((c) => c.npu))];
	for (const npu of npus) {
		const mine = snapshot.processes.filter((p) => p.npu === npu);
		if (mine.length === 0) {
			lines.push(`| ${`No running processes found in NPU ${npu}`.padEnd(WIDTH - 1)}|`);
		} else {
			for (const p of mine)
				lines.push(
					row(
						[`${String(p.npu).padEnd(7)} ${p.chip}`, String(p.pid), p.name, String(p.memoryMb)],
						processColumns,
					),
				);
		}
		lines.push(rule('='));
	}
	return lines;
}
