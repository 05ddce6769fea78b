/**
 * The ranks view: a lane per rank of each communicator with its collective tasks across virtual
 * time (rank-lanes.ts), the rank that never issued a collective (or issued another one) marked,
 * and the same facts as a list of sentences for screen readers and for copying.
 */
import { useMemo } from 'preact/hooks';
import type { HcclFacts } from '../../sim/hccl/hccl-world.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { rankLayout, type RankBlock, type RankProblem } from './rank-lanes.ts';
import { format, type StringKey, type Strings } from './strings.ts';

/** Props of {@link RanksView}. */
export interface RanksViewProps {
	t: Strings;
	level: HeadingLevel;
	facts: HcclFacts;
}

function seconds(us: number): string {
	return (us / 1_000_000).toFixed(us >= 10_000_000 ? 0 : 1);
}

function problemText(t: Strings, p: RankProblem): string {
	const base = { index: p.index + 1, op: p.op, seconds: seconds(p.waitedUs) };
	if (p.missing.length > 0) return format(t.ranksMissing, { ...base, ranks: p.missing.join(', ') });
	if (p.diverged.length > 0)
		return format(t.ranksDiverged, { ...base, ranks: p.diverged.join(', ') });
	return format(t.ranksWaiting, { ...base, ranks: p.waiting.join(', ') });
}

function blockTitle(t: Strings, b: RankBlock): string {
	const state = t[`rankState_${b.state}` as StringKey];
	const remote = b.remote !== undefined ? ` · remote rank ${b.remote}` : '';
	return `#${b.index + 1} ${b.op}: ${state}${remote}`;
}

/** The ranks panel. */
export function RanksView({ t, level, facts }: RanksViewProps) {
	const layout = useMemo(() => rankLayout(facts), [facts]);
	if (layout.lanes.length === 0) return null;
	const pct = (time: number) => `${((time / layout.end) * 100).toFixed(2)}%`;
	return (
		<section class="repro-ranks" aria-label={t.ranksView}>
			<Heading level={level}>{t.ranksView}</Heading>
			<div class="repro-lanes" aria-hidden="true">
				{layout.lanes.map((lane) => (
					<div
						class={`repro-lane repro-rank-lane${lane.astray ? ' repro-rank-astray' : ''}`}
						key={`${lane.group}#${lane.rank}`}
						data-rank={lane.rank}
					>
						<span class="repro-lane-name" title={lane.group}>
							{format(t.ranksLane, { rank: lane.rank, device: lane.device })}
						</span>
						<span class="repro-lane-track">
							{lane.blocks.map((b) => (
								<span
									key={`${b.index}-${b.start}-${b.state}`}
									class={`repro-rank-block repro-rank-${b.state}`}
									data-state={b.state}
									style={{
										left: pct(b.start),
										width: `max(3px, ${(((b.end - b.start) / layout.end) * 100).toFixed(2)}%)`,
									}}
									title={blockTitle(t, b)}
								/>
							))}
						</span>
					</div>
				))}
			</div>
			<p class="repro-muted">{t.ranksProblems}</p>
			{layout.problems.length === 0 ? (
				<p>{t.ranksAllDone}</p>
			) : (
				<ul class="repro-rank-problems">
					{layout.problems.map((p) => (
						<li key={`${p.group}#${p.index}`}>{problemText(t, p)}</li>
					))}
				</ul>
			)}
		</section>
	);
}
