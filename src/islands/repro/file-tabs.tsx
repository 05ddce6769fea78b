/**
 * The program's files as tabs above the editor, with a name field and Add / Rename / Delete
 * buttons. It only renders what the island holds (project-files.ts does the list changes) and
 * reports the reader's choices; a refused name is shown as an alert under the field.
 */
import { useState } from 'preact/hooks';
import type { FileNameProblem, WidgetFile } from './project-files.ts';
import type { StringKey, Strings } from './strings.ts';

/** Props of {@link FileTabs}. */
export interface FileTabsProps {
	t: Strings;
	/** Element id prefix, unique on the page. */
	id: string;
	files: readonly WidgetFile[];
	active: number;
	/** Indices of files whose text differs from the scenario's. */
	edited: ReadonlySet<number>;
	disabled: boolean;
	/** The id of the panel the tabs control (the editor's box). */
	panelId: string;
	onSelect(index: number): void;
	/** Each returns the problem when the change was refused. */
	onAdd(name: string): FileNameProblem | undefined;
	onRename(name: string): FileNameProblem | undefined;
	onDelete(): void;
}

/** The tab id of file `index` in the widget `id`. */
export function fileTabId(id: string, index: number): string {
	return `${id}-file-${index}`;
}

/** The file tabs and their controls. */
export function FileTabs(props: FileTabsProps) {
	const { t, id, files, active, edited, disabled } = props;
	const [name, setName] = useState('');
	const [problem, setProblem] = useState<FileNameProblem | undefined>();

	function keyDown(e: KeyboardEvent) {
		const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
		if (step === 0 && e.key !== 'Home' && e.key !== 'End') return;
		e.preventDefault();
		const next =
			e.key === 'Home'
				? 0
				: e.key === 'End'
					? files.length - 1
					: (active + step + files.length) % files.length;
		props.onSelect(next);
		document.getElementById(fileTabId(id, next))?.focus();
	}

	function apply(change: (name: string) => FileNameProblem | undefined) {
		const refused = change(name);
		setProblem(refused);
		if (!refused) setName('');
	}

	return (
		<div class="repro-files">
			<div class="repro-file-tabs" role="tablist" aria-label={t.files} onKeyDown={keyDown}>
				{files.map((f, i) => (
					<button
						type="button"
						role="tab"
						key={`${i}:${f.path}`}
						id={fileTabId(id, i)}
						aria-selected={i === active}
						aria-controls={props.panelId}
						tabIndex={i === active ? 0 : -1}
						class="repro-file-tab"
						disabled={disabled && i !== active}
						onClick={() => props.onSelect(i)}
					>
						<code>{f.path}</code>
						{edited.has(i) && <span class="repro-muted"> ✎</span>}
					</button>
				))}
			</div>
			<div class="repro-file-controls">
				<input
					type="text"
					id={`${id}-file-name`}
					aria-label={t.fileName}
					placeholder="utils.h"
					value={name}
					maxLength={100}
					disabled={disabled}
					spellcheck={false}
					autocomplete="off"
					aria-describedby={`${id}-files-hint`}
					onInput={(e) => setName(e.currentTarget.value)}
					onKeyDown={(e) => {
						if (e.key === 'Enter') apply(props.onAdd);
					}}
				/>
				<button type="button" disabled={disabled} onClick={() => apply(props.onAdd)}>
					{t.fileAdd}
				</button>
				<button
					type="button"
					disabled={disabled || active === 0}
					onClick={() => apply(props.onRename)}
				>
					{t.fileRename}
				</button>
				<button
					type="button"
					disabled={disabled || active === 0}
					onClick={() => {
						setProblem(undefined);
						props.onDelete();
					}}
				>
					{t.fileDelete}
				</button>
			</div>
			<p class="repro-muted repro-files-hint" id={`${id}-files-hint`}>
				{t.filesHint}
			</p>
			{problem && (
				<p class="repro-file-problem" role="alert">
					{t[`fileProblem_${problem.replace('-', '_')}` as StringKey]}
				</p>
			)}
		</div>
	);
}
