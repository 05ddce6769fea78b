/**
 * The buffer map: per TPosition, the buffers at the current step as blocks coloured by state,
 * with the position's buffer limit drawn as a line after the last allowed slot.
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
			{rows.map((row) => (
				<div class="repro-buffer-row" key={row.position}>
					<div class="repro-buffer-pos">
						<code>{row.position}</code>
						{row.limit !== undefined && (
							<span class="repro-muted"> · {format(t.bufferLimit, { n: row.limit })}</span>
						)}
					</div>
					<ol
						tabIndex={0}
						aria-label={row.position}
						class="repro-buffer-slots"
						style={{ '--slots': Math.max(row.blocks.length, row.limit ?? 0) }}
					>
						{row.blocks.map((block, i) => (
							<li
								key={block.path}
								class={`repro-block repro-block-${block.state.toLowerCase()}${row.limit !== undefined && i >= row.limit ? ' repro-block-over' : ''}`}
								title={block.path}
							>
								<span class="repro-block-label">{block.label}</span>
								<span class="repro-block-state">{block.state}</span>
								{block.bytes !== undefined && (
									<span class="repro-block-bytes">{block.bytes} B</span>
								)}
							</li>
						))}
						{row.limit !== undefined && (
							<li class="repro-limit-line" aria-hidden="true" style={{ '--limit': row.limit }} />
						)}
					</ol>
				</div>
			))}
		</section>
	);
}
