/**
 * Diagnostics of a run as text, in the page's language: where, the code (linked to its anchor
 * on the diagnostics reference page), the message, the hint, and the case that explains it.
 * The editor underlines the same places; this list is what a screen reader reads.
 */
import { diagnosticUrl } from '../../diagnostics/diagnostic-url.ts';
import type { Diagnostic } from '../../sim/trace.ts';
import type { Lang } from '../../triage/localized.ts';
import { Heading, type HeadingLevel } from './heading.tsx';
import { MessageText } from './message-text.tsx';
import { format, type Strings } from './strings.ts';

/** Props of {@link DiagnosticsList}. */
export interface DiagnosticsListProps {
	t: Strings;
	/** Level of the panel heading. */
	level: HeadingLevel;
	diagnostics: readonly Diagnostic[];
	/** The page's language: which text to show and which pages to link. */
	lang: Lang;
	/** Moves the editor cursor to a diagnostic, when the editor is loaded. */
	onJump?: (line: number, column: number, file?: string) => void;
}

/** The diagnostics panel; renders nothing when there are none. */
export function DiagnosticsList({ t, level, diagnostics, lang, onJump }: DiagnosticsListProps) {
	if (diagnostics.length === 0) return null;
	return (
		<section class="repro-diagnostics" aria-label={t.diagnostics}>
			<Heading level={level}>{t.diagnostics}</Heading>
			<ul>
				{diagnostics.map((d, i) => (
					<li key={i} class={`repro-diag-${d.severity}`}>
						<span class="repro-diag-where">
							{onJump ? (
								<button
									type="button"
									class="repro-linkish"
									onClick={() => onJump(d.line, d.column, d.file)}
								>
									{where(t, d)}
								</button>
							) : (
								where(t, d)
							)}
						</span>{' '}
						<a
							href={diagnosticUrl(d.code, lang)}
							aria-label={format(t.aboutCode, { code: d.code })}
						>
							<code>{d.code}</code>
						</a>{' '}
						<MessageText text={d.messages[lang]} />
						<div class="repro-muted">
							<MessageText text={d.hints[lang]} />
						</div>
						{d.case && (
							<div>
								<a href={`/${lang}/cases/${d.case}/`}>{format(t.openCase, { case: d.case })}</a>
							</div>
						)}
					</li>
				))}
			</ul>
		</section>
	);
}

/** `line 3, column 5`, after the file's name when the program has several files. */
function where(t: Strings, d: Diagnostic): string {
	const at = format(t.lineColumn, { line: d.line, column: d.column });
	return d.file ? `${d.file} · ${at}` : at;
}
