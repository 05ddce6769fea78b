/**
 * "Check all products": runs the widget's current program on every product in every mode in a
 * worker of its own and shows the matrix as the cells arrive — a row per product, a column per
 * mode, each cell a button naming the outcome and the rule that failed, which switches the
 * widget to that product and mode and runs it (a mode the simulator lacks shows "not available"
 * as plain text, with a note saying why) — then the headroom of each resource across
 * products. It tells the widget which products the program fails on, for the Product select.
 * A view over the check's cells: the cells, the rule and the sentences come from src/check.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Lang } from '../../cases/schema.ts';
import { cellFailed, cellRule, type CheckCell } from '../../check/check-cell.ts';
// Types only from check-run.ts: its runner imports the interpreter, which belongs in the worker.
import type { CheckProgram } from '../../check/check-run.ts';
import { headroomOf, rowOverLimit, type HeadroomRow } from '../../check/headroom.ts';
import { sourceTooLarge } from '../../check/source-limit.ts';
import {
	CHECK_MODES,
	isSimulated,
	unavailableModes,
	type CheckMode,
} from '../../check/check-mode.ts';
import {
	headroomSentence,
	MODE_WORDS,
	OUTCOME_WORDS,
	unavailableNote,
} from '../../check/check-words.ts';
import { PRODUCT_IDS, type ProductId } from '../../sim/product-id.ts';
import type { RunMode } from '../../sim/run-request.ts';
import type { CheckClient } from './check-client.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link CheckMatrix}. */
export interface CheckMatrixProps {
	t: Strings;
	lang: Lang;
	level: HeadingLevel;
	/** The program as the widget would run it now (code, actions, CANN version). */
	program: CheckProgram;
	productNames: Record<ProductId, string>;
	disabled: boolean;
	/** The widget's product and mode, to mark the cell shown. */
	current: { product: ProductId; mode: RunMode };
	/** A cell was chosen: switch to its product and mode and run. */
	onChoose: (product: ProductId, mode: RunMode) => void;
	/** Products the current program fails on (empty when unknown or stale). */
	onFailing: (products: readonly ProductId[]) => void;
}

/** Where a check stands. */
type Status =
	| { kind: 'idle' }
	| { kind: 'running' }
	| { kind: 'done' }
	| { kind: 'timeout'; ms: number }
	| { kind: 'failed'; message: string }
	| { kind: 'refused'; message: string };

/** Whether results of `checked` belong to `program` (the one shown now). */
function sameProgram(checked: CheckProgram, program: CheckProgram): boolean {
	return (
		checked.source === program.source &&
		checked.fileName === program.fileName &&
		checked.cann === program.cann &&
		JSON.stringify(checked.actions) === JSON.stringify(program.actions)
	);
}

/** The check-all-products section. */
export function CheckMatrix(props: CheckMatrixProps) {
	const { t, lang, level, program, productNames, disabled, current } = props;
	const [cells, setCells] = useState<CheckCell[]>([]);
	const [status, setStatus] = useState<Status>({ kind: 'idle' });
	const [checked, setChecked] = useState<CheckProgram | undefined>();
	const client = useRef<CheckClient | undefined>(undefined);
	const products = PRODUCT_IDS;
	const modes = CHECK_MODES;
	const note = unavailableNote(unavailableModes(modes), lang);
	/** Cells that are actually run (a mode the simulator lacks is not). */
	const runs = products.length * modes.filter(isSimulated).length;
	const stale = checked !== undefined && !sameProgram(checked, program);

	useEffect(() => () => client.current?.dispose(), []);

	// The Product select marks failing products only for the program shown now.
	const failing = useMemo(
		() => (stale ? [] : [...new Set(cells.filter(cellFailed).map((c) => c.product))]),
		[cells, stale],
	);
	useEffect(() => props.onFailing(failing), [failing.join(',')]);

	async function start() {
		const tooLarge = sourceTooLarge(program.source, lang, 'widget');
		if (tooLarge) {
			setCells([]);
			setChecked(undefined);
			setStatus({ kind: 'refused', message: tooLarge });
			return;
		}
		if (!client.current) {
			const { CheckClient } = await import('./check-client.ts');
			client.current ??= new CheckClient();
		}
		const started: CheckCell[] = [];
		setCells([]);
		setChecked(program);
		setStatus({ kind: 'running' });
		const end = await client.current.check(program, products, modes, (cell) => {
			started.push(cell);
			setCells([...started]);
		});
		if (end.kind === 'superseded') return;
		setStatus(end.kind === 'done' ? { kind: 'done' } : end);
	}

	const cellOf = (p: ProductId, m: CheckMode) => cells.find((c) => c.product === p && c.mode === m);
	const headroom = useMemo(
		() => (status.kind === 'done' ? headroomOf(cells) : []),
		[cells, status.kind],
	);
	const failed = cells.filter(cellFailed).length;
	const progress =
		status.kind === 'running'
			? format(t.checkRunning, {
					done: cells.filter((c) => c.outcome !== 'unavailable').length,
					total: runs,
				})
			: status.kind === 'done'
				? format(failed > 0 ? t.checkFailed : t.checkClean, { failed, total: runs })
				: status.kind === 'timeout'
					? format(t.watchdog, { s: status.ms / 1000 })
					: status.kind === 'failed'
						? format(t.workerFailed, { message: status.message })
						: status.kind === 'refused'
							? status.message
							: '';

	return (
		<section class="repro-check" aria-label={t.checkHeading}>
			<Heading level={level}>{t.checkHeading}</Heading>
			<p class="repro-muted">{t.checkHint}</p>
			<button
				type="button"
				class="repro-check-all"
				disabled={disabled || status.kind === 'running'}
				onClick={start}
			>
				{t.checkAll}
			</button>
			<p class="repro-check-status" role="status" data-status={status.kind}>
				{progress}
				{stale && ` ${t.checkStale}`}
			</p>
			{cells.length > 0 && (
				<div class="repro-table-wrap">
					<table class="repro-table repro-check-matrix">
						<caption>{t.checkHeading}</caption>
						<thead>
							<tr>
								<th scope="col">{t.product}</th>
								{modes.map((m) => (
									<th scope="col" key={m}>
										{MODE_WORDS[m][lang]}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{products.map((p) => (
								<tr key={p} data-product={p}>
									<th scope="row">{productNames[p]}</th>
									{modes.map((m) => {
										const cell = cellOf(p, m);
										if (!cell) return <td key={m}>…</td>;
										if (cell.outcome === 'unavailable' || !isSimulated(m))
											return (
												<td key={m} data-outcome="unavailable">
													{OUTCOME_WORDS.unavailable[lang]}
												</td>
											);
										const rule = cellRule(cell);
										const text = rule
											? `${OUTCOME_WORDS[cell.outcome][lang]} ${format(t.checkRuleAt, { code: rule.code, line: rule.line })}`
											: OUTCOME_WORDS[cell.outcome][lang];
										const shown = !stale && current.product === p && current.mode === m;
										return (
											<td key={m}>
												<button
													type="button"
													data-outcome={cell.outcome}
													data-failed={cellFailed(cell) || cell.outcome === 'rejected'}
													aria-current={shown ? 'true' : undefined}
													aria-label={format(t.checkCellName, {
														text,
														product: productNames[p],
														mode: MODE_WORDS[m][lang],
													})}
													disabled={disabled || stale}
													onClick={() => props.onChoose(p, m)}
												>
													{text}
												</button>
											</td>
										);
									})}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
			{cells.length > 0 && note && <p class="repro-muted repro-check-note">{note}</p>}
			{headroom.length > 0 && (
				<Headroom
					t={t}
					lang={lang}
					rows={headroom}
					products={products}
					fileName={program.fileName ?? ''}
				/>
			)}
		</section>
	);
}

/** Share of its limit from which a resource is listed before the fold. */
const NEAR_LIMIT = 0.5;

/**
 * The headroom sentences: resources that went over or came within half of their limit on some
 * product first, the rest folded under a disclosure so the close calls stand out.
 */
function Headroom(props: {
	t: Strings;
	lang: Lang;
	rows: readonly HeadroomRow[];
	products: readonly ProductId[];
	fileName: string;
}) {
	const { t, lang, rows, products, fileName } = props;
	const near = (row: HeadroomRow) =>
		rowOverLimit(row) || row.products.some((p) => p.limit > 0 && p.peak / p.limit >= NEAR_LIMIT);
	const item = (row: HeadroomRow) => (
		<li key={`${row.kind}:${row.subject}`}>
			{headroomSentence(row, lang, products, (place) =>
				place ? `${place.file ?? fileName}:${place.line}` : '?',
			)}
		</li>
	);
	const close = rows.filter(near);
	const rest = rows.filter((row) => !near(row));
	return (
		<>
			<p class="repro-muted">{t.checkHeadroom}</p>
			{close.length > 0 && <ul class="repro-check-headroom">{close.map(item)}</ul>}
			{rest.length > 0 && (
				<details class="repro-check-more">
					<summary>{format(t.checkHeadroomMore, { n: rest.length })}</summary>
					<ul class="repro-check-headroom">{rest.map(item)}</ul>
				</details>
			)}
		</>
	);
}
