/**
 * The buffer map: per TPosition, the buffers at the current step as blocks labelled with their
 * state (FREE, OCCUPIED, ENQUE, DEQUE) and any event id they hold, with the position's buffer
 * limit drawn as a line; engaged blocks past the limit are outlined as over. Which blocks are
 * engaged and over is the simulator's word (src/sim/facts buffer-positions.ts); this only draws.
 */
import type { BufferPosition } from '../../sim/facts/index.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link BufferMap}. */
export interface BufferMapProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	positions: readonly BufferPosition[];
}

/** `VECIN`, or `core1 · VECIN` when the run has buffers on more than one core. */
function titleOf(p: BufferPosition, multiCore: boolean): string {
	return multiCore ? `core${p.core} · ${p.position}` : p.position;
}

/** The buffer map panel. */
export function BufferMap({ t, level, positions }: BufferMapProps) {
	const multiCore = new Set(positions.map((p) => p.core)).size > 1;
	return (
		<section class="repro-buffers" aria-label={t.bufferMap}>
			<Heading level={level}>{t.bufferMap}</Heading>
			{positions.length === 0 && <p class="repro-muted">{t.bufferNone}</p>}
			{positions.map((row) => {
				const title = titleOf(row, multiCore);
				const engaged = row.slots.filter((s) => s.engaged).length;
				// The line sits after the limit-th engaged block (or after the limit-th slot).
				let seen = 0;
				let limitSlot = row.limit ?? 0;
				if (row.limit !== undefined) {
					const index = row.slots.findIndex((s) => s.engaged && ++seen === row.limit);
					if (index >= 0) limitSlot = index + 1;
				}
				return (
					<div class="repro-buffer-row" key={`${row.core}-${row.position}`}>
						<div class="repro-buffer-pos">
							<code>{title}</code>
							<span class="repro-muted">
								{' '}
								· {engaged}
								{row.limit !== undefined && ` / ${format(t.bufferLimit, { n: row.limit })}`}
							</span>
						</div>
						<ol tabIndex={0} aria-label={title} class="repro-buffer-slots">
							{row.slots.map(({ block, event, engaged, over }) => (
								<li
									key={`${block.queue}.${block.index}`}
									class={`repro-block repro-block-${block.state.toLowerCase()}${engaged ? ' repro-block-engaged' : ''}${over ? ' repro-block-over' : ''}`}
								>
									<span class="repro-block-label">{block.queue}</span>
									<span class="repro-block-label">block{block.index}</span>
									<span class="repro-block-state">{block.state}</span>
									{event && <span class="repro-block-event">{event}</span>}
									<span class="repro-block-bytes">{block.bytes} B</span>
								</li>
							))}
							{row.limit !== undefined && (
								<li class="repro-limit-line" aria-hidden="true" style={{ '--limit': limitSlot }} />
							)}
						</ol>
					</div>
				);
			})}
		</section>
	);
}
