/**
 * A diagnostic's message or hint as the widget shows it: stretches between backticks as code,
 * the rest as text (Preact escapes both; nothing is read as HTML).
 */
import { segmentText, templateSegments } from '../../diagnostics/template.ts';

/** Renders `text` with its backtick-quoted stretches as `<code>`. */
export function MessageText({ text }: { text: string }) {
	return (
		<>
			{templateSegments(text).map((segment, i) =>
				segment.code ? <code key={i}>{segmentText(segment)}</code> : segmentText(segment),
			)}
		</>
	);
}
