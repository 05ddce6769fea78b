/**
 * The buffer map: per TPosition, the buffers at the current step as blocks labelled with their
 * state (FREE, OCCUPIED, ENQUE, DEQUE) and any event id they hold, with the position's buffer
 * limit drawn as a line; engaged blocks past the limit are outlined as over.
 */
import type { PositionRow } from './buffer-blocks.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link BufferMap}. */
export interface BufferMapProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	rows: readonly PositionRow[];
}

/** The buffer map panel. */
export function BufferMap({ t, level, rows }: BufferMapProps) {
	return (
		<section class="repro-buffers" aria-label={t.bufferMap}>
			<Heading level={level}>{t.bufferMap}</Heading>
			{rows.length === 0 && <p class="repro-muted">{t.bufferNone}</p>}
			{rows.map((row) => {
				const engaged = row.blocks.filter((b) => b.engaged).length;
				// The line sits after the limit-th engaged block (or after the limit-th slot).
				let seen = 0;
				let limitSlot = row.limit ?? 0;
				if (row.limit !== undefined) {
					const index = row.blocks.findIndex((b) => b.engaged && ++seen === row.limit);
					if (index >= 0) limitSlot = index + 1;
				}
				return (
					<div class="repro-buffer-row" key={`${row.core}-${row.position}`}>
						<div class="repro-buffer-pos">
							<code>{row.title}</code>
							<span class="repro-muted">
								{' '}
								· {engaged}
								{row.limit !== undefined && ` / ${format(t.bufferLimit, { n: row.limit })}`}
							</span>
						</div>
						<ol tabIndex={0} aria-label={row.title} class="repro-buffer-slots">
							{row.blocks.map((block) => (
								<li
									key={block.path}
									class={`repro-block repro-block-${block.state.toLowerCase()}${block.engaged ? ' repro-block-engaged' : ''}${block.over ? ' repro-block-over' : ''}`}
								>
									<span class="repro-block-label">
										{block.label.slice(0, block.label.lastIndexOf('.'))}
									</span>
									<span class="repro-block-label">
										{block.label.slice(block.label.lastIndexOf('.') + 1)}
									</span>
									<span class="repro-block-state">{block.state}</span>
									{block.event && <span class="repro-block-event">{block.event}</span>}
									{block.bytes !== undefined && (
										<span class="repro-block-bytes">{block.bytes} B</span>
									)}
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
