/**
 * The pipe timeline: for the core the reader selects, a lane per hardware pipe (MTE1, MTE2,
 * MTE3, V, M, S, FIX) with its busy intervals and sync points in the pipe model's virtual time
 * (pipe-lanes.ts), intervals that race with another pipe's on the same bytes marked; then the
 * same facts as a list in time order, for keyboards and screen readers.
 */
import { useMemo, useState } from 'preact/hooks';
import type { CorePipes, PipeRange, PipeSyncPoint } from '../../sim/facts/pipe-timeline.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { pipeCoreChoices, pipeLanes, type PipeBar } from './pipe-lanes.ts';
import { format, type Strings } from './strings.ts';

/** Props of {@link PipeTimeline}. */
export interface PipeTimelineProps {
	t: Strings;
	level: HeadingLevel;
	/** `Trace.pipes`. */
	cores: readonly CorePipes[];
	/** Id prefix for the core select's label. */
	idPrefix: string;
}

function rangeText(r: PipeRange): string {
	return `${r.kind} ${r.memory} ${r.tensor} [0x${r.start.toString(16)}, 0x${r.end.toString(16)})`;
}

function barText(t: Strings, b: PipeBar): string {
	const where = b.line > 0 ? ` L${b.line}` : '';
	const racing = b.racing ? ` — ${t.pipeRacing}` : '';
	return `${b.pipe.slice(5)} ${b.start}–${b.end} ns ${b.call}${where}: ${b.ranges.map(rangeText).join('; ')}${racing}`;
}

function syncText(t: Strings, s: PipeSyncPoint): string {
	const event = s.event ?? '';
	const what =
		s.kind === 'barrier'
			? t.pipeBarrier
			: format(s.kind === 'set' ? t.pipeSet : s.unset ? t.pipeWaitUnset : t.pipeWait, { event });
	const where = s.line > 0 ? ` L${s.line}` : '';
	return `${s.pipe.slice(5)} ${s.time} ns ${s.call}${where}: ${what}`;
}

/** The pipe timeline panel (nothing when no kernel ran). */
export function PipeTimeline({ t, level, cores, idPrefix }: PipeTimelineProps) {
	const [picked, setPicked] = useState(0);
	const choices = useMemo(() => pipeCoreChoices(cores), [cores]);
	const index = picked < cores.length ? picked : 0;
	const core = cores[index];
	const lanes = useMemo(() => (core ? pipeLanes(core) : []), [core]);
	const items = useMemo(() => {
		const list: Array<{ time: number; text: string; key: string }> = [];
		for (const lane of lanes) {
			for (const b of lane.bars)
				list.push({ time: b.start, text: barText(t, b), key: `b${list.length}` });
			for (const s of lane.syncs)
				list.push({ time: s.time, text: syncText(t, s), key: `s${list.length}` });
		}
		return list.sort((a, b) => a.time - b.time);
	}, [lanes, t]);
	if (!core) return null;
	const end = Math.max(1, core.end);
	const pct = (time: number) => `${((time / end) * 100).toFixed(2)}%`;
	const selectId = `${idPrefix}-core`;
	return (
		<section class="repro-pipes" aria-label={t.pipeTimeline}>
			<Heading level={level}>{t.pipeTimeline}</Heading>
			<p class="repro-muted">{t.pipeNote}</p>
			<label for={selectId}>{t.pipeCore} </label>
			<select
				id={selectId}
				value={String(index)}
				onChange={(e) => setPicked(Number((e.currentTarget as HTMLSelectElement).value))}
			>
				{choices.map((c) => (
					<option key={c.index} value={String(c.index)}>
						{c.label}
					</option>
				))}
			</select>
			<div class="repro-lanes" aria-hidden="true">
				{lanes.map((lane) => (
					<div class="repro-lane repro-pipe-lane" key={lane.pipe} data-pipe={lane.pipe}>
						<span class="repro-lane-name">{lane.label}</span>
						<span class="repro-lane-track">
							{lane.bars.map((b) => (
								<span
									key={`${b.start}-${b.call}`}
									class={`repro-pipe-bar${b.racing ? ' repro-pipe-racing' : ''}`}
									data-call={b.call}
									data-start={b.start}
									data-end={b.end}
									style={{
										left: pct(b.start),
										width: `max(2px, ${(((b.end - b.start) / end) * 100).toFixed(2)}%)`,
									}}
									title={barText(t, b)}
								/>
							))}
							{lane.syncs.map((s, i) => (
								<span
									key={i}
									class={`repro-lane-mark repro-pipe-${s.kind}`}
									data-sync={s.kind}
									data-event={s.event ?? ''}
									style={{ left: pct(s.time) }}
									title={syncText(t, s)}
								/>
							))}
						</span>
					</div>
				))}
			</div>
			<ol class="repro-events" tabIndex={0} aria-label={t.pipeEvents}>
				{items.map((item) => (
					<li key={item.key}>{item.text}</li>
				))}
				{core.dropped ? <li>{format(t.pipeDropped, { n: core.dropped })}</li> : null}
			</ol>
		</section>
	);
}
