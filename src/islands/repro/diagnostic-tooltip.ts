/**
 * The tooltip over an underlined diagnostic in the editor: code, message and hint in the page's
 * language and a link to the code's anchor on the diagnostics reference page. Built from text
 * nodes only, so nothing in a message is ever read as HTML.
 */
import type { DecorationSet, Tooltip } from '@codemirror/view';
import { diagnosticUrl } from '../../diagnostics/diagnostic-url.ts';
import { segmentText, templateSegments } from '../../diagnostics/template.ts';
import type { Diagnostic } from '../../sim/trace.ts';
import type { Lang } from '../../triage/localized.ts';

/** What the tooltip needs besides the diagnostics. */
export interface DiagnosticTooltipOptions {
	lang: Lang;
	/** Text of the link to the reference page, e.g. `诊断代码说明`. */
	aboutLabel: string;
}

/** The diagnostics whose underline covers `pos`, with the range they cover. */
function diagnosticsAt(
	marks: DecorationSet,
	pos: number,
): { from: number; to: number; found: Diagnostic[] } | null {
	let from = pos;
	let to = pos;
	const found: Diagnostic[] = [];
	marks.between(pos, pos, (start, end, value) => {
		const diagnostic = (value.spec as { diagnostic?: Diagnostic }).diagnostic;
		if (!diagnostic || start === end) return;
		if (found.length === 0 || start < from) from = start;
		if (found.length === 0 || end > to) to = end;
		found.push(diagnostic);
	});
	return found.length > 0 ? { from, to, found } : null;
}

/** `text` as nodes, its backtick-quoted stretches in `<code>`. */
function textNodes(text: string): Node[] {
	return templateSegments(text).map((segment) => {
		const plain = segmentText(segment);
		if (!segment.code) return document.createTextNode(plain);
		const code = document.createElement('code');
		code.textContent = plain;
		return code;
	});
}

function tipFor(d: Diagnostic, options: DiagnosticTooltipOptions): HTMLElement {
	const item = document.createElement('div');
	item.className = `cm-repro-diag-tip cm-repro-diag-tip-${d.severity}`;
	const code = document.createElement('code');
	code.textContent = d.code;
	const message = document.createElement('p');
	code.className = 'cm-repro-diag-code';
	message.append(code, ' ', ...textNodes(d.messages[options.lang]));
	const hint = document.createElement('p');
	hint.className = 'cm-repro-diag-hint';
	hint.append(...textNodes(d.hints[options.lang]));
	const link = document.createElement('a');
	link.href = diagnosticUrl(d.code, options.lang);
	link.textContent = options.aboutLabel;
	const more = document.createElement('p');
	more.append(link);
	item.append(message, hint, more);
	return item;
}

/** The tooltip for a hover at `pos`, or null when no underlined diagnostic is there. */
export function diagnosticTooltip(
	marks: DecorationSet,
	pos: number,
	options: DiagnosticTooltipOptions,
): Tooltip | null {
	const hit = diagnosticsAt(marks, pos);
	if (!hit) return null;
	return {
		pos: hit.from,
		end: hit.to,
		above: true,
		create: () => {
			const dom = document.createElement('div');
			dom.className = 'cm-repro-diag-tips';
			dom.lang = options.lang === 'zh' ? 'zh-CN' : 'en';
			for (const d of hit.found) dom.append(tipFor(d, options));
			return { dom };
		},
	};
}
