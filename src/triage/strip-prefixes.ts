/**
 * Takes off what tools and people add in front of a CANN log record when they paste it:
 * terminal colours, markdown quotes, `grep -n` line numbers and file names, `[rank0]:`,
 * `(Worker_TP3 pid=…)`, Python logging and container timestamps, pytest's `E   `.
 */

/** How many prefixes are peeled off one line at most (they nest: `file.log:12:[rank0]:…`). */
const MAX_PREFIX_LAYERS = 8;

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** `plog-123_2024.log:42:` (grep over several files) or `device-0_1.log-`; group 1 is the line number. */
const GREP_FILE = /^(?:\.{0,2}\/)?[\w.\-/]*\.(?:log|txt|out|err)(?::(\d+))?[:-](?=\S)/;
/** `42:` or `42-` from `grep -n`; a digit right after would be a time (`12:34`), so it is kept. */
const GREP_LINE = /^(\d+)[:-](?=[^\d\s]|\s+\D)/;
const RANK = /^\[rank\d+\]:\s*/;
/** vllm-omni's stage tag in front of a stage's log lines: `[Stage-0] INFO 01-16 …`. */
const STAGE = /^\[Stage-\d+\]\s+/;
/**
 * `(Worker_TP3 pid=123)`, `(VllmWorker rank=0 pid=9)`, `(VllmWorker TP0 pid=9)`,
 * `(EngineCore_DP0 pid=626)`, `(RayWorkerWrapper pid=1, ip=10.0.0.1)`.
 */
const WORKER = /^\([A-Za-z_][\w.\-]*(?:,?\s+(?:[A-Za-z_]\w*=[^\s),]+|[A-Z]{1,4}\d+))+\)\s*/;
/** vLLM / Python logging: `ERROR 04-29 18:46:11 [worker.py:123] ` (older: `worker_base.py:581] `). */
const PY_LOGGING =
	/^(INFO|WARNING|ERROR|DEBUG|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? (?:\[[^\]]*\]|[\w.-]+:\d+\])\s*/;
/** A leading ISO-like timestamp from a container runtime, journal or logger. */
const LEADING_TIME =
	/^\[?\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?(?:\s+(?:stdout|stderr)\s+[FP])?(?:\s+-\s+[\w.]+\s+-\s+[A-Z]+\s+-)?\s+/;
/** syslog / journalctl: `Jul 18 00:06:16 host python3[1234]: `. */
const SYSLOG = /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d [\w.\-]+ [\w.\-/]+(?:\[\d+\])?: /;
const PYTEST = /^E {3}/;
const QUOTE = /^>\s?/;

/** A pasted line with its prefixes removed. */
export interface StrippedLine {
	text: string;
	/** The line number a `grep -n` prefix gave. */
	grepLine?: number;
	/** The level a Python logging prefix stated (`INFO`, `WARNING`…), which stripping removes. */
	level?: string;
}

/** Removes pasting prefixes from one line (see the module comment); the rest is left untouched. */
export function stripPrefixes(line: string): StrippedLine {
	let text = line.includes('\x1b') ? line.replace(ANSI, '') : line;
	let grepLine: number | undefined;
	let level: string | undefined;
	for (let layer = 0; layer < MAX_PREFIX_LAYERS; layer++) {
		const before = text;
		text = text.trimStart();
		const first = text.charCodeAt(0);
		// Most records start with '[' followed by a level; test the cheap cases first.
		if (first === 91 /* [ */) {
			text = text.replace(RANK, '').replace(STAGE, '').replace(LEADING_TIME, '');
		} else if (first >= 48 && first <= 57 /* 0-9 */) {
			const grep = GREP_LINE.exec(text);
			if (grep) {
				grepLine ??= Number(grep[1]);
				text = text.slice(grep[0].length);
			} else {
				text = text.replace(LEADING_TIME, '');
			}
		} else if (first === 40 /* ( */) {
			text = text.replace(WORKER, '');
		} else if (first === 62 /* > */) {
			text = text.replace(QUOTE, '');
		} else if (text.startsWith('E   ')) {
			text = text.replace(PYTEST, '');
		} else {
			const file = GREP_FILE.exec(text);
			if (file) {
				if (file[1] !== undefined) grepLine ??= Number(file[1]);
				text = text.slice(file[0].length);
			} else {
				const logging = PY_LOGGING.exec(text);
				if (logging) {
					level ??= logging[1];
					text = text.slice(logging[0].length);
				} else {
					text = text.replace(SYSLOG, '');
				}
			}
		}
		if (text === before) break;
	}
	text = text.trimEnd();
	const stripped: StrippedLine = { text };
	if (grepLine !== undefined) stripped.grepLine = grepLine;
	if (level !== undefined) stripped.level = level;
	return stripped;
}
