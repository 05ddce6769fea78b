/**
 * The action bar: what a user does to the machine around a run — kill -2 (SIGINT), SIGTERM,
 * suspend, run again, wait, npu-smi info — and the whole action sequence the next replay will use.
 */
import type { Action } from '../../cases/schema.ts';
import type { Strings } from './strings.ts';

/** Props of {@link ActionBar}. */
export interface ActionBarProps {
	t: Strings;
	disabled: boolean;
	/** The scenario's own actions followed by the reader's. */
	sequence: readonly Action[];
	/** Whether the reader has added any action (so there is something to clear). */
	hasAdded: boolean;
	onAdd(action: Action): void;
	onClear(): void;
}

/** An action as a short command-like label, e.g. `kill -2`, `wait 50 ms`. */
export function describeAction(action: Action): string {
	switch (action.do) {
		case 'run':
			return action.program
				? `run ${action.program}${action.background ? ' &' : ''}`
				: action.background
					? 'run &'
					: 'run';
		case 'npu-smi':
			return 'npu-smi info';
		case 'signal':
			return action.signal === 'SIGINT' ? 'kill -2' : `kill -${action.signal.replace('SIG', '')}`;
		case 'suspend':
			return 'suspend';
		case 'wait':
			return `wait ${action.ms} ms`;
	}
}

/** The action bar. */
export function ActionBar({ t, disabled, sequence, hasAdded, onAdd, onClear }: ActionBarProps) {
	const buttons: Array<[string, Action]> = [
		[t.actionSigint, { do: 'signal', signal: 'SIGINT' }],
		[t.actionSigterm, { do: 'signal', signal: 'SIGTERM' }],
		[t.actionSuspend, { do: 'suspend' }],
		[t.actionRunAgain, { do: 'run' }],
		[t.actionWait, { do: 'wait', ms: 1000 }],
		[t.actionNpuSmi, { do: 'npu-smi' }],
	];
	return (
		<div class="repro-actions" role="group" aria-label={t.actions}>
			<span class="repro-actions-title">{t.actions}</span>
			{buttons.map(([label, action]) => (
				<button type="button" key={label} disabled={disabled} onClick={() => onAdd(action)}>
					{label}
				</button>
			))}
			{hasAdded && (
				<button type="button" disabled={disabled} onClick={onClear}>
					{t.actionClear}
				</button>
			)}
			<p class="repro-muted repro-actions-hint">
				{t.actionList}: {sequence.map(describeAction).join(' → ') || '—'}
			</p>
		</div>
	);
}
