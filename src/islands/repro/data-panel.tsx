/**
 * The Data panel: the inputs of a kernel-only run (files bound to GM parameters by name, the fill
 * of the others) and a view of the run's memory at a step — any GM buffer or LocalTensor as a
 * table of dtype-correct values and a heat map, compared with an expected file. It renders
 * state; the island runs the program (tensor-data.ts reads the copy).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GmFill } from '../../sim/kernel/gm-fill.ts';
import type { MemorySnapshot } from '../../sim/kernel/memory-snapshot.ts';
import { dtypeOf } from '../../sim/kernel/dtype.ts';
import { isMacroName } from '../../sim/define-list.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';
import {
	compareElements,
	elementCount,
	formatElement,
	heatColor,
	readElements,
	tensorChoices,
	valueRange,
	VIEW_DTYPES,
	type Comparison,
} from './tensor-data.ts';

/** Bytes an input or expected file may have (the snapshot's own cap; illustrative). */
export const MAX_DATA_FILE_BYTES = 16 << 20;
/** Rows of the value table. */
const TABLE_ROWS = 64;
/** Cells of the heat map (64 × 64). */
const HEAT_CELLS = 4096;
const HEAT_COLUMNS = 64;

/** One loaded input file. */
export interface DataInput {
	readonly file: string;
	readonly bytes: Uint8Array;
}

/** Props of {@link DataPanel}. */
export interface DataPanelProps {
	t: Strings;
	level: HeadingLevel;
	/** Prefix of element ids (unique per widget). */
	idPrefix: string;
	disabled: boolean;
	fill: GmFill;
	onFill: (fill: GmFill) => void;
	inputs: Readonly<Record<string, DataInput>>;
	onInput: (name: string, input: DataInput | undefined) => void;
	/** The copy of memory the last "show" asked for, and the step it was taken after. */
	snapshot: MemorySnapshot | undefined;
	/** The step the player is at, and the run's last step. */
	step: number;
	total: number;
	onShow: () => void;
}

/** The Data panel. */
export function DataPanel(props: DataPanelProps) {
	const { t, idPrefix: p, disabled } = props;
	const [param, setParam] = useState('x');
	const [message, setMessage] = useState<string | undefined>();
	const atEnd = props.step === 0 || props.step >= props.total;
	return (
		<section class="repro-data" aria-label={t.data}>
			<Heading level={props.level}>{t.data}</Heading>
			<p class="repro-muted">{t.dataHint}</p>
			<div class="repro-data-row">
				<span class="repro-field">
					<label for={`${p}-fill`}>{t.dataFill}</label>
					<select
						id={`${p}-fill`}
						value={props.fill.kind}
						disabled={disabled}
						onChange={(e) => {
							const kind = e.currentTarget.value;
							props.onFill(
								kind === 'random'
									? { kind, seed: props.fill.kind === 'random' ? props.fill.seed : 1 }
									: kind === 'zeros'
										? { kind }
										: { kind: 'ramp' },
							);
						}}
					>
						<option value="ramp">{t.dataFillRamp}</option>
						<option value="zeros">{t.dataFillZeros}</option>
						<option value="random">{t.dataFillRandom}</option>
					</select>
				</span>
				{props.fill.kind === 'random' && (
					<span class="repro-field">
						<label for={`${p}-seed`}>{t.dataSeed}</label>
						<input
							id={`${p}-seed`}
							type="number"
							min={0}
							step={1}
							value={props.fill.seed}
							disabled={disabled}
							onChange={(e) => {
								const seed = Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0));
								props.onFill({ kind: 'random', seed });
							}}
						/>
					</span>
				)}
			</div>
			<div class="repro-data-row">
				<span class="repro-field">
					<label for={`${p}-param`}>{t.dataParam}</label>
					<input
						id={`${p}-param`}
						value={param}
						disabled={disabled}
						spellcheck={false}
						onInput={(e) => setParam(e.currentTarget.value.trim())}
					/>
				</span>
				<FileField
					t={t}
					id={`${p}-input`}
					label={t.dataInputFile}
					disabled={disabled}
					say={setMessage}
					accept={() => {
						if (isMacroName(param)) return true;
						setMessage(t.dataNeedParam);
						return false;
					}}
					onFile={(file, bytes) => props.onInput(param, { file, bytes })}
				/>
			</div>
			{message && (
				<p class="repro-data-message" role="alert">
					{message}
				</p>
			)}
			{Object.keys(props.inputs).length > 0 && (
				<ul class="repro-data-inputs" aria-label={t.dataInputs}>
					{Object.entries(props.inputs).map(([name, input]) => (
						<li key={name}>
							<code>{name}</code> = {input.file} ({input.bytes.length} B){' '}
							<button
								type="button"
								disabled={disabled}
								onClick={() => props.onInput(name, undefined)}
							>
								{format(t.dataRemove, { name })}
							</button>
						</li>
					))}
				</ul>
			)}
			<button type="button" disabled={disabled} onClick={props.onShow}>
				{atEnd ? t.dataShowEnd : format(t.dataShow, { step: props.step })}
			</button>
			{props.snapshot && <TensorView t={t} idPrefix={p} snapshot={props.snapshot} />}
		</section>
	);
}

interface FileFieldProps {
	t: Strings;
	id: string;
	label: string;
	disabled: boolean;
	/** Shows a message (undefined clears it). */
	say: (message: string | undefined) => void;
	/** Whether to read the file at all (false: the field said why). */
	accept?: () => boolean;
	onFile: (name: string, bytes: Uint8Array) => void;
}

/** A labelled file input that reads the chosen file whole, refusing one over the size limit. */
function FileField({ t, id, label, disabled, say, accept, onFile }: FileFieldProps) {
	return (
		<span class="repro-field">
			<label for={id}>{label}</label>
			<input
				id={id}
				type="file"
				disabled={disabled}
				onChange={async (e) => {
					const input = e.currentTarget;
					const file = input.files?.[0];
					input.value = '';
					if (!file || (accept && !accept())) return;
					if (file.size > MAX_DATA_FILE_BYTES) {
						say(
							format(t.dataFileTooLarge, {
								file: file.name,
								bytes: file.size,
								limit: MAX_DATA_FILE_BYTES,
							}),
						);
						return;
					}
					const bytes = new Uint8Array(await file.arrayBuffer());
					say(undefined);
					onFile(file.name, bytes);
				}}
			/>
		</span>
	);
}

interface TensorViewProps {
	t: Strings;
	idPrefix: string;
	snapshot: MemorySnapshot;
}

function TensorView({ t, idPrefix: p, snapshot }: TensorViewProps) {
	const choices = useMemo(() => tensorChoices(snapshot), [snapshot]);
	const [key, setKey] = useState<string | undefined>();
	const choice = choices.find((c) => c.key === key) ?? choices[0];
	const [dtype, setDtype] = useState<string | undefined>();
	const [from, setFrom] = useState(0);
	const [expected, setExpected] = useState<{ file: string; bytes: Uint8Array } | undefined>();
	const [tolerance, setTolerance] = useState('0/0');
	const [message, setMessage] = useState<string | undefined>();
	// A new snapshot keeps the choice when that tensor is still there.
	useEffect(() => {
		if (key && !choices.some((c) => c.key === key)) setKey(undefined);
	}, [choices, key]);
	if (!choice) return <p class="repro-muted">{t.dataNone}</p>;
	const type = dtype ?? choice.dtype;
	const d = dtypeOf(type);
	const total = d ? elementCount(choice, d) : 0;
	const start = Math.min(Math.max(0, from), Math.max(0, total - 1));
	const rows = readElements(snapshot, choice, type, start, TABLE_ROWS);
	const comparison = expected
		? compareElements(snapshot, choice, type, expected.bytes, parseTolerance(tolerance))
		: undefined;
	return (
		<div class="repro-tensor">
			<p class="repro-muted">{format(t.dataAt, { step: snapshot.step })}</p>
			<div class="repro-data-row">
				<span class="repro-field">
					<label for={`${p}-tensor`}>{t.dataTensor}</label>
					<select
						id={`${p}-tensor`}
						value={choice.key}
						onChange={(e) => {
							setKey(e.currentTarget.value);
							setDtype(undefined);
							setFrom(0);
						}}
					>
						{choices.map((c) => (
							<option value={c.key} key={c.key}>
								{c.label} ({c.dtype})
							</option>
						))}
					</select>
				</span>
				<span class="repro-field">
					<label for={`${p}-dtype`}>{t.dataDtype}</label>
					<select id={`${p}-dtype`} value={type} onChange={(e) => setDtype(e.currentTarget.value)}>
						{VIEW_DTYPES.map((name) => (
							<option value={name} key={name}>
								{name}
							</option>
						))}
					</select>
				</span>
				<span class="repro-field">
					<label for={`${p}-from`}>{t.dataFrom}</label>
					<input
						id={`${p}-from`}
						type="number"
						min={0}
						max={Math.max(0, total - 1)}
						step={1}
						value={start}
						onChange={(e) => setFrom(Math.trunc(Number(e.currentTarget.value) || 0))}
					/>
				</span>
			</div>
			<div class="repro-tensor-table" tabIndex={0} role="region" aria-labelledby={`${p}-caption`}>
				<table>
					<caption id={`${p}-caption`}>
						{format(t.dataTable, {
							tensor: choice.label,
							from: start,
							to: start + Math.max(0, rows.length - 1),
							total,
						})}
					</caption>
					<thead>
						<tr>
							<th scope="col">{t.dataIndex}</th>
							<th scope="col">{t.dataValue}</th>
						</tr>
					</thead>
					<tbody>
						{rows.map((v, i) => (
							<tr key={start + i}>
								<th scope="row">{start + i}</th>
								<td>{formatElement(v, type)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{total > TABLE_ROWS && (
				<HeatMap
					t={t}
					label={choice.label}
					values={readElements(snapshot, choice, type, 0, HEAT_CELLS)}
					dtype={type}
				/>
			)}
			<div class="repro-data-row">
				<FileField
					t={t}
					id={`${p}-expected`}
					label={t.dataExpected}
					disabled={false}
					say={setMessage}
					onFile={(file, bytes) => setExpected({ file, bytes })}
				/>
				<span class="repro-field">
					<label for={`${p}-tolerance`}>{t.dataTolerance}</label>
					<input
						id={`${p}-tolerance`}
						value={tolerance}
						spellcheck={false}
						onInput={(e) => setTolerance(e.currentTarget.value)}
					/>
				</span>
			</div>
			{message && (
				<p class="repro-data-message" role="alert">
					{message}
				</p>
			)}
			<p class="repro-data-compare" role="status">
				{comparison ? comparisonText(t, comparison, type) : ''}
			</p>
		</div>
	);
}

function parseTolerance(text: string): { rtol: number; atol: number } {
	const [r = '0', a = '0'] = text.split(/[/,\s]+/);
	const num = (s: string) => (Number.isFinite(Number(s)) && Number(s) >= 0 ? Number(s) : 0);
	return { rtol: num(r), atol: num(a) };
}

function comparisonText(t: Strings, c: Comparison, dtype: string): string {
	const main = c.first
		? format(t.dataMismatch, {
				index: c.first.index,
				actual: formatElement(c.first.actual, dtype),
				expected: formatElement(c.first.expected, dtype),
				count: c.mismatches,
				n: c.compared,
			})
		: format(t.dataMatch, { n: c.compared });
	const note =
		c.lengthNote === 'partial' ? t.dataPartial : c.lengthNote === 'longer' ? t.dataLonger : '';
	return note ? `${main} ${note}` : main;
}

interface HeatMapProps {
	t: Strings;
	label: string;
	values: readonly number[];
	dtype: string;
}

function HeatMap({ t, label, values, dtype }: HeatMapProps) {
	const canvas = useRef<HTMLCanvasElement>(null);
	const range = valueRange(values);
	const rowsOf = Math.ceil(values.length / HEAT_COLUMNS);
	useEffect(() => {
		const ctx = canvas.current?.getContext('2d');
		if (!ctx) return;
		const cell = 4;
		ctx.clearRect(0, 0, HEAT_COLUMNS * cell, rowsOf * cell);
		values.forEach((v, i) => {
			ctx.fillStyle = heatColor(v, range);
			ctx.fillRect((i % HEAT_COLUMNS) * cell, Math.floor(i / HEAT_COLUMNS) * cell, cell, cell);
		});
	}, [values, rowsOf, range.min, range.max]);
	return (
		<canvas
			ref={canvas}
			class="repro-heat"
			width={HEAT_COLUMNS * 4}
			height={rowsOf * 4}
			role="img"
			aria-label={format(t.dataHeat, {
				tensor: label,
				n: values.length,
				min: formatElement(range.min, dtype),
				max: formatElement(range.max, dtype),
			})}
		/>
	);
}
