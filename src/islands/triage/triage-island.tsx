/**
 * The triage island: a log box (paste, type, drop or choose a file, or `#log=` in the URL),
 * matching in a worker, and the results — matching cases with their lines, hints, code notes,
 * and the log's lines of interest with the matched ones marked. Log text is rendered as text
 * nodes only, never as HTML.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { Lang } from '../../cases/schema.ts';
import { codeUrl } from '../../codes/code-url.ts';
import { caseUrl, permalink } from '../../triage/case-url.ts';
import type { DiagnosisItem } from '../../triage/diagnose.ts';
import type { TriageCode, TriageMatch } from '../../triage/match-log.ts';
import type { SignatureEntry } from '../../triage/signature-entry.ts';
import { readLogHash } from './log-hash.ts';
import { fill, triageStrings } from './strings.ts';
import { TriageClient } from './triage-client.ts';
import type { TriageResponse } from './triage-protocol.ts';

/** Line links listed per match; the rest are summarised with an ellipsis. */
const MAX_LINE_LINKS = 20;
/** The id of the log box (one triage island per page). */
const LOG_BOX_ID = 'triage-log';
/** Files larger than this are matched from memory instead of being put into the text box. */
const MAX_TEXTAREA_CHARS = 1_000_000;

/** Props of {@link TriageIsland}. */
export interface TriageIslandProps {
	lang: Lang;
	signatures: readonly SignatureEntry[];
	/** Case titles in the page's language, by slug. */
	titles: Readonly<Record<string, string>>;
}

type Status =
	| { kind: 'idle' }
	| { kind: 'running' }
	| { kind: 'done'; response: Extract<TriageResponse, { ok: true }> }
	| { kind: 'failed'; error: string };

/** The triage page's interactive part. */
export default function TriageIsland({ lang, signatures, titles }: TriageIslandProps) {
	const s = useMemo(() => triageStrings(lang), [lang]);
	// Start from what the reader typed or pasted into the server-rendered box before hydration;
	// starting empty would make hydration wipe it.
	const [text, setText] = useState(() =>
		typeof document === 'undefined'
			? ''
			: ((document.getElementById(LOG_BOX_ID) as HTMLTextAreaElement | null)?.value ?? ''),
	);
	const [file, setFile] = useState<{ name: string; size: number; text: string } | undefined>();
	const [status, setStatus] = useState<Status>({ kind: 'idle' });
	const client = useRef<TriageClient | undefined>(undefined);
	const box = useRef<HTMLTextAreaElement>(null);
	const picker = useRef<HTMLInputElement>(null);
	// Until hydration the buttons would submit the form natively and lose the log: keep them off.
	const [ready, setReady] = useState(false);

	const run = async (log: string) => {
		client.current ??= new TriageClient();
		setStatus({ kind: 'running' });
		const response = await client.current.run(log, signatures);
		if (!response) return;
		setStatus(response.ok ? { kind: 'done', response } : { kind: 'failed', error: response.error });
	};

	useEffect(() => {
		setReady(true);
		// A file chosen before hydration fired its change event with nobody listening.
		const chosen = picker.current?.files?.[0];
		if (chosen) void takeFile(chosen);
		const prefill = () => {
			const log = readLogHash(location.hash);
			if (log === undefined) return;
			setFile(undefined);
			setText(log);
			void run(log);
		};
		prefill();
		window.addEventListener('hashchange', prefill);
		return () => {
			window.removeEventListener('hashchange', prefill);
			client.current?.dispose();
		};
	}, []);

	// The box itself is the truth: text typed before hydration never reached the state.
	const current = () => file?.text ?? box.current?.value ?? text;

	const takeFile = async (picked: File | undefined) => {
		if (!picked) return;
		const content = await picked.text();
		if (content.length > MAX_TEXTAREA_CHARS) {
			setFile({ name: picked.name, size: picked.size, text: content });
			setText('');
		} else {
			setFile(undefined);
			setText(content);
		}
		void run(content);
	};

	const onSubmit = (event: JSX.TargetedEvent<HTMLFormElement>) => {
		event.preventDefault();
		void run(current());
	};

	const onDrop = (event: JSX.TargetedDragEvent<HTMLTextAreaElement>) => {
		const dropped = event.dataTransfer?.files[0];
		if (!dropped) return;
		event.preventDefault();
		void takeFile(dropped);
	};

	return (
		<div class="triage">
			<form class="triage__form" onSubmit={onSubmit}>
				<label for={LOG_BOX_ID} class="triage__label">
					{s.logLabel}
				</label>
				<textarea
					ref={box}
					id={LOG_BOX_ID}
					class="triage__log-input"
					rows={12}
					spellcheck={false}
					autocomplete="off"
					placeholder={s.logPlaceholder}
					value={text}
					onInput={(event) => {
						setFile(undefined);
						setText(event.currentTarget.value);
					}}
					onDragOver={(event) => event.preventDefault()}
					onDrop={onDrop}
				/>
				{file && (
					<p class="triage__file">
						{s.usingFile}: <code>{file.name}</code> ({(file.size / 1_048_576).toFixed(1)} MB)
					</p>
				)}
				<div class="triage__actions">
					<button type="submit" class="button button--primary" disabled={!ready}>
						{s.run}
					</button>
					<label class="button triage__file-button">
						{s.fileLabel}
						<input
							ref={picker}
							type="file"
							disabled={!ready}
							class="visually-hidden"
							accept=".log,.txt,text/plain"
							onChange={(event) => void takeFile(event.currentTarget.files?.[0])}
						/>
					</label>
					<button
						type="button"
						class="button"
						onClick={() => {
							setText('');
							setFile(undefined);
							setStatus({ kind: 'idle' });
						}}
					>
						{s.clear}
					</button>
				</div>
			</form>
			<div role="status" class="triage__status">
				{status.kind === 'running' && s.running}
				{status.kind === 'failed' && `${s.failed}${status.error}`}
				{status.kind === 'done' &&
					fill(s.summary, {
						lines: status.response.result.lineCount,
						matches: status.response.result.matches.length,
						ms: status.response.ms,
					})}
			</div>
			{status.kind === 'done' && <Results lang={lang} response={status.response} titles={titles} />}
		</div>
	);
}

interface CodeItemProps {
	lang: Lang;
	entry: Extract<DiagnosisItem, { kind: 'code' }>;
	info: TriageCode | undefined;
	codeLink: (code: string) => JSX.Element;
	lineLinks: (lines: readonly number[]) => JSX.Element[];
}

/** One error event of the diagnosis: its code, name, meaning, lines, the call and other codes. */
function CodeItem({ lang, entry, info, codeLink, lineLinks }: CodeItemProps) {
	const s = triageStrings(lang);
	const others = entry.codes.filter((code) => code !== entry.code);
	return (
		<>
			{codeLink(entry.code)}
			{info?.name && (
				<>
					{' '}
					<code>{info.name}</code>
				</>
			)}{' '}
			({s.lines}: {lineLinks(entry.lines)}) — {info?.meaning[lang]}
			{entry.call && (
				<span class="triage__meta">
					{' '}
					· {s.raisedBy} <code>{entry.call}</code>
				</span>
			)}
			{others.length > 0 && (
				<span class="triage__meta">
					{' '}
					· {s.sameError}:{' '}
					{others.map((code, index) => (
						<span key={code}>
							{index > 0 && ', '}
							{codeLink(code)}
						</span>
					))}
				</span>
			)}
		</>
	);
}

interface ResultsProps {
	lang: Lang;
	response: Extract<TriageResponse, { ok: true }>;
	titles: Readonly<Record<string, string>>;
}

function Results({ lang, response, titles }: ResultsProps) {
	const s = triageStrings(lang);
	const { result, excerpt } = response;
	const lineLinks = (lines: readonly number[]) =>
		lines.slice(0, MAX_LINE_LINKS).map((line, index) => (
			<span key={line}>
				{index > 0 && ', '}
				<a href={`#L${line}`}>{line}</a>
			</span>
		));
	// One entry per case, in the order of its first match; each signature that matched it below.
	const byCase = (claims: readonly TriageMatch[]) => {
		const groups = new Map<string, TriageMatch[]>();
		for (const match of claims) groups.set(match.case, [...(groups.get(match.case) ?? []), match]);
		return [...groups.values()];
	};
	const claim = (group: readonly TriageMatch[]) => {
		const first = group[0]!;
		return (
			<li class="triage__match" key={first.case}>
				<a class="triage__case" href={caseUrl(first.case, first.anchor, lang)}>
					{titles[first.case] ?? first.case}
				</a>
				<ul class="triage__signatures">
					{group.map((match) => (
						<li key={match.signature} class="triage__meta">
							{s.signature}: <code>{match.signature}</code> ({match.module}) ·{' '}
							<a href={permalink(match.signature)}>{s.permalink}</a> · {s.lines}:{' '}
							{lineLinks(match.lines)}
							{match.lines.length > MAX_LINE_LINKS && ' …'}
						</li>
					))}
				</ul>
			</li>
		);
	};
	const codeInfo = new Map(result.codes.map((code) => [code.code, code]));
	const codeLink = (code: string) => {
		const info = codeInfo.get(code);
		return info?.hasPage ? (
			<a href={codeUrl(code, lang)}>
				<code>{code}</code>
			</a>
		) : (
			<code>{code}</code>
		);
	};
	const item = (entry: DiagnosisItem) =>
		entry.kind === 'case' ? (
			<>
				<a class="triage__case" href={caseUrl(entry.case, entry.anchor, lang)}>
					{titles[entry.case] ?? entry.case}
				</a>{' '}
				({s.lines}: {lineLinks(entry.lines)})
				{entry.codes.length > 0 && (
					<span class="triage__meta">
						{' '}
						· {s.codesOfCase}:{' '}
						{entry.codes.map((code, index) => (
							<span key={code}>
								{index > 0 && ', '}
								{codeLink(code)}
							</span>
						))}
					</span>
				)}
			</>
		) : (
			<CodeItem
				lang={lang}
				entry={entry}
				info={codeInfo.get(entry.code)}
				codeLink={codeLink}
				lineLinks={lineLinks}
			/>
		);
	const { root, then } = result.diagnosis;
	return (
		<section class="triage__results" aria-labelledby="triage-results">
			<h2 id="triage-results">{s.resultsHeading}</h2>
			{!response.codesLoaded && <p role="note">{s.codesUnavailable}</p>}
			<section class="triage__diagnosis" aria-labelledby="triage-diagnosis">
				<h3 id="triage-diagnosis">{s.diagnosisHeading}</h3>
				{root ? (
					<>
						<p class="triage__root-label">{s.rootLabel}</p>
						<p class="triage__root">{item(root)}</p>
					</>
				) : (
					<p>{s.nothingFound}</p>
				)}
				{then.length > 0 && (
					<>
						<p>{s.thenLabel}</p>
						<ol class="triage__then">
							{then.map((entry, index) => (
								<li key={index}>{item(entry)}</li>
							))}
						</ol>
					</>
				)}
				{result.harmless.length > 0 && (
					<>
						<h4>{s.harmlessHeading}</h4>
						<ul class="triage__harmless">
							{result.harmless.map((entry) => (
								<li key={entry.rule}>
									{s.lines}: {lineLinks(entry.lines)} — {entry.reason[lang]} (
									<a href={entry.source} rel="noopener">
										{s.source}
									</a>
									)
								</li>
							))}
						</ul>
					</>
				)}
			</section>
			{result.matches.length === 0 && <p>{s.noMatch}</p>}
			{result.matches.length > 0 && (
				<>
					<h3>{s.matchesHeading}</h3>
					<ul class="triage__matches">{byCase(result.matches).map(claim)}</ul>
				</>
			)}
			{result.hints.length > 0 && (
				<>
					<h3>{s.hintsHeading}</h3>
					<ul class="triage__matches">{byCase(result.hints).map(claim)}</ul>
				</>
			)}
			{result.notes.length > 0 && (
				<>
					<h3>{s.notesHeading}</h3>
					<dl class="triage__notes">
						{result.notes.map((note) => (
							<div key={note.code}>
								<dt>
									{codeLink(note.code)}
									{note.name && (
										<>
											{' '}
											<code>{note.name}</code>
										</>
									)}{' '}
									({s.lines}: {lineLinks(note.lines)})
								</dt>
								<dd>
									{note.meaning[lang]}
									{note.cases.map((slug) => (
										<span key={slug}>
											{' '}
											{s.relatedCase}:{' '}
											<a href={caseUrl(slug, 'symptom', lang)}>{titles[slug] ?? slug}</a>
										</span>
									))}
								</dd>
							</div>
						))}
					</dl>
				</>
			)}
			{result.vetoes.length > 0 && (
				<details class="triage__vetoes">
					<summary>{s.vetoesHeading}</summary>
					<ul>
						{result.vetoes.map((veto) => (
							<li key={veto.signature}>
								<code>{veto.signature}</code> ({titles[veto.case] ?? veto.case}):{' '}
								{fill(s.vetoedBecause, { lines: veto.lines.join(', ') })}
							</li>
						))}
					</ul>
				</details>
			)}
			{excerpt.length > 0 && (
				<>
					<h3>{s.logHeading}</h3>
					<ol class="triage__excerpt" aria-label={s.logHeading} tabIndex={0}>
						{excerpt.map((row, index) =>
							row.kind === 'gap' ? (
								<li class="triage__gap" key={`gap-${index}`}>
									{fill(s.gap, { n: row.count })}
								</li>
							) : (
								<li
									key={row.number}
									id={`L${row.number}`}
									class={row.mark ? `triage__line triage__line--${row.mark}` : 'triage__line'}
								>
									<span class="triage__number">{row.number}</span>
									{row.mark ? (
										<mark>
											<code>{row.text}</code>
										</mark>
									) : (
										<code>{row.text}</code>
									)}
								</li>
							),
						)}
					</ol>
				</>
			)}
		</section>
	);
}
