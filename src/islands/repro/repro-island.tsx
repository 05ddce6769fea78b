/**
 * The reproduction widget: a thin view over the simulator's trace (style.md #12). It holds what
 * the reader chose (scenario, variant, edited code, product, mode, added actions, step), sends a
 * run request to the worker, and renders the trace it gets back. The editor, the simulator worker,
 * the share codec and the chart load on demand; before hydration (and with scripts off) the server
 * output shows the highlighted code and the recorded faulty run.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { actionsFor } from '../../cases/scenario-actions.ts';
import type { Action } from '../../cases/schema.ts';
import { bufferPositions, stateAfter } from '../../sim/facts/index.ts';
import { PRODUCT_IDS, type ProductId } from '../../sim/product-id.ts';
import { MODE_WORDS } from '../../check/check-words.ts';
import { MAX_RANKS, RUN_MODES, type RunMode, type RunRequest } from '../../sim/run-request.ts';
import type { SlowCause } from '../../sim/run-progress.ts';
import type { Trace } from '../../sim/trace.ts';
import { ActionBar } from './action-bar.tsx';
import { BufferMap } from './buffer-map.tsx';
import { CheckMatrix } from './check-matrix.tsx';
import type { EditorHandle } from './code-editor.ts';
import { DiagnosticsList } from './diagnostics-list.tsx';
import { FileTabs, fileTabId } from './file-tabs.tsx';
import { LeakReport } from './leak-report.tsx';
import { DataPanel, type DataInput } from './data-panel.tsx';
import { DEFAULT_GM_FILL, type GmFill } from '../../sim/kernel/gm-fill.ts';
import { parseDefineList } from '../../sim/define-list.ts';
import { LogConsole } from './log-console.tsx';
import { MetricsView } from './metrics-view.tsx';
import {
	addFile,
	deleteFile,
	isInFile,
	renameFile,
	withText,
	type FileNameProblem,
	type FilesChange,
	type WidgetFile,
} from './project-files.ts';
import { NpuSmiView } from './npu-smi-view.tsx';
import { programOf } from './program-of.ts';
import {
	scenarioMachine,
	type LogLink,
	type ReproIslandProps,
	type ScenarioData,
	type Variant,
} from './repro-props.ts';
import type { RunClient } from './run-client.ts';
import { RanksView } from './ranks-view.tsx';
import type { ShareState } from './share-state.ts';
import { announceReproState } from './share-event.ts';
import { MAX_SHARED_CODE_CHARS, sharePayloadOf } from './share-hash.ts';
import { MAX_EDITOR_CHARS } from './playground-limits.ts';
import { format, LIMIT_STOP_TEXT, stringsFor, type StringKey } from './strings.ts';
import { ResourcePanel } from './resource-panel.tsx';
import { StatusLine } from './status-line.tsx';
import { Timeline } from './timeline.tsx';
import { PipeTimeline } from './pipe-timeline.tsx';
import { appendAction } from './user-actions.ts';

/** Milliseconds between steps when playing, per speed. */
const SPEEDS = { slow: 800, medium: 250, fast: 40 } as const;
type Speed = keyof typeof SPEEDS;

/** Where the widget's run stands. */
type RunStatus =
	| { kind: 'idle' }
	| { kind: 'running' }
	| { kind: 'done'; trace: Trace; links: readonly LogLink[] }
	| { kind: 'timeout'; ms: number; cause: SlowCause }
	| { kind: 'failed'; message: string };

/** A program's further files when it has none (one array, so "unchanged" is an identity test). */
const NO_FILES: readonly WidgetFile[] = [];
/** What a run or a share link may take from elsewhere than the widget's current choice. */
type RunOverrides = Partial<{
	actions: Action[];
	code: string;
	files: readonly WidgetFile[];
	product: ProductId;
	mode: RunMode;
	ranks: number;
	variant: Variant;
	scenario: ScenarioData;
	snapshot: number | 'end';
}>;

/** A note above the output: share link results, refusals. */
interface Notice {
	tone: 'info' | 'error';
	text: string;
	url?: string;
}

/** The reproduction island. */
export default function ReproIsland(props: ReproIslandProps & { children?: ComponentChildren }) {
	const {
		lang,
		scenarios,
		recorded,
		productNames,
		playground = false,
		id,
		headingLevel = 4,
	} = props;
	const t = useMemo(() => stringsFor(lang), [lang]);
	const initial = scenarios.find((s) => s.key === props.initial) ?? scenarios[0]!;

	const [hydrated, setHydrated] = useState(false);
	const [key, setKey] = useState(initial.key);
	const [variant, setVariant] = useState<Variant>('faulty');
	const [edits, setEdits] = useState<Record<string, string>>({});
	/** The files after the first, as the reader left them, per scenario and variant. */
	const [extra, setExtra] = useState<Record<string, readonly WidgetFile[]>>({});
	/** Which file the editor shows: 0 is the scenario's own file. */
	const [active, setActive] = useState(0);
	const [product, setProduct] = useState<ProductId>(initial.product);
	const [mode, setMode] = useState<RunMode>(initial.mode);
	const [ranks, setRanks] = useState<number>(initial.ranks ?? 1);
	const [added, setAdded] = useState<Action[]>([]);
	const [status, setStatus] = useState<RunStatus>({ kind: 'idle' });
	const [step, setStep] = useState(0);
	const [playing, setPlaying] = useState(false);
	const [speed, setSpeed] = useState<Speed>('medium');
	const [notice, setNotice] = useState<Notice | undefined>();
	const [editorReady, setEditorReady] = useState(false);
	/** Products the current program fails on, from the last "Check all products". */
	const [failing, setFailing] = useState<readonly ProductId[]>([]);
	/** Runs that have finished (with a trace, a timeout or a failure); tests wait on it. */
	const [finished, setFinished] = useState(0);
	const [fill, setFill] = useState<GmFill>(DEFAULT_GM_FILL);
	const [inputs, setInputs] = useState<Readonly<Record<string, DataInput>>>({});
	const [definesText, setDefinesText] = useState('');

	const editorHost = useRef<HTMLDivElement>(null);
	const editor = useRef<EditorHandle | undefined>(undefined);
	const client = useRef<RunClient | undefined>(undefined);
	const latestCode = useRef('');
	const latestExtra = useRef<readonly WidgetFile[]>(NO_FILES);
	const activeRef = useRef(0);
	const generation = useRef(0);

	const scenario = scenarios.find((s) => s.key === key) ?? initial;
	const program = scenario[variant];
	const editKey = `${scenario.key}:${variant}`;
	const code = edits[editKey] ?? program.source;
	latestCode.current = code;
	const defaultExtra = program.files ?? NO_FILES;
	const extraFiles = extra[editKey] ?? defaultExtra;
	latestExtra.current = extraFiles;
	const allFiles: WidgetFile[] = [{ path: program.file, text: code }, ...extraFiles];
	const activeFile = allFiles[Math.min(active, allFiles.length - 1)]!;
	const trace = status.kind === 'done' ? status.trace : undefined;
	const total = trace?.steps.length ?? 0;
	const showRecorded =
		!trace &&
		status.kind !== 'running' &&
		recorded !== undefined &&
		scenario.key === props.initial &&
		variant === 'faulty' &&
		code === program.source &&
		extraFiles === defaultExtra &&
		product === scenario.product &&
		mode === scenario.mode &&
		ranks === (scenario.ranks ?? 1) &&
		added.length === 0;
	const showFirstFrameCode =
		!editorReady &&
		scenario.key === props.initial &&
		variant === 'faulty' &&
		code === program.source;
	const withActions = playground || scenario.actions.length > 0;

	async function getClient(): Promise<RunClient> {
		if (!client.current) {
			const { RunClient } = await import('./run-client.ts');
			client.current ??= new RunClient();
		}
		return client.current;
	}

	// Hydration: load the editor, warm the simulator worker, read a share link if there is one.
	useEffect(() => {
		setHydrated(true);
		let disposed = false;
		import('./code-editor.ts')
			// Evaluating the editor's code and building the editor are separate tasks, so neither
			// holds the main thread for long.
			.then(
				(module) => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 0)),
			)
			.then(({ createEditor }) => {
				if (disposed || !editorHost.current) return;
				editor.current = createEditor(editorHost.current, {
					doc: latestCode.current,
					label: t.code,
					lang,
					aboutLabel: t.aboutDiagnostic,
					onChange: (doc) => {
						const key = editKeyRef.current;
						if (activeRef.current === 0) {
							latestCode.current = doc;
							setEdits((old) => ({ ...old, [key]: doc }));
							return;
						}
						const files = withText(latestExtra.current, activeRef.current - 1, doc);
						latestExtra.current = files;
						setExtra((old) => ({ ...old, [key]: files }));
					},
					maxChars: MAX_EDITOR_CHARS,
					onRefused: (chars) =>
						setNotice({
							tone: 'error',
							text: format(t.pasteTooLarge, {
								size: chars.toLocaleString(),
								limit: MAX_EDITOR_CHARS.toLocaleString(),
							}),
						}),
				});
				// Showing it (and dropping the static code) is a third task.
				setTimeout(() => {
					if (!disposed) setEditorReady(true);
				}, 0);
			})
			.catch((error: unknown) => setNotice({ tone: 'error', text: String(error) }));
		// The worker starts once the editor is up, so its start-up does not compete with it.
		const warm = setTimeout(() => {
			getClient().then((c) => {
				if (!disposed) c.warm();
			});
		}, 1_000);
		const payload = sharePayloadOf(location.hash);
		if (payload !== undefined) restoreShared(payload);
		// A share link pasted into the address bar of an open page restores too.
		const onHash = () => {
			const next = sharePayloadOf(location.hash);
			if (next !== undefined) restoreShared(next);
		};
		window.addEventListener('hashchange', onHash);
		return () => {
			disposed = true;
			window.removeEventListener('hashchange', onHash);
			clearTimeout(warm);
			editor.current?.destroy();
			client.current?.dispose();
		};
	}, []);

	// Each change the reader makes (after hydration) goes to the page, whose "report a problem"
	// link then carries a share link of this state.
	const announced = useRef(false);
	useEffect(() => {
		if (!hydrated) return;
		if (!announced.current) {
			announced.current = true;
			return;
		}
		announceReproState({ ...(playground ? {} : { widget: id }), state: currentShare() });
	}, [hydrated, key, variant, code, extraFiles, product, mode, ranks, added, step]);

	const editKeyRef = useRef(editKey);
	editKeyRef.current = editKey;

	/**
	 * Puts the program of `sc`/`v` (as the reader left it) in the editor. Called from the event
	 * that changes the choice, never from an effect: an effect runs a frame late and would
	 * overwrite what the reader typed in between.
	 */
	function showProgram(sc: ScenarioData, v: Variant, text?: string, files?: readonly WidgetFile[]) {
		const key = `${sc.key}:${v}`;
		const next = text ?? edits[key] ?? sc[v].source;
		editKeyRef.current = key;
		latestCode.current = next;
		latestExtra.current = files ?? extra[key] ?? sc[v].files ?? NO_FILES;
		activeRef.current = 0;
		setActive(0);
		editor.current?.setDoc(next);
	}

	/** Shows file `index` of the program in the editor. */
	function selectFile(index: number) {
		const files = latestExtra.current;
		if (index < 0 || index > files.length) return;
		activeRef.current = index;
		setActive(index);
		editor.current?.setDoc(index === 0 ? latestCode.current : files[index - 1]!.text);
	}

	/** Applies a change to the file list (add, rename, delete); returns why it was refused. */
	function changeFiles(
		change: (files: readonly WidgetFile[]) => FilesChange,
	): FileNameProblem | undefined {
		const result = change([
			{ path: program.file, text: latestCode.current },
			...latestExtra.current,
		]);
		if (!result.ok) return result.problem;
		const files = result.files.slice(1);
		latestExtra.current = files;
		setExtra((old) => ({ ...old, [editKeyRef.current]: files }));
		selectFile(result.active);
		clearRun();
		return undefined;
	}

	// Diagnostics and the executed line go to the editor; a program the simulator found nested
	// too deep is shown as plain text, so highlighting it does not hold the page.
	useEffect(() => {
		editor.current?.setDiagnostics(
			(trace?.diagnostics ?? []).filter((d) => isInFile(d.file, activeFile.path, active === 0)),
		);
		if (trace?.diagnostics.some((d) => d.code === 'nesting-too-deep'))
			editor.current?.setPlain(true);
	}, [trace, editorReady, active, activeFile.path]);
	useEffect(() => {
		const current = trace && step > 0 && step < total ? trace.steps[step - 1] : undefined;
		const span = current?.span;
		const here = span && isInFile(span.file, activeFile.path, active === 0);
		editor.current?.markStepLine(here ? span.line : undefined);
	}, [trace, step, editorReady, active, activeFile.path]);

	// Playing: advance one step per tick until the end.
	useEffect(() => {
		if (!playing) return;
		if (step >= total) {
			setPlaying(false);
			return;
		}
		const timer = setTimeout(() => setStep((s) => Math.min(s + 1, total)), SPEEDS[speed]);
		return () => clearTimeout(timer);
	}, [playing, step, total, speed]);

	function clearRun() {
		// A run still in flight belongs to the old choice; its result must not land.
		generation.current++;
		setStatus({ kind: 'idle' });
		setStep(0);
		setPlaying(false);
	}

	async function runWith(overrides: RunOverrides = {}, thenStep?: number) {
		const sc = overrides.scenario ?? scenario;
		const v = overrides.variant ?? variant;
		const request: RunRequest = {
			...programOf(
				sc,
				v,
				overrides.code ?? latestCode.current,
				overrides.actions ?? added,
				overrides.files ?? latestExtra.current,
			),
			product: overrides.product ?? product,
			mode: overrides.mode ?? mode,
			...scenarioMachine(sc),
		};
		request.gmFill = fill;
		if (Object.keys(inputs).length > 0) {
			request.gmInputs = Object.fromEntries(
				Object.entries(inputs).map(([name, input]) => [name, input.bytes]),
			);
		}
		if (overrides.snapshot !== undefined) request.snapshot = overrides.snapshot;
		const macros = parseDefineList(definesText);
		if (macros.bad.length > 0) {
			setNotice({ tone: 'error', text: format(t.definesBad, { items: macros.bad.join(' ') }) });
			return;
		}
		if (Object.keys(macros.defines).length > 0) request.defines = macros.defines;
		if (macros.undefines.length > 0) request.undefines = macros.undefines;
		// The Ranks control decides the job's size (the scenario's when untouched).
		const jobRanks = overrides.ranks ?? ranks;
		if (jobRanks > 1) request.ranks = jobRanks;
		else delete request.ranks;
		setPlaying(false);
		setStatus({ kind: 'running' });
		const mine = ++generation.current;
		let result;
		try {
			result = await (await getClient()).run(request, lang);
		} catch (error) {
			setStatus({ kind: 'failed', message: format(t.simLoadFailed, { message: String(error) }) });
			return;
		}
		if (mine !== generation.current) return;
		if (result.kind !== 'superseded') setFinished((n) => n + 1);
		switch (result.kind) {
			case 'superseded':
				return;
			case 'timeout':
				setStatus({ kind: 'timeout', ms: result.ms, cause: result.cause });
				return;
			case 'failed':
				setStatus({ kind: 'failed', message: format(t.workerFailed, { message: result.message }) });
				return;
			case 'trace': {
				const steps = result.trace.steps.length;
				setStatus({ kind: 'done', trace: result.trace, links: result.links });
				setStep(thenStep === undefined ? steps : Math.min(thenStep, steps));
				if (playground) writeHash(currentShare(overrides, thenStep ?? steps));
				return;
			}
		}
	}

	function currentShare(overrides: RunOverrides = {}, atStep = step): ShareState {
		return {
			v: 1,
			scenario: (overrides.scenario ?? scenario).key,
			variant: overrides.variant ?? variant,
			code: overrides.code ?? latestCode.current,
			files: (overrides.files ?? latestExtra.current).map((f) => ({ path: f.path, text: f.text })),
			product: overrides.product ?? product,
			mode: overrides.mode ?? mode,
			step: atStep,
			actions: overrides.actions ?? added,
			ranks: overrides.ranks ?? ranks,
		};
	}

	async function writeHash(state: ShareState): Promise<string> {
		// A program longer than a link may carry would only be refused when the link is opened.
		if (state.code.length > MAX_SHARED_CODE_CHARS) return '';
		const { shareHash } = await import('./share-encode.ts');
		const hash = await shareHash(state, playground ? undefined : id);
		history.replaceState(history.state, '', hash);
		return `${location.origin}${location.pathname}${location.search}${hash}`;
	}

	async function restoreShared(payload: string) {
		const { decodeShareState } = await import('./share-codec.ts');
		const decoded = await decodeShareState(payload);
		const refuse = (reason: StringKey) =>
			setNotice({ tone: 'error', text: format(t.badShare, { reason: t[reason] }) });
		if (!decoded.ok) {
			refuse(`badShare_${decoded.error.replace('-', '_')}` as StringKey);
			return;
		}
		const state = decoded.state;
		const target = scenarios.find((s) => s.key === state.scenario);
		if (!target) {
			// On a case page a link may be meant for another widget; only the playground complains.
			if (playground) refuse('badShare_unknown_scenario');
			return;
		}
		setKey(target.key);
		setVariant(state.variant);
		const restoredKey = `${target.key}:${state.variant}`;
		const files = state.files ?? target[state.variant].files ?? NO_FILES;
		setEdits((old) => ({ ...old, [restoredKey]: state.code }));
		setExtra((old) => ({ ...old, [restoredKey]: files }));
		setProduct(state.product);
		setMode(state.mode);
		const sharedRanks = state.ranks ?? target.ranks ?? 1;
		setRanks(sharedRanks);
		setAdded(state.actions);
		showProgram(target, state.variant, state.code, files);
		setNotice({ tone: 'info', text: t.shareRestored });
		await runWith(
			{
				scenario: target,
				variant: state.variant,
				code: state.code,
				files,
				product: state.product,
				mode: state.mode,
				ranks: sharedRanks,
				actions: state.actions,
			},
			state.step,
		);
	}

	async function share() {
		const url = await writeHash(currentShare());
		if (!url) {
			setNotice({
				tone: 'error',
				text: format(t.shareTooLong, { limit: MAX_SHARED_CODE_CHARS.toLocaleString() }),
			});
			return;
		}
		let copied = false;
		try {
			await navigator.clipboard.writeText(url);
			copied = true;
		} catch {
			// Clipboard access can be refused; the link is in the address bar and shown below.
		}
		setNotice({ tone: 'info', text: copied ? t.shareCopied : t.shareInAddressBar, url });
	}

	function chooseScenario(next: string) {
		const sc = scenarios.find((s) => s.key === next);
		if (!sc) return;
		showProgram(sc, 'faulty');
		setKey(sc.key);
		setVariant('faulty');
		setProduct(sc.product);
		setMode(sc.mode);
		setRanks(sc.ranks ?? 1);
		setAdded([]);
		clearRun();
	}

	function chooseVariant(next: Variant) {
		showProgram(scenario, next);
		setVariant(next);
		clearRun();
	}

	function reset() {
		setEdits((old) => {
			const copy = { ...old };
			delete copy[editKey];
			return copy;
		});
		setExtra((old) => {
			const copy = { ...old };
			delete copy[editKey];
			return copy;
		});
		showProgram(scenario, variant, program.source, defaultExtra);
		setAdded([]);
		setProduct(scenario.product);
		setMode(scenario.mode);
		setRanks(scenario.ranks ?? 1);
		setNotice(undefined);
		clearRun();
	}

	async function stepOnce() {
		setPlaying(false);
		if (!trace) {
			await runWith({}, 1);
			return;
		}
		setStep((s) => (s >= total ? 1 : s + 1));
	}

	function togglePlay() {
		if (playing) {
			setPlaying(false);
			return;
		}
		if (!trace) {
			runWith({}, 0).then(() => setPlaying(true));
			return;
		}
		if (step >= total) setStep(0);
		setPlaying(true);
	}

	function addAction(action: Action) {
		const now = stepping ? current?.time : undefined;
		const actions = appendAction(actionsFor(scenario, variant), added, action, now);
		setAdded(actions);
		runWith({ actions });
	}

	// The panels render one task after the status and log, so no single task blocks for long.
	const [panelsFor, setPanelsFor] = useState<Trace | undefined>();
	useEffect(() => {
		if (!trace) return;
		const timer = setTimeout(() => setPanelsFor(trace), 0);
		return () => clearTimeout(timer);
	}, [trace]);

	const machine = useMemo(() => (trace ? stateAfter(trace.steps, step) : undefined), [trace, step]);
	const positions = useMemo(() => (machine ? bufferPositions(machine) : []), [machine]);
	const current = trace && step > 0 ? trace.steps[Math.min(step, total) - 1] : undefined;
	const stepping = trace !== undefined && step > 0 && step < total;
	const visibleLog = trace
		? stepping && current
			? trace.log.filter((line) => line.time <= current.time)
			: trace.log
		: [];
	const ids = (name: string) => `${id}-${name}`;
	const disabled = !hydrated;
	const outcome = trace?.outcome ?? (showRecorded ? recorded!.outcome : undefined);
	// A limit of the run (src/sim/limits.ts) that stopped it, as the status line words it.
	const limitStop = trace?.diagnostics.find((d) => d.code in LIMIT_STOP_TEXT);

	return (
		<div
			class="repro-body"
			data-outcome={trace?.outcome ?? ''}
			data-status={status.kind}
			data-finished={finished}
			data-panels={trace !== undefined && panelsFor === trace ? 'ready' : ''}
		>
			<div class="repro-controls">
				{playground && (
					<div class="repro-field repro-field-wide">
						<label for={ids('scenario')}>{t.scenario}</label>
						<select
							id={ids('scenario')}
							value={key}
							disabled={disabled}
							onChange={(e) => chooseScenario(e.currentTarget.value)}
						>
							{groupByCase(scenarios).map(([caseTitle, list]) => (
								<optgroup label={caseTitle} key={caseTitle}>
									{list.map((s) => (
										<option value={s.key} key={s.key}>
											{s.label}
										</option>
									))}
								</optgroup>
							))}
						</select>
					</div>
				)}
				<fieldset class="repro-variant">
					<legend>{t.variant}</legend>
					{(['faulty', 'fixed'] as const).map((v) => (
						<label key={v} class={`repro-radio repro-radio-${v}`}>
							<input
								type="radio"
								name={ids('variant')}
								value={v}
								checked={variant === v}
								disabled={disabled}
								onChange={() => chooseVariant(v)}
							/>
							{t[v]}
						</label>
					))}
				</fieldset>
				<div class="repro-field">
					<label for={ids('product')}>{t.product}</label>
					<select
						id={ids('product')}
						value={product}
						disabled={disabled}
						onChange={(e) => {
							setProduct(e.currentTarget.value as ProductId);
							clearRun();
						}}
					>
						{PRODUCT_IDS.map((p) => (
							<option value={p} key={p} data-fails={failing.includes(p) || undefined}>
								{productNames[p]}
								{failing.includes(p) && t.failsHere}
							</option>
						))}
					</select>
				</div>
				<div class="repro-field">
					<label for={ids('mode')}>{t.mode}</label>
					<select
						id={ids('mode')}
						value={mode}
						disabled={disabled}
						onChange={(e) => {
							setMode(e.currentTarget.value as RunMode);
							clearRun();
						}}
					>
						{RUN_MODES.map((m) => (
							<option value={m} key={m}>
								{MODE_WORDS[m][lang]}
							</option>
						))}
					</select>
				</div>
				{(playground || (scenario.ranks ?? 1) > 1) && (
					<div class="repro-field">
						<label for={ids('ranks')}>{t.ranks}</label>
						<input
							id={ids('ranks')}
							type="number"
							min={1}
							max={MAX_RANKS}
							value={ranks}
							disabled={disabled}
							onChange={(e) => {
								const n = Math.trunc(Number(e.currentTarget.value));
								setRanks(Number.isFinite(n) ? Math.min(MAX_RANKS, Math.max(1, n)) : 1);
								clearRun();
							}}
						/>
					</div>
				)}
			</div>

			<div class="repro-code">
				<FileTabs
					t={t}
					id={id}
					files={allFiles}
					active={Math.min(active, allFiles.length - 1)}
					edited={editedFiles(allFiles, program.source, defaultExtra)}
					disabled={!editorReady}
					panelId={ids('editor')}
					onSelect={selectFile}
					onAdd={(name) => changeFiles((files) => addFile(files, name))}
					onRename={(name) => changeFiles((files) => renameFile(files, activeRef.current, name))}
					onDelete={() => changeFiles((files) => deleteFile(files, activeRef.current))}
				/>
				<div
					class="repro-editor"
					id={ids('editor')}
					role="tabpanel"
					aria-labelledby={fileTabId(id, Math.min(active, allFiles.length - 1))}
					ref={editorHost}
					hidden={!editorReady}
				/>
				{!editorReady &&
					(showFirstFrameCode && props.children ? (
						<div class="repro-static-code">{props.children}</div>
					) : (
						<pre class="repro-static-code repro-plain-code" tabIndex={0}>
							<code>{code}</code>
						</pre>
					))}
				{hydrated && !editorReady && <p class="repro-muted">{t.codeLoading}</p>}
			</div>

			<div class="repro-toolbar" role="group" aria-label={t.widget}>
				<button type="button" class="repro-run" disabled={disabled} onClick={() => runWith()}>
					{t.run}
				</button>
				<button type="button" disabled={disabled} onClick={stepOnce}>
					{t.step}
				</button>
				<button type="button" aria-pressed={playing} disabled={disabled} onClick={togglePlay}>
					{playing ? t.pause : t.play}
				</button>
				<button type="button" disabled={disabled} onClick={reset}>
					{t.reset}
				</button>
				<span class="repro-field repro-field-inline">
					<label for={ids('speed')}>{t.speed}</label>
					<select
						id={ids('speed')}
						value={speed}
						disabled={disabled}
						onChange={(e) => setSpeed(e.currentTarget.value as Speed)}
					>
						<option value="slow">{t.speedSlow}</option>
						<option value="medium">{t.speedMedium}</option>
						<option value="fast">{t.speedFast}</option>
					</select>
				</span>
				<button type="button" disabled={disabled} onClick={share}>
					{t.share}
				</button>
				<span class="repro-field">
					<label for={ids('defines')}>{t.defines}</label>
					<input
						id={ids('defines')}
						value={definesText}
						disabled={disabled}
						spellcheck={false}
						placeholder="DTYPE_X=half -UASCENDC_CPU_DEBUG"
						onChange={(e) => {
							setDefinesText(e.currentTarget.value);
							clearRun();
						}}
					/>
				</span>
			</div>

			{withActions && (
				<ActionBar
					t={t}
					disabled={disabled}
					sequence={[...actionsFor(scenario, variant), ...added]}
					hasAdded={added.length > 0}
					onAdd={addAction}
					onClear={() => {
						setAdded([]);
						runWith({ actions: [] });
					}}
				/>
			)}

			{notice && (
				<div
					class={`repro-notice repro-notice-${notice.tone}`}
					role={notice.tone === 'error' ? 'alert' : 'status'}
				>
					{notice.text}
					{notice.url && (
						<input
							class="repro-share-url"
							readOnly
							value={notice.url}
							aria-label={t.share}
							onFocus={(e) => e.currentTarget.select()}
						/>
					)}
				</div>
			)}

			<StatusLine
				t={t}
				kind={status.kind}
				outcome={outcome}
				limitText={limitStop ? t[LIMIT_STOP_TEXT[limitStop.code]!] : undefined}
				timeoutMs={status.kind === 'timeout' ? status.ms : undefined}
				cause={status.kind === 'timeout' ? status.cause : undefined}
				lang={lang}
				message={status.kind === 'failed' ? status.message : undefined}
				showIdle={!showRecorded}
				step={step}
				total={total}
				current={current}
				truncated={trace?.stepsTruncated ?? false}
			/>

			<LogConsole
				t={t}
				lines={trace ? visibleLog : showRecorded ? recorded!.log : []}
				links={status.kind === 'done' ? status.links : []}
				caption={showRecorded ? t.recorded : undefined}
				dropped={trace && !(stepping && current) ? trace.dropped?.logLines : undefined}
			/>
			<NpuSmiView t={t} lines={trace ? visibleLog : []} />

			<DiagnosticsList
				t={t}
				level={headingLevel}
				diagnostics={trace?.diagnostics ?? (showRecorded ? recorded!.diagnostics : [])}
				lang={lang}
				onJump={
					editorReady
						? (line, column, file) => {
								const index = file ? allFiles.findIndex((f) => f.path === file) : 0;
								if (index >= 0 && index !== activeRef.current) selectFile(index);
								editor.current?.focusAt(line, column);
							}
						: undefined
				}
			/>

			<CheckMatrix
				t={t}
				lang={lang}
				level={headingLevel}
				program={programOf(scenario, variant, code, added, extraFiles)}
				productNames={productNames}
				disabled={disabled}
				current={{ product, mode }}
				onChoose={(p, m) => {
					setProduct(p);
					setMode(m);
					runWith({ product: p, mode: m });
				}}
				onFailing={setFailing}
			/>

			{trace && panelsFor === trace && (
				<div class="repro-panels">
					{(positions.length > 0 || trace.steps.some((s) => s.actor.startsWith('core'))) && (
						<BufferMap t={t} level={headingLevel} positions={positions} />
					)}
					<ResourcePanel
						t={t}
						lang={lang}
						level={headingLevel}
						peaks={trace.resources?.peaks ?? []}
					/>
					<MetricsView t={t} level={headingLevel} lang={lang} series={trace.series} />
					{(withActions || trace.steps.some((s) => s.actor === 'user')) && (
						<Timeline t={t} level={headingLevel} steps={trace.steps} upTo={step} />
					)}
					{trace.pipes && (
						<PipeTimeline t={t} level={headingLevel} cores={trace.pipes} idPrefix={ids('pipes')} />
					)}
					{trace.hccl && <RanksView t={t} level={headingLevel} facts={trace.hccl} />}
					<LeakReport
						t={t}
						level={headingLevel}
						leaks={trace.leaks}
						more={trace.dropped?.leaks?.count ?? 0}
					/>
					{trace.steps.some((s) => s.actor.startsWith('core')) && (
						<DataPanel
							t={t}
							level={headingLevel}
							idPrefix={ids('data')}
							disabled={disabled}
							fill={fill}
							onFill={setFill}
							inputs={inputs}
							onInput={(name, input) =>
								setInputs((old) => {
									const copy = { ...old };
									if (input) copy[name] = input;
									else delete copy[name];
									return copy;
								})
							}
							snapshot={trace.memory}
							step={step}
							total={total}
							onShow={() => {
								const at = step > 0 && step < total ? step : 'end';
								runWith({ snapshot: at }, at === 'end' ? undefined : step);
							}}
						/>
					)}
				</div>
			)}
		</div>
	);
}

/** Indices of the files that differ from the scenario's (the first by text, the others by content). */
function editedFiles(
	files: readonly WidgetFile[],
	source: string,
	defaults: readonly WidgetFile[],
): Set<number> {
	const out = new Set<number>();
	if (files[0]!.text !== source) out.add(0);
	files.slice(1).forEach((f, i) => {
		const d = defaults.find((x) => x.path === f.path);
		if (!d || d.text !== f.text) out.add(i + 1);
	});
	return out;
}

/** Scenarios grouped under their case title, in the order given. */
function groupByCase(scenarios: readonly ScenarioData[]): Array<[string, ScenarioData[]]> {
	const groups = new Map<string, ScenarioData[]>();
	for (const s of scenarios) groups.set(s.caseTitle, [...(groups.get(s.caseTitle) ?? []), s]);
	return [...groups];
}
