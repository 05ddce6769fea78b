/**
 * The process and stream timeline: one lane per actor (host processes, cores, driver, task
 * scheduler, the user) across virtual time, with a mark for every step and the user's actions
 * (signals, suspend, runs) labelled. A list of the same events follows for screen readers.
 */
import type { TraceStep } from '../../sim/trace.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import type { Strings } from './strings.ts';

/** Calls that mark a process-level event worth labelling on the timeline. */
const NOTABLE = /signal|kill|suspend|exit|run|spawn|abort|hang|resume|reclaim|sig/i;

/** Most events listed in text; the lanes still show every step. */
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
	if (steps.length === 0) return null;
	const end = Math.max(1, steps[steps.length - 1]!.time);
	const lanes = new Map<string, TraceStep[]>();
	for (const step of steps) {
		const lane = lanes.get(step.actor) ?? [];
		lane.push(step);
		lanes.set(step.actor, lane);
	}
	const notable = steps
		.filter((s) => s.actor === 'user' || NOTABLE.test(s.call))
		.slice(0, MAX_LISTED);
	const pct = (time: number) => `${((time / end) * 100).toFixed(2)}%`;
	return (
		<section class="repro-timeline" aria-label={t.timeline}>
			<Heading level={level}>{t.timeline}</Heading>
			<div class="repro-lanes" aria-hidden="true">
				{[...lanes].map(([actor, laneSteps]) => (
					<div class="repro-lane" key={actor}>
						<span class="repro-lane-name">{actor}</span>
						<span class="repro-lane-track">
							<span
								class="repro-lane-bar"
								style={{
									left: pct(laneSteps[0]!.time),
									width: `max(2px, ${(((laneSteps[laneSteps.length - 1]!.time - laneSteps[0]!.time) / end) * 100).toFixed(2)}%)`,
								}}
							/>
							{laneSteps
								.filter((s) => s.actor === 'user' || NOTABLE.test(s.call))
								.slice(0, MAX_LISTED)
								.map((s) => (
									<span
										key={s.step}
										class={`repro-lane-mark${s.step <= upTo ? ' repro-lane-mark-done' : ''}`}
										style={{ left: pct(s.time) }}
										title={`${s.call} ${s.result}`}
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
