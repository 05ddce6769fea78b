/**
 * What `npu-smi info` printed during the run (the action bar's npu-smi button, or a scenario's
 * `npu-smi` action): the latest printout up to the step being looked at, as the terminal shows
 * it. Renders nothing when the run has none.
 */
import type { LogLine } from '../../sim/trace.ts';
import { format, type Strings } from './strings.ts';

/** Props of {@link NpuSmiView}. */
export interface NpuSmiViewProps {
	t: Strings;
	/** The log lines shown so far; the view reads the `shell` ones. */
	lines: readonly LogLine[];
}

/** The last `npu-smi info` printout in `lines`: its lines and virtual time, or undefined. */
export function lastNpuSmi(
	lines: readonly LogLine[],
): { time: number; text: string[] } | undefined {
	let last: { time: number; text: string[] } | undefined;
	for (const line of lines) {
		if (line.channel !== 'shell') continue;
		if (!last || last.time !== line.time) last = { time: line.time, text: [] };
		last.text.push(line.text);
	}
	return last;
}

/** The npu-smi panel of the widget. */
export function NpuSmiView({ t, lines }: NpuSmiViewProps) {
	const shown = lastNpuSmi(lines);
	if (!shown) return null;
	return (
		<figure class="repro-npu-smi">
			<figcaption class="repro-caption">
				{format(t.npuSmiAt, { ms: (shown.time / 1000).toFixed(1) })}
			</figcaption>
			<pre tabIndex={0}>{shown.text.join('\n')}</pre>
		</figure>
	);
}
