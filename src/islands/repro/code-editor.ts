/**
 * The CodeMirror 6 editor of the widget, loaded with a dynamic import when the island hydrates.
 * It shows the C++ program with the Lezer C++ grammar (the same tree the interpreter parses),
 * marks the line being executed during step-through and underlines diagnostics at their
 * line/column, with a tooltip in the page's language that links to the code's anchor on the
 * diagnostics reference page. It completes the catalog's API names and explains the API under
 * the pointer (signature, doc text, preconditions, per-product limits) in the page's language
 * (api-help.ts). Tab is left to move focus, so the page stays keyboard-usable.
 */
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension, StateEffect, StateField } from '@codemirror/state';
import {
	Decoration,
	type DecorationSet,
	EditorView,
	drawSelection,
	highlightActiveLineGutter,
	hoverTooltip,
	keymap,
	lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import type { Diagnostic } from '../../sim/trace.ts';
import editorCss from './code-editor.css?inline';
import { apiCompletions, apiHover } from './api-help.ts';
import { diagnosticTooltip, type DiagnosticTooltipOptions } from './diagnostic-tooltip.ts';

/** What the island may do with its editor. */
export interface EditorHandle {
	/** The program text now in the editor. */
	getDoc(): string;
	/** Replaces the whole program (variant switch, reset, share link). */
	setDoc(text: string): void;
	/** Marks 1-based `line` as being executed and scrolls to it; undefined clears the mark. */
	markStepLine(line: number | undefined): void;
	/** Shows `diagnostics` in the text at their line and column. */
	setDiagnostics(diagnostics: readonly Diagnostic[]): void;
	/** Puts the cursor at 1-based `line` and `column`, scrolls there and focuses the editor. */
	focusAt(line: number, column: number): void;
	destroy(): void;
}

/** Options of {@link createEditor}. */
export interface EditorOptions extends DiagnosticTooltipOptions {
	doc: string;
	/** Accessible name of the text area. */
	label: string;
	onChange(doc: string): void;
}

const setStepLine = StateEffect.define<number | undefined>();
const setDiagnostics = StateEffect.define<readonly Diagnostic[]>();

const stepLineField = StateField.define<DecorationSet>({
	create: () => Decoration.none,
	update(value, tr) {
		let next = value.map(tr.changes);
		for (const effect of tr.effects) {
			if (!effect.is(setStepLine)) continue;
			const line = effect.value;
			if (line === undefined || line < 1 || line > tr.state.doc.lines) next = Decoration.none;
			else {
				const from = tr.state.doc.line(line).from;
				next = Decoration.set([Decoration.line({ class: 'cm-repro-step' }).range(from)]);
			}
		}
		return next;
	},
	provide: (field) => EditorView.decorations.from(field),
});

const diagnosticsField = StateField.define<DecorationSet>({
	create: () => Decoration.none,
	update(value, tr) {
		let next = value.map(tr.changes);
		for (const effect of tr.effects) {
			if (effect.is(setDiagnostics)) next = diagnosticDecorations(tr.state, effect.value);
		}
		return next;
	},
	provide: (field) => EditorView.decorations.from(field),
});

function diagnosticDecorations(
	state: EditorState,
	diagnostics: readonly Diagnostic[],
): DecorationSet {
	const ranges = [];
	for (const d of diagnostics) {
		if (d.line < 1 || d.line > state.doc.lines) continue;
		const line = state.doc.line(d.line);
		const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
		// Underline to the end of the word at the column (at least one character).
		const rest = state.doc.sliceString(from, line.to);
		const word = /^[\w:<>]+/.exec(rest)?.[0].length ?? 1;
		const to = Math.min(line.to, from + Math.max(1, word));
		const cls = `cm-repro-diag cm-repro-diag-${d.severity}`;
		ranges.push(Decoration.line({ class: `cm-repro-diag-line-${d.severity}` }).range(line.from));
		if (to > from) ranges.push(Decoration.mark({ class: cls, diagnostic: d }).range(from, to));
	}
	return Decoration.set(ranges, true);
}

function extensions(options: EditorOptions): Extension[] {
	return [
		lineNumbers(),
		highlightActiveLineGutter(),
		history(),
		drawSelection(),
		indentOnInput(),
		bracketMatching(),
		cpp(),
		syntaxHighlighting(classHighlighter),
		autocompletion({ override: [apiCompletions(options.lang)], defaultKeymap: false }),
		keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
		stepLineField,
		diagnosticsField,
		hoverTooltip((view, pos) =>
			diagnosticTooltip(view.state.field(diagnosticsField), pos, options),
		),
		hoverTooltip((view, pos) => apiHover(view, pos, options.lang)),
		// An explicit tabindex tells checkers the editable area is focusable (it already is).
		EditorView.contentAttributes.of({ 'aria-label': options.label, tabindex: '0' }),
		EditorView.updateListener.of((update) => {
			if (update.docChanged) options.onChange(update.state.doc.toString());
		}),
	];
}

let editorSheet: CSSStyleSheet | undefined;

/**
 * A shadow root on `host` holding the editor's styles. CodeMirror styles an editor in a shadow
 * root through constructed stylesheets instead of a `<style>` element, and the page's
 * Content-Security-Policy (style-src without 'unsafe-inline') allows those.
 */
function editorRoot(host: HTMLElement): ShadowRoot {
	if (host.shadowRoot) return host.shadowRoot;
	const root = host.attachShadow({ mode: 'open' });
	if (!editorSheet) {
		editorSheet = new CSSStyleSheet();
		editorSheet.replaceSync(editorCss);
	}
	root.adoptedStyleSheets = [editorSheet];
	return root;
}

/** Mounts an editor in a shadow root on `parent` (an empty element). */
export function createEditor(parent: HTMLElement, options: EditorOptions): EditorHandle {
	const root = editorRoot(parent);
	const view = new EditorView({
		root,
		parent: root,
		state: EditorState.create({ doc: options.doc, extensions: extensions(options) }),
	});
	return {
		getDoc: () => view.state.doc.toString(),
		setDoc(text) {
			if (text === view.state.doc.toString()) return;
			view.dispatch({
				changes: { from: 0, to: view.state.doc.length, insert: text },
				effects: [setStepLine.of(undefined), setDiagnostics.of([])],
			});
		},
		markStepLine(line) {
			const effects: StateEffect<unknown>[] = [setStepLine.of(line)];
			if (line !== undefined && line >= 1 && line <= view.state.doc.lines) {
				effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'nearest' }));
			}
			view.dispatch({ effects });
		},
		setDiagnostics(diagnostics) {
			view.dispatch({ effects: setDiagnostics.of(diagnostics) });
		},
		focusAt(line, column) {
			const doc = view.state.doc;
			const target = doc.line(Math.min(Math.max(1, line), doc.lines));
			const pos = Math.min(target.from + Math.max(0, column - 1), target.to);
			view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
			view.focus();
		},
		destroy: () => view.destroy(),
	};
}
