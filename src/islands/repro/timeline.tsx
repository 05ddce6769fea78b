/**
 * The process and stream timeline: a lane per actor (the user, host processes, cores, the
 * driver) and per stream across virtual time, with marks for the user's actions, process events
 * and calls on each stream; marks already reached in step-through are highlighted. A list of the
 * process-level events follows as text for screen readers.
 */
import { useMemo } from 'preact/hooks';
import type { TraceStep } from '../../sim/trace.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';
import { isProcessEvent } from '../../sim/facts/index.ts';
import { timelineLanes } from './timeline-lanes.ts';

/** Most events listed in text; the lanes still show their marks. */
const MAX_LISTED = 200;

/** Props of {@link Timeline}. */
export interface TimelineProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	steps: readonly TraceStep[];
	/** Steps shown so far during step-through. */
	upTo: number;
}

/** The timeline panel. */
export function Timeline({ t, level, steps, upTo }: TimelineProps) {
	// Step-through re-renders on every step; the lanes depend on the trace alone.
	const lanes = useMemo(() => timelineLanes(steps), [steps]);
	const notable = useMemo(() => steps.filter(isProcessEvent).slice(0, MAX_LISTED), [steps]);
	if (steps.length === 0) return null;
	const end = Math.max(1, steps[steps.length - 1]!.time);
	const pct = (time: number) => `${((time / end) * 100).toFixed(2)}%`;
	return (
		<section class="repro-timeline" aria-label={t.timeline}>
			<Heading level={level}>{t.timeline}</Heading>
			<div class="repro-lanes" aria-hidden="true">
				{lanes.map((lane) => (
					<div class={`repro-lane repro-lane-${lane.kind}`} key={lane.id}>
						<span class="repro-lane-name" title={lane.id}>
							{lane.folded ? format(t.timelineMoreStreams, { n: lane.folded }) : lane.label}
						</span>
						<span class="repro-lane-track">
							<span
								class="repro-lane-bar"
								style={{
									left: pct(lane.start),
									width: `max(2px, ${(((lane.end - lane.start) / end) * 100).toFixed(2)}%)`,
								}}
							/>
							{lane.marks.map((mark) => (
								<span
									key={mark.step}
									class={`repro-lane-mark${mark.step <= upTo ? ' repro-lane-mark-done' : ''}`}
									style={{ left: pct(mark.time) }}
									title={mark.label}
								/>
							))}
						</span>
					</div>
				))}
			</div>
			{notable.length > 0 && (
				<ol class="repro-events" tabIndex={0} aria-label={t.timelineEvents}>
					{notable.map((s) => (
						<li key={s.step} class={s.step <= upTo ? '' : 'repro-muted'}>
							<span class="repro-time">{(s.time / 1000).toFixed(3)} ms</span> <code>{s.actor}</code>{' '}
							{s.call}({s.args.join(', ')}) → {s.result}
						</li>
					))}
				</ol>
			)}
		</section>
	);
}
