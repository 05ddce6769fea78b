/**
 * Rebuilds the official rows of `content/codes/*.json` from the real CANN sources: the runtime's
 * `error_code.json`, the aclError headers and their doc page, the runtime's internal error
 * numbers and the maps that turn them into public codes, the task-scheduler and driver error
 * enums, HCCL's result codes, the GE error-code pages, and the English text torch_npu prints
 * after `[Error]:` for each aclError (Ascend/pytorch NPUErrorCodes.h). Every row records the file and commit
 * it came from, and the CANN package versions (from each commit's version file) in which the
 * code is present in that file's history.
 *
 * Hand-kept fields of an existing row (`cases`, `programs`, `see`) are carried over, so running
 * the import again never loses them. Explanations live in `content/codes/explained/` and are
 * never touched.
 *
 * Usage (needs local clones; `git clone --bare` is enough):
 *   node scripts/codes/import-codes.ts --runtime DIR --ge DIR --pytorch DIR --opbase DIR
 *     [--out content/codes]
 * then `npx prettier --write content/codes`. JSON rather than YAML: the CLI reads the whole
 * index on every run, and JSON parses about a hundred times faster.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// ── command line ─────────────────────────────────────────────────────────────────────────────

function option(name: string, fallback?: string): string {
	const at = process.argv.indexOf(`--${name}`);
	const value = at >= 0 ? process.argv[at + 1] : fallback;
	if (value === undefined) {
		console.error(`import-codes: give --${name} DIR (a clone of the repository).`);
		process.exit(2);
	}
	return value;
}

const RUNTIME_DIR = option('runtime');
const GE_DIR = option('ge');
const PYTORCH_DIR = option('pytorch');
const OPBASE_DIR = option('opbase');
const OUT = resolve(option('out', 'content/codes'));

// ── git access ───────────────────────────────────────────────────────────────────────────────

/** A clone and the repository name it mirrors. */
interface Repo {
	dir: string;
	name: string;
	head: string;
}

function git(dir: string, args: string[]): string {
	const gitDir = existsSync(join(dir, '.git')) ? join(dir, '.git') : dir;
	return execFileSync('git', ['--git-dir', gitDir, ...args], {
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
		stdio: ['ignore', 'pipe', 'ignore'],
	}).replace(/\r\n/g, '\n');
}

function openRepo(dir: string, name: string): Repo {
	return { dir, name, head: git(dir, ['rev-parse', 'HEAD']).trim() };
}

function show(repo: Repo, commit: string, path: string): string | undefined {
	try {
		return git(repo.dir, ['show', `${commit}:${path}`]);
	} catch {
		return undefined;
	}
}

function listFiles(repo: Repo, folder: string): string[] {
	return git(repo.dir, ['ls-tree', '-r', '--name-only', repo.head, folder])
		.split('\n')
		.filter(Boolean);
}

const versionCache = new Map<string, string>();

/** The CANN package version a commit declares (`version.info` or `version.cmake`). */
function versionAt(repo: Repo, commit: string): string {
	const key = `${repo.name}@${commit}`;
	const cached = versionCache.get(key);
	if (cached) return cached;
	const info = show(repo, commit, 'version.info');
	const cmake = show(repo, commit, 'version.cmake');
	const version =
		/^Version=(\S+)/m.exec(info ?? '')?.[1] ?? /VERSION\s+"([^"]+)"/.exec(cmake ?? '')?.[1] ?? '';
	versionCache.set(key, version);
	return version;
}

/** Numeric order of versions such as 8.5.0 and 9.1.0. */
function compareVersions(a: string, b: string): number {
	const pa = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
	const pb = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
	for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
		const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
		if (diff !== 0) return diff;
	}
	return 0;
}

/** The CANN versions a code is present in, over the history of the file(s) that define it. */
interface VersionSpan {
	from: string;
	to: string;
}

/**
 * For every key `extract` finds in any version of `path`, the lowest and highest CANN version of
 * the commits that have it. The history of these mirrors starts at 8.5.0, so `from: 8.5.0` reads
 * "8.5.0 or earlier".
 */
function versionSpans(
	repo: Repo,
	path: string,
	extract: (text: string) => Iterable<string>,
): Map<string, VersionSpan> {
	const spans = new Map<string, VersionSpan>();
	// Follow renames: each commit comes with the path the file had in it.
	const lines = git(repo.dir, [
		'log',
		'--follow',
		'--format=%H',
		'--name-only',
		repo.head,
		'--',
		path,
	])
		.split('\n')
		.filter(Boolean);
	const commits: [string, string][] = [];
	for (let i = 0; i + 1 < lines.length; i += 2) commits.push([lines[i]!, lines[i + 1]!]);
	for (const [commit, pathThen] of commits) {
		const text = show(repo, commit, pathThen);
		if (text === undefined) continue;
		const version = versionAt(repo, commit);
		if (!version) continue;
		for (const key of extract(text)) {
			const span = spans.get(key);
			if (!span) spans.set(key, { from: version, to: version });
			else {
				if (compareVersions(version, span.from) < 0) span.from = version;
				if (compareVersions(version, span.to) > 0) span.to = version;
			}
		}
	}
	return spans;
}

/** 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string | RegExp): number | undefined {
	const lines = text.split('\n');
	const index = lines.findIndex((line) =>
		typeof needle === 'string' ? line.includes(needle) : needle.test(line),
	);
	return index < 0 ? undefined : index + 1;
}

// ── rows ─────────────────────────────────────────────────────────────────────────────────────

type Localized = { zh?: string; en?: string };

/** A generated row; the YAML is this object plus the hand-kept fields of an earlier import. */
interface Row {
	code: string;
	name?: string;
	aliases?: string[];
	category: string;
	class?: string;
	template?: string;
	args?: string[];
	examples?: string[];
	official?: {
		meaning?: Localized;
		placeholders?: Localized;
		cause?: Localized;
		solution?: Localized;
		comment?: string;
		torchNpu?: string;
	};
	maps?: { code: string; desc?: string };
	deprecated?: Localized;
	sources: string[];
	cann?: VersionSpan;
	related?: string[];
	// Hand-kept:
	cases?: string[];
	programs?: string[];
	see?: unknown[];
}

interface SourceRef {
	repo: string;
	commit: string;
	path: string;
}

interface Family {
	family: string;
	kind: 'acl' | 'screen' | 'inner' | 'ts' | 'drv' | 'hccl';
	module: string;
	title: Localized;
	about: Localized;
	sources: Record<string, SourceRef>;
	codes: Row[];
}

function ref(key: string, line?: number, sub?: string): string {
	return `${key}${sub ? `:${sub}` : ''}${line ? `#L${line}` : ''}`;
}

/** Collapses runs of spaces/newlines the way the sources wrap long strings. */
function squash(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}

/** Unescapes a C string literal's content (only the escapes the sources use). */
function cString(literal: string): string {
	return literal.replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
}

/** Joins adjacent C string literals: `"a" "b"` → `ab`. */
function joinLiterals(text: string): string {
	return [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => cString(match[1]!)).join('');
}

// ── aclError: headers and the doc page ───────────────────────────────────────────────────────

interface DocRow {
	line: number;
	name: string;
	meaning: string;
	fix: string;
	deprecatedNote?: string;
	replacement?: string;
}

/** Rows of the aclError doc tables, by number. */
function readAclDoc(text: string): Map<number, DocRow> {
	const rows = new Map<number, DocRow>();
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i]!;
		if (!line.startsWith('| ') || line.startsWith('| ---') || line.startsWith('| 返回码')) continue;
		const cells = line
			.slice(2, -2)
			.split(' | ')
			.map((cell) => cell.trim());
		if (cells.length < 3) continue;
		const [head, meaning, fix] = cells as [string, string, string];
		const match = /(ACL_[A-Z0-9_]+)\s*(?:=|\s|<br>)\s*(\d+)U?/.exec(head);
		if (!match) continue;
		const number = Number(match[2]);
		const note = /须知：(.+)$/.exec(head)?.[1];
		const replacement = note ? /\[(ACL_[A-Z0-9_]+)\]/.exec(note)?.[1] : undefined;
		rows.set(number, {
			line: i + 1,
			name: match[1]!,
			meaning: cleanMarkdown(meaning),
			fix: cleanMarkdown(fix),
			...(note ? { deprecatedNote: cleanMarkdown(note) } : {}),
			...(replacement ? { replacement } : {}),
		});
	}
	return rows;
}

/** Markdown table cell → plain text: links keep their text, `<br>` becomes a line break. */
function cleanMarkdown(cell: string): string {
	return cell
		.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
		.replace(/<br>\s*-\s*/g, '\n- ')
		.replace(/<br>/g, '\n')
		.replace(/^-\s+/, '- ')
		.replace(/[ \t]+\n/g, '\n')
		.replace(/\n{2,}/g, '\n')
		.trim();
}

/** `static const int NAME = N;` / `#define NAME N // comment` / `static const uint32_t NAME = NU;` */
function readAclHeader(
	text: string,
): { name: string; number: number; line: number; comment?: string }[] {
	const rows: { name: string; number: number; line: number; comment?: string }[] = [];
	// A `#define` whose value sits on the next line after a backslash (107041).
	const joined = text.replace(/\\\n\s*/g, ' ');
	const original = text.split('\n');
	for (const line of joined.split('\n')) {
		const match =
			/^\s*(?:static\s+const\s+(?:int|uint32_t)\s+(ACL_[A-Z0-9_]+)\s*=\s*(\d+)U?;|#define\s+(ACL_[A-Z0-9_]+)\s+(\d+))\s*(?:\/\/\s*(.*))?$/.exec(
				line,
			);
		if (!match) continue;
		const name = (match[1] ?? match[3])!;
		const number = Number(match[2] ?? match[4]);
		if (number === 0) continue;
		const at = original.findIndex((raw) => new RegExp(`\\b${name}\\b`).test(raw)) + 1;
		rows.push({ name, number, line: at, ...(match[5] ? { comment: match[5].trim() } : {}) });
	}
	return rows;
}

/** The aclError numbering rule a code falls under (25-01_aclError.md, rules 1–4). */
function aclCategory(number: number): string {
	const lead = Math.floor(number / 100000);
	return { 1: 'user-or-environment', 2: 'resource-or-hardware', 3: 'business', 5: 'internal' }[
		lead
	]!;
}

/** torch_npu's `[Error]:` text per aclError, with the line of its entry (NPUErrorCodes.h). */
function readTorchMessages(text: string): Map<number, { message: string; line: number }> {
	const messages = new Map<number, { message: string; line: number }>();
	for (const match of text.matchAll(/\{(\d{6}),\s*"((?:[^"\\]|\\.|\\\n)*)"\}/g)) {
		// A backslash-newline inside the literal joins the lines (C); the indentation stays.
		const message = match[2]!.replace(/\\\n/g, '').replace(/\\n/g, '\n').replace(/\\"/g, '"');
		const line = text.slice(0, match.index).split('\n').length;
		messages.set(Number(match[1]), { message: message.replace(/[ \t]+\n/g, '\n').trim(), line });
	}
	return messages;
}

function aclFamilies(runtime: Repo, pytorch: Repo): Family[] {
	const DOC = 'docs/zh/api_ref/25-01_aclError.md';
	const TORCH = 'torch_npu/csrc/core/npu/NPUErrorCodes.h';
	const torchMessages = readTorchMessages(show(pytorch, pytorch.head, TORCH)!);
	const doc = show(runtime, runtime.head, DOC)!;
	const docRows = readAclDoc(doc);
	const nameToNumber = new Map<string, number>();
	const specs = [
		{
			family: 'acl-error',
			module: 'AscendCL',
			path: 'include/external/acl/acl_base_rt.h',
			title: { zh: 'AscendCL 返回码（aclError）', en: 'AscendCL return codes (aclError)' },
			about: {
				zh: 'acl 接口返回的 aclError 值：1XXXXX 为环境或代码问题，2XXXXX 为资源不足或与硬件不匹配，3XXXXX 为业务异常，5XXXXX 为内部错误（规则见 aclError 返回码列表）。',
				en: 'aclError values returned by the acl APIs: 1XXXXX environment or code, 2XXXXX resources or hardware mismatch, 3XXXXX business errors, 5XXXXX internal errors (rules from the aclError return-code list).',
			},
		},
		{
			family: 'rts-error',
			module: 'Runtime',
			path: 'include/external/acl/error_codes/rt_error_codes.h',
			title: {
				zh: 'Runtime 透传的返回码（107xxx/207xxx/507xxx）',
				en: 'Runtime codes passed through aclError (107xxx/207xxx/507xxx)',
			},
			about: {
				zh: 'Runtime 定义、经 aclrt 接口原样返回的错误码，plog 中常以 ErrCode= 出现。',
				en: 'Codes defined by the runtime and returned as they are by the aclrt APIs; plog prints them as ErrCode=.',
			},
		},
		{
			family: 'ge-error',
			module: 'GE',
			path: 'include/external/acl/error_codes/ge_error_codes.h',
			title: {
				zh: 'GE 透传的返回码（145xxx/245xxx/345xxx/545xxx）',
				en: 'Graph Engine codes passed through aclError (145xxx/245xxx/345xxx/545xxx)',
			},
			about: {
				zh: '图引擎（GE）定义、经模型加载与执行接口返回的错误码。',
				en: 'Codes defined by the Graph Engine (GE) and returned by the model loading and execution APIs.',
			},
		},
	] as const;
	const families: Family[] = [];
	for (const spec of specs) {
		const text = show(runtime, runtime.head, spec.path)!;
		const spans = versionSpans(runtime, spec.path, (t) =>
			readAclHeader(t).map((row) => String(row.number)),
		);
		const docSpans = versionSpans(runtime, DOC, (t) => [...readAclDoc(t).keys()].map(String));
		const rows: Row[] = [];
		for (const entry of readAclHeader(text)) {
			nameToNumber.set(entry.name, entry.number);
			const docRow = docRows.get(entry.number);
			const span = spans.get(String(entry.number));
			const docSpan = docSpans.get(String(entry.number));
			const aliases = docRow && docRow.name !== entry.name ? [docRow.name] : undefined;
			const torch = torchMessages.get(entry.number);
			const row: Row = {
				code: String(entry.number),
				name: entry.name,
				...(aliases ? { aliases } : {}),
				category: aclCategory(entry.number),
				official: {
					...(docRow ? { meaning: { zh: docRow.meaning } } : {}),
					...(docRow && docRow.fix !== '-' ? { solution: { zh: docRow.fix } } : {}),
					...(entry.comment ? { comment: entry.comment } : {}),
					...(torch ? { torchNpu: torch.message } : {}),
				},
				...(docRow?.deprecatedNote ? { deprecated: { zh: docRow.deprecatedNote } } : {}),
				sources: [
					ref('header', entry.line),
					...(docRow ? [ref('doc', docRow.line)] : []),
					...(torch ? [ref('torch', torch.line)] : []),
				],
				...(span ? { cann: widen(span, docSpan) } : {}),
			};
			if (Object.keys(row.official!).length === 0) delete row.official;
			rows.push(row);
		}
		families.push({
			family: spec.family,
			kind: 'acl',
			module: spec.module,
			title: spec.title,
			about: spec.about,
			sources: {
				header: { repo: runtime.name, commit: runtime.head, path: spec.path },
				doc: { repo: runtime.name, commit: runtime.head, path: DOC },
				torch: { repo: pytorch.name, commit: pytorch.head, path: TORCH },
			},
			codes: rows,
		});
	}
	// Deprecated codes name their replacement: relate the two.
	for (const family of families) {
		for (const row of family.codes) {
			const docRow = docRows.get(Number(row.code));
			const replacement = docRow?.replacement ? nameToNumber.get(docRow.replacement) : undefined;
			if (replacement !== undefined) addRelated(row, String(replacement));
		}
	}
	return families;
}

// ── aclnn status codes: hicann/opbase ────────────────────────────────────────────────────────

/** `| NAME | value | text |` rows of the aclnn return-code tables, by value, with their line. */
function readAclnnDoc(text: string): Map<number, { name: string; text: string; line: number }[]> {
	const rows = new Map<number, { name: string; text: string; line: number }[]>();
	text.split('\n').forEach((line, index) => {
		const match = /^\|\s*(ACLNN_[A-Z0-9_]+)\s*\|\s*(\d{6})\s*\|\s*(.+?)\s*\|\s*$/.exec(line);
		if (!match) return;
		const value = Number(match[2]);
		const list = rows.get(value) ?? [];
		list.push({ name: match[1]!, text: cleanMarkdown(match[3]!), line: index + 1 });
		rows.set(value, list);
	});
	return rows;
}

/** The aclnn API status codes (`aclnnStatus`): op_errno.h and the aclnn return-code pages. */
function aclnnFamily(opbase: Repo): Family {
	const HEADER = 'include/nnopbase/opdev/op_errno.h';
	const DOC_ZH = 'docs/zh/api/nnopbase/opdev/aclnn_return_code/aclnn_return_code.md';
	const DOC_EN = 'docs/en/api/nnopbase/opdev/aclnn_return_code/aclnn_return_codes.md';
	const readHeader = (text: string) =>
		text
			.split('\n')
			.map((line, index) => ({ match: /^#define (ACLNN_[A-Z0-9_]+) (\d+)\s*$/.exec(line), index }))
			.filter((item) => item.match && item.match[2] !== '0')
			.map(({ match, index }) => ({
				name: match![1]!,
				number: Number(match![2]),
				line: index + 1,
			}));
	const header = show(opbase, opbase.head, HEADER)!;
	const lines = header.split('\n');
	const zh = readAclnnDoc(show(opbase, opbase.head, DOC_ZH)!);
	const en = readAclnnDoc(show(opbase, opbase.head, DOC_EN)!);
	const spans = versionSpans(opbase, HEADER, (t) => readHeader(t).map((d) => String(d.number)));
	const defines = readHeader(header);
	const rows: Row[] = [];
	for (const number of [...new Set(defines.map((d) => d.number))]) {
		const names = defines.filter((d) => d.number === number);
		// Of two spellings of one value, the doc marks one as deprecated: the other is the name.
		const zhRows = zh.get(number) ?? [];
		const enRows = en.get(number) ?? [];
		const current =
			names.find((d) => !zhRows.some((r) => r.name === d.name && r.text.includes('已废弃'))) ??
			names[0]!;
		const pick = (list: { name: string; text: string; line: number }[]) =>
			list.find((r) => r.name === current.name);
		const zhRow = pick(zhRows);
		const enRow = pick(enRows);
		const comment = lines[current.line - 2]?.startsWith('//')
			? lines[current.line - 2]!.replace(/^\/\/\s*/, '')
			: lines[names[0]!.line - 2]?.startsWith('//')
				? lines[names[0]!.line - 2]!.replace(/^\/\/\s*/, '')
				: undefined;
		const aliases = names.filter((d) => d !== current).map((d) => d.name);
		const meaning: Localized = {
			...(zhRow ? { zh: zhRow.text } : {}),
			...(enRow ? { en: enRow.text } : {}),
		};
		const span = spans.get(String(number));
		rows.push({
			code: String(number),
			name: current.name,
			...(aliases.length > 0 ? { aliases } : {}),
			category: aclCategory(number),
			...(zhRow || enRow || comment
				? {
						official: {
							...(zhRow || enRow ? { meaning } : {}),
							...(comment ? { comment } : {}),
						},
					}
				: {}),
			sources: [
				ref('header', current.line),
				...(zhRow ? [ref('doc-zh', zhRow.line)] : []),
				...(enRow ? [ref('doc-en', enRow.line)] : []),
			],
			...(span ? { cann: span } : {}),
		});
	}
	return {
		family: 'aclnn-status',
		kind: 'acl',
		module: 'aclnn',
		title: {
			zh: 'aclnn 算子接口返回码（aclnnStatus）',
			en: 'aclnn operator API status codes (aclnnStatus)',
		},
		about: {
			zh: 'aclnnXxx 两段式算子接口返回的 aclnnStatus：161xxx 为参数校验错误，361001 为调用 Runtime 接口出错，561xxx 为接口内部异常。torch_npu 打印为 “call aclnnXxx failed, error code is 561103”。',
			en: 'The aclnnStatus returned by the two-phase aclnnXxx operator APIs: 161xxx parameter checks, 361001 a failed runtime call, 561xxx internal errors. torch_npu prints them as “call aclnnXxx failed, error code is 561103”.',
		},
		sources: {
			header: { repo: opbase.name, commit: opbase.head, path: HEADER },
			'doc-zh': { repo: opbase.name, commit: opbase.head, path: DOC_ZH },
			'doc-en': { repo: opbase.name, commit: opbase.head, path: DOC_EN },
		},
		codes: rows,
	};
}

function widen(a: VersionSpan, b?: VersionSpan): VersionSpan {
	if (!b) return a;
	return {
		from: compareVersions(a.from, b.from) <= 0 ? a.from : b.from,
		to: compareVersions(a.to, b.to) >= 0 ? a.to : b.to,
	};
}

function addRelated(row: Row, code: string): void {
	if (code === row.code) return;
	row.related ??= [];
	if (!row.related.includes(code)) row.related.push(code);
}

// ── screen codes: error_code.json, the runtime's code pages, GE's code pages ─────────────────

/** What a code page says: placeholders, template, examples, cause and solution. */
interface CodePage {
	placeholders?: string;
	template?: string;
	examples: string[];
	cause?: string;
	solution?: string;
}

/** Reads one of the `docs/{zh,en}/error_code_ref/**.md` or GE `error_codes/*.md` pages. */
function readCodePage(text: string): CodePage {
	const sections = new Map<string, string>();
	let current = '';
	for (const line of text.split('\n')) {
		const heading = /^##\s+(.+?)\s*$/.exec(line);
		if (heading) {
			current = heading[1]!;
			sections.set(current, '');
		} else if (current) sections.set(current, `${sections.get(current)}${line}\n`);
	}
	const pick = (...names: string[]) => names.map((name) => sections.get(name)).find(Boolean);
	const info = pick('错误信息', 'Symptom', 'Error Message') ?? '';
	const page: CodePage = { examples: [] };
	const parts = info.split(/^```[a-z]*\s*$/m);
	// parts: text, fence, text, fence, …
	for (let i = 1; i < parts.length; i += 2) {
		const body = parts[i]!.replace(/^\n/, '').replace(/\n$/, '');
		const before = parts[i - 1]!;
		const isExample = /示例|example/i.test(before);
		if (!isExample && page.template === undefined) {
			page.template = body;
			const lead = squash(before);
			if (lead) page.placeholders = lead;
		} else page.examples.push(body);
	}
	const cause = pick('可能原因', 'Possible Cause', 'Possible Causes');
	const solution = pick('解决方法', 'Solution');
	if (cause?.trim()) page.cause = cleanText(cause);
	if (solution?.trim()) page.solution = cleanText(solution);
	return page;
}

/** Markdown prose → plain text lines (keeps numbered lists, drops link targets and escapes). */
function cleanText(text: string): string {
	return text
		.replace(/<(https?:[^>]+)>/g, '$1')
		.replace(/\[([^\]]+)\]\(([^)]*)\)/g, '$1')
		.replace(/\\([_()])/g, '$1')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
		.join('\n');
}

/** The module letter of a screen code and the family it goes to. */
const SCREEN_FAMILIES: Record<
	string,
	{ family: string; module: string; title: Localized; about?: Localized }
> = {
	'1': {
		family: 'ge-e1',
		module: 'GE',
		title: { zh: 'GE 错误码（E1xxxx）', en: 'Graph Engine codes (E1xxxx)' },
	},
	'2': {
		family: 'fe-e2',
		module: 'FE',
		title: { zh: 'FE 错误码（E2xxxx）', en: 'FE codes (E2xxxx)' },
	},
	'3': {
		family: 'aicpu-e3',
		module: 'AI CPU',
		title: { zh: 'AI CPU 错误码（E3xxxx）', en: 'AI CPU codes (E3xxxx)' },
	},
	'4': {
		family: 'tefusion-e4',
		module: 'TE Fusion',
		title: { zh: 'TE Fusion 错误码（E4xxxx）', en: 'TE Fusion codes (E4xxxx)' },
	},
	'5': {
		family: 'op-e5',
		module: 'Operators',
		title: { zh: '算子错误码（E5xxxx）', en: 'Operator codes (E5xxxx)' },
		about: {
			zh: 'error_code.json 没有给 E5 码标注模块；这里按报错内容（算子参数校验）归为算子类。',
			en: 'error_code.json names no module for E5 codes; they are grouped here as operator codes by what they report (operator argument checks).',
		},
	},
	'6': {
		family: 'op-e6',
		module: 'Operators',
		title: { zh: '算子错误码（E6xxxx）', en: 'Operator codes (E6xxxx)' },
		about: {
			zh: 'error_code.json 没有给 E6 码标注模块；这里按报错内容（算子参数校验）归为算子类。',
			en: 'error_code.json names no module for E6 codes; they are grouped here as operator codes by what they report (operator argument checks).',
		},
	},
	'7': {
		family: 'opplugin-e7',
		module: 'Vector operator plugin',
		title: { zh: '算子插件错误码（E7xxxx）', en: 'Operator plugin codes (E7xxxx)' },
	},
	'8': {
		family: 'vector-e8',
		module: 'Vector operators',
		title: { zh: 'Vector 算子错误码（E8xxxx）', en: 'Vector operator codes (E8xxxx)' },
	},
	'9': {
		family: 'compile-e9',
		module: 'Operator compilation',
		title: {
			zh: '算子编译错误码（E9xxxx、EAxxxx）',
			en: 'Operator compilation codes (E9xxxx, EAxxxx)',
		},
		about: {
			zh: 'error_code.json 没有给 E9/EA 码标注模块；它们都报告算子编译失败，这里放在一起。',
			en: 'error_code.json names no module for E9/EA codes; both report a failed operator compilation and are kept together here.',
		},
	},
	A: {
		family: 'compile-e9',
		module: 'Operator compilation',
		title: { zh: '', en: '' },
	},
	B: {
		family: 'tbepass-eb',
		module: 'TBE Pass',
		title: { zh: 'TBE Pass 编译错误码（EBxxxx）', en: 'TBE Pass compiler codes (EBxxxx)' },
	},
	E: {
		family: 'rts-ee',
		module: 'Runtime',
		title: { zh: 'Runtime 错误码（EExxxx）', en: 'Runtime codes (EExxxx)' },
	},
	F: {
		family: 'mdat-ef',
		module: 'MdatDeploy',
		title: { zh: 'MdatDeploy 错误码（EFxxxx）', en: 'MdatDeploy codes (EFxxxx)' },
	},
	H: {
		family: 'acl-eh',
		module: 'AscendCL',
		title: { zh: 'AscendCL 错误码（EHxxxx）', en: 'AscendCL codes (EHxxxx)' },
	},
	I: {
		family: 'hccl-ei',
		module: 'HCCL',
		title: { zh: 'HCCL 错误码（EIxxxx）', en: 'HCCL codes (EIxxxx)' },
	},
	J: {
		family: 'hccp-ej',
		module: 'HCCP',
		title: { zh: 'HCCP 错误码（EJxxxx）', en: 'HCCP codes (EJxxxx)' },
	},
	K: {
		family: 'profiling-ek',
		module: 'Profiling',
		title: { zh: 'Profiling 错误码（EKxxxx）', en: 'Profiling codes (EKxxxx)' },
	},
	L: {
		family: 'driver-el',
		module: 'Driver',
		title: { zh: 'Driver 错误码（ELxxxx）', en: 'Driver codes (ELxxxx)' },
	},
	M: {
		family: 'qs-em',
		module: 'Queue scheduling',
		title: { zh: '队列调度错误码（EMxxxx）', en: 'Queue scheduling codes (EMxxxx)' },
	},
	O: {
		family: 'amct-eo',
		module: 'AMCT',
		title: { zh: 'AMCT 错误码（EOxxxx）', en: 'AMCT codes (EOxxxx)' },
	},
	P: {
		family: 'dump-ep',
		module: 'Dump',
		title: { zh: 'Dump 错误码（EPxxxx）', en: 'Dump codes (EPxxxx)' },
	},
	Z: {
		family: 'op-ez',
		module: 'Operator common / aclnn',
		title: {
			zh: '算子公共与 aclnn 错误码（EZxxxx）',
			en: 'Operator common and aclnn codes (EZxxxx)',
		},
	},
};

const SCREEN_ABOUT: Localized = {
	zh: '屏显错误码：6 个字符，首字母是级别（E 错误、W 告警），第二个字符是模块，后四位 0000–8999 为用户侧问题，9000–9999 为内部错误。日志中形如 EE1023: … 或 Resource_Error(EE1023): …。',
	en: 'Screen error codes: six characters; the first is the level (E error, W warning), the second names the module, and of the last four digits 0000–8999 are user-side problems and 9000–9999 internal errors. Logs print them as EE1023: … or Resource_Error(EE1023): ….',
};

interface JsonEntry {
	ErrCode: string;
	errClass?: string;
	errTitle?: string;
	ErrMessage: string;
	Arglist?: string;
	suggestion?: { 'Possible Cause'?: string; Solution?: string };
}

function screenFamilies(runtime: Repo, ge: Repo): Family[] {
	const JSON_PATH = 'src/dfx/error_manager/error_code.json';
	const jsonText = show(runtime, runtime.head, JSON_PATH)!;
	const entries = (JSON.parse(jsonText) as { error_info_list: JsonEntry[] }).error_info_list;
	const spans = versionSpans(runtime, JSON_PATH, (t) => {
		try {
			return (JSON.parse(t) as { error_info_list: JsonEntry[] }).error_info_list.map(
				(e) => e.ErrCode,
			);
		} catch {
			return [];
		}
	});
	// The runtime's own code pages, both languages.
	const pages = new Map<string, { zh?: [string, CodePage]; en?: [string, CodePage] }>();
	for (const lang of ['zh', 'en'] as const) {
		for (const path of listFiles(runtime, `docs/${lang}/error_code_ref`)) {
			const code = /\/([EW][0-9A-Z]\d{4})-[^/]+\.md$/.exec(path)?.[1];
			if (!code) continue;
			const entry = pages.get(code) ?? {};
			entry[lang] = [path, readCodePage(show(runtime, runtime.head, path)!)];
			pages.set(code, entry);
		}
	}
	const byFamily = new Map<string, Family>();
	const familyOf = (code: string): Family => {
		const spec = SCREEN_FAMILIES[code.charAt(1)];
		if (!spec) throw new Error(`no family for screen code ${code}`);
		const existing = byFamily.get(spec.family);
		if (existing) return existing;
		const title = spec.title.zh ? spec.title : SCREEN_FAMILIES['9']!.title;
		const family: Family = {
			family: spec.family,
			kind: 'screen',
			module: spec.module,
			title,
			about:
				spec.about ?? SCREEN_FAMILIES[code.charAt(1) === 'A' ? '9' : '']?.about ?? SCREEN_ABOUT,
			sources: {
				json: { repo: runtime.name, commit: runtime.head, path: JSON_PATH },
				docs: { repo: runtime.name, commit: runtime.head, path: 'docs' },
			},
			codes: [],
		};
		byFamily.set(spec.family, family);
		return family;
	};
	const jsonLines = jsonText.split('\n');
	for (const entry of entries) {
		const family = familyOf(entry.ErrCode);
		const line = jsonLines.findIndex((l) => l.includes(`"ErrCode": "${entry.ErrCode}"`)) + 1;
		const page = pages.get(entry.ErrCode);
		const args = (entry.Arglist ?? '')
			.split(',')
			.map((arg) => arg.trim())
			.filter(Boolean);
		const cause = entry.suggestion?.['Possible Cause'];
		const solution = entry.suggestion?.Solution;
		const title = entry.errTitle ?? '';
		const row: Row = {
			code: entry.ErrCode,
			...(title ? { name: title } : {}),
			category: screenCategory(entry.ErrCode, title),
			...(entry.errClass ? { class: entry.errClass.trim() } : {}),
			template: entry.ErrMessage,
			...(args.length > 0 ? { args } : {}),
			sources: [
				ref('json', line),
				...(page?.zh ? [ref('docs', undefined, page.zh[0].slice('docs/'.length))] : []),
				...(page?.en ? [ref('docs', undefined, page.en[0].slice('docs/'.length))] : []),
			],
		};
		const examples = [...(page?.en?.[1].examples ?? page?.zh?.[1].examples ?? [])];
		if (examples.length > 0) row.examples = examples;
		const official: NonNullable<Row['official']> = {};
		const placeholders: Localized = {};
		if (page?.zh?.[1].placeholders) placeholders.zh = page.zh[1].placeholders;
		if (page?.en?.[1].placeholders) placeholders.en = page.en[1].placeholders;
		if (placeholders.zh || placeholders.en) official.placeholders = placeholders;
		const causeText: Localized = {};
		if (cause && cause !== 'N/A') causeText.en = cause;
		if (page?.zh?.[1].cause) causeText.zh = page.zh[1].cause;
		if (causeText.en || causeText.zh) official.cause = causeText;
		const solutionText: Localized = {};
		if (solution && solution !== 'N/A') solutionText.en = solution;
		if (page?.zh?.[1].solution) solutionText.zh = page.zh[1].solution;
		if (page?.en?.[1].solution && !solutionText.en) solutionText.en = page.en[1].solution;
		if (solutionText.en || solutionText.zh) official.solution = solutionText;
		if (Object.keys(official).length > 0) row.official = official;
		const span = spans.get(entry.ErrCode);
		if (span) row.cann = span;
		family.codes.push(row);
	}
	// Codes the runtime and ACL print that error_code.json does not list (internal errors).
	const BASE_INFO = 'src/runtime/core/inc/spec/base_info.hpp';
	const baseInfo = show(runtime, runtime.head, BASE_INFO)!;
	const LOG_INNER = 'src/acl/common/log_inner.cpp';
	const logInner = show(runtime, runtime.head, LOG_INNER)!;
	const known = new Set(entries.map((e) => e.ErrCode));
	const internal: { code: string; source: SourceRef; line: number; constant?: string }[] = [];
	for (const match of baseInfo.matchAll(/(RT_[A-Z_]+) = "([EW][0-9A-Z]\d{4})"/g)) {
		if (known.has(match[2]!) || internal.some((i) => i.code === match[2])) continue;
		internal.push({
			code: match[2]!,
			constant: match[1]!,
			source: { repo: runtime.name, commit: runtime.head, path: BASE_INFO },
			line: lineOf(baseInfo, `"${match[2]}"`)!,
		});
	}
	for (const match of logInner.matchAll(/"([EW][0-9A-Z]\d{4})"/g)) {
		if (known.has(match[1]!) || internal.some((i) => i.code === match[1])) continue;
		internal.push({
			code: match[1]!,
			source: { repo: runtime.name, commit: runtime.head, path: LOG_INNER },
			line: lineOf(logInner, `"${match[1]}"`)!,
		});
	}
	const baseSpans = versionSpans(runtime, BASE_INFO, (t) =>
		[...t.matchAll(/"([EW][0-9A-Z]\d{4})"/g)].map((m) => m[1]!),
	);
	const innerSpans = versionSpans(runtime, LOG_INNER, (t) =>
		[...t.matchAll(/"([EW][0-9A-Z]\d{4})"/g)].map((m) => m[1]!),
	);
	for (const item of internal) {
		const family = familyOf(item.code);
		const key = item.source.path === BASE_INFO ? 'base-info' : 'acl-log';
		family.sources[key] = item.source;
		const span = (key === 'base-info' ? baseSpans : innerSpans).get(item.code);
		family.codes.push({
			code: item.code,
			...(item.constant ? { name: item.constant } : {}),
			category: 'Inner_Error',
			sources: [ref(key, item.line)],
			...(span ? { cann: span } : {}),
		});
	}
	// GE's own code pages (E1xxxx, W1xxxx): not in error_code.json.
	const GE_DOCS = 'docs/zh/user_guides/error_codes';
	const geFamily = familyOf('E10001');
	geFamily.sources['ge-docs'] = { repo: ge.name, commit: ge.head, path: GE_DOCS };
	delete geFamily.sources.json;
	delete geFamily.sources.docs;
	const geSpans = new Map<string, VersionSpan>();
	for (const path of listFiles(ge, GE_DOCS)) {
		const match = /\/([EW]1\d{4})-([^/]+)\.md$/.exec(path);
		if (!match) continue;
		const code = match[1]!;
		const name = match[2]!;
		const page = readCodePage(show(ge, ge.head, path)!);
		const commits = git(ge.dir, ['log', '--format=%H', ge.head, '--', path])
			.split('\n')
			.filter(Boolean);
		const versions = commits
			.map((c) => versionAt(ge, c))
			.filter(Boolean)
			.sort(compareVersions);
		if (versions.length > 0)
			geSpans.set(code, { from: versions[0]!, to: versions[versions.length - 1]! });
		const row: Row = {
			code,
			name,
			category: screenCategory(code, name),
			...(page.template ? { template: page.template } : {}),
			...(page.examples.length > 0 ? { examples: page.examples } : {}),
			sources: [ref('ge-docs', undefined, path.slice(GE_DOCS.length + 1))],
		};
		const official: NonNullable<Row['official']> = {};
		if (page.placeholders) official.placeholders = { zh: page.placeholders };
		if (page.cause) official.cause = { zh: page.cause };
		if (page.solution) official.solution = { zh: page.solution };
		if (Object.keys(official).length > 0) row.official = official;
		const span = geSpans.get(code);
		if (span) row.cann = span;
		geFamily.codes.push(row);
	}
	for (const family of byFamily.values()) family.codes.sort((a, b) => a.code.localeCompare(b.code));
	return [...byFamily.values()];
}

/** The category of a screen code: its title's first part, or internal for E*9999-style codes. */
function screenCategory(code: string, title: string): string {
	if (Number(code.slice(2)) >= 9000 && !title) return 'Inner_Error';
	const known = [
		'Invalid_Argument',
		'Resource_Error',
		'Execution_Error',
		'Not_Supported',
		'File_Operation_Error',
		'Directory_Operation_Error',
		'Config_Error',
		'Compilation_Error',
		'Environment_Error',
		'Package_Error',
		'Inner_Error',
		'Initialization_Error',
		'Performance_Not_Optimal',
	];
	return known.find((prefix) => title.startsWith(prefix)) ?? (title || 'Uncategorised');
}

// ── runtime internal error numbers, task-scheduler errors, driver errors, HCCL results ──────

function innerFamilies(runtime: Repo): Family[] {
	const DEFINE = 'src/runtime/core/inc/common/internal_error_define.hpp';
	const MANAGE = 'src/runtime/core/src/common/errcode_manage.cc';
	const TS_H = 'src/runtime/core/inc/task_scheduler_error.h';
	const TS_CC = 'src/runtime/core/src/common/error_code.cc';
	const HAL = 'pkg_inc/driver/ascend_hal_error.h';
	const HCCL = 'src/queue_schedule/common/hccl/hccl_types.h';
	const define = show(runtime, runtime.head, DEFINE)!;
	const manage = show(runtime, runtime.head, MANAGE)!;
	const aclNumbers = new Map<string, number>();
	for (const path of [
		'include/external/acl/acl_base_rt.h',
		'include/external/acl/error_codes/rt_error_codes.h',
		'include/external/acl/error_codes/ge_error_codes.h',
	]) {
		for (const row of readAclHeader(show(runtime, runtime.head, path)!))
			aclNumbers.set(row.name, row.number);
	}
	aclNumbers.set('ACL_RT_SUCCESS', 0);

	// Inner numbers: `constexpr int32_t RT_ERROR_X = 0x07010001;`
	const innerByName = new Map<string, { value: number; line: number }>();
	define.split('\n').forEach((line, index) => {
		const match = /constexpr int32_t (RT_ERROR_[A-Z0-9_]+) = (0x[0-9A-Fa-f]+);/.exec(line);
		if (match) innerByName.set(match[1]!, { value: Number(match[2]), line: index + 1 });
	});
	// Maps: `rtErrMap_[RT_ERROR_X] = {ACL_…, "desc" "desc"};`
	const maps = new Map<string, { acl: string; desc: string; line: number }>();
	for (const match of manage.matchAll(
		/rtErrMap_\[(RT_ERROR_[A-Z0-9_]+)\]\s*=\s*\{\s*(ACL_[A-Z0-9_]+)\s*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}/g,
	)) {
		const line = manage.slice(0, match.index).split('\n').length;
		maps.set(match[1]!, { acl: match[2]!, desc: joinLiterals(match[3]!), line });
	}
	const spans = versionSpans(runtime, DEFINE, (t) =>
		[...t.matchAll(/constexpr int32_t RT_ERROR_[A-Z0-9_]+ = (0x[0-9A-Fa-f]+);/g)].map((m) =>
			hexId(Number(m[1])),
		),
	);
	const inner: Family = {
		family: 'rts-inner',
		kind: 'inner',
		module: 'Runtime',
		title: {
			zh: 'Runtime 内部错误码（0x07xxxxxx）',
			en: 'Runtime internal error codes (0x07xxxxxx)',
		},
		about: {
			zh: 'Runtime 内部使用的错误号，plog 中以 retCode=0x… 或 InnerCode=0x… 出现；每个内部码都映射到一个对外的 aclError（错误码管理表里的 desc 就是 plog 里 desc=[…] 的原文）。',
			en: 'Error numbers the runtime uses internally; plog prints them as retCode=0x… or InnerCode=0x…. Each maps to a public aclError, and the map’s desc text is what plog prints as desc=[…].',
		},
		sources: {
			define: { repo: runtime.name, commit: runtime.head, path: DEFINE },
			map: { repo: runtime.name, commit: runtime.head, path: MANAGE },
		},
		codes: [],
	};
	const seenValues = new Set<number>();
	for (const [name, { value, line }] of innerByName) {
		if (seenValues.has(value)) {
			// Two names for one number: the later one is an alias of the first row.
			const first = inner.codes.find((row) => row.code === hexId(value))!;
			first.aliases = [...(first.aliases ?? []), name];
			continue;
		}
		seenValues.add(value);
		const map = maps.get(name);
		const acl = map ? aclNumbers.get(map.acl) : undefined;
		const row: Row = {
			code: hexId(value),
			name,
			category: innerCategory(name, value),
			...(map ? { maps: { code: String(acl ?? map.acl), desc: map.desc } } : {}),
			sources: [ref('define', line), ...(map ? [ref('map', map.line)] : [])],
		};
		const span = spans.get(hexId(value));
		if (span) row.cann = span;
		if (acl) addRelated(row, String(acl));
		inner.codes.push(row);
	}

	// Task scheduler: `TS_ERROR_X = 0x31, /**< comment */` and `{TS_ERROR_X, RT_ERROR_Y, MODULE, "desc"}`.
	const tsH = show(runtime, runtime.head, TS_H)!;
	const tsCc = show(runtime, runtime.head, TS_CC)!;
	const tsMap = new Map<string, { inner: string; desc: string; line: number }>();
	for (const match of tsCc.matchAll(
		/\{\s*(TS_[A-Z0-9_]+)\s*,\s*(RT_ERROR_[A-Z0-9_]+)\s*,\s*\w+\s*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}/g,
	)) {
		const line = tsCc.slice(0, match.index).split('\n').length;
		tsMap.set(match[1]!, { inner: match[2]!, desc: joinLiterals(match[3]!), line });
	}
	const tsSpans = versionSpans(runtime, TS_H, (t) =>
		[...t.matchAll(/^\s*TS_[A-Z0-9_]+ = (0x[0-9A-Fa-f]+),/gm)].map((m) => tsId(Number(m[1]))),
	);
	const ts: Family = {
		family: 'ts-error',
		kind: 'ts',
		module: 'Task scheduler',
		title: { zh: '任务调度器（TS）错误码', en: 'Task scheduler (TS) error codes' },
		about: {
			zh: 'Device 侧任务调度器上报的错误号，plog 中常见于 Kernel task happen error, retCode=0x…；Runtime 把它们转成内部码，再转成 aclError。',
			en: 'Error numbers reported by the device-side task scheduler; plog shows them in lines such as "Kernel task happen error, retCode=0x…". The runtime turns them into internal codes and then into an aclError.',
		},
		sources: {
			enum: { repo: runtime.name, commit: runtime.head, path: TS_H },
			map: { repo: runtime.name, commit: runtime.head, path: TS_CC },
		},
		codes: [],
	};
	tsH.split('\n').forEach((line, index) => {
		const match = /^\s*(TS_[A-Z0-9_]+) = (0x[0-9A-Fa-f]+),\s*(?:\/\*\*<\s*(.*?)\s*\*\/)?/.exec(
			line,
		);
		if (!match || Number(match[2]) === 0) return;
		if (ts.codes.some((row) => row.code === tsId(Number(match[2])))) return;
		const map = tsMap.get(match[1]!);
		const innerValue = map ? innerByName.get(map.inner)?.value : undefined;
		const row: Row = {
			code: tsId(Number(match[2])),
			name: match[1]!,
			category: 'task-scheduler',
			official: { ...(match[3] ? { comment: match[3] } : {}) },
			...(map && innerValue !== undefined
				? { maps: { code: hexId(innerValue), desc: map.desc } }
				: {}),
			sources: [ref('enum', index + 1), ...(map ? [ref('map', map.line)] : [])],
		};
		if (Object.keys(row.official!).length === 0) delete row.official;
		const span = tsSpans.get(row.code);
		if (span) row.cann = span;
		if (innerValue !== undefined) addRelated(row, hexId(innerValue));
		ts.codes.push(row);
	});

	// Driver: `DRV_ERROR_X = 7, /**< comment */` and `drvErrMap_[DRV_ERROR_X] = RT_ERROR_Y;`
	const hal = show(runtime, runtime.head, HAL)!;
	const drvMap = new Map<string, { inner: string; line: number }>();
	for (const match of manage.matchAll(
		/drvErrMap_\[(DRV_ERROR_[A-Z0-9_]+)\]\s*=\s*(RT_ERROR_[A-Z0-9_]+);/g,
	)) {
		drvMap.set(match[1]!, {
			inner: match[2]!,
			line: manage.slice(0, match.index).split('\n').length,
		});
	}
	const drvSpans = versionSpans(runtime, HAL, (t) =>
		[...t.matchAll(/^\s*DRV_ERROR_[A-Z0-9_]+ = (\d+),/gm)].map((m) => `drv-${m[1]}`),
	);
	const drv: Family = {
		family: 'drv-error',
		kind: 'drv',
		module: 'Driver',
		title: { zh: 'Driver 返回值（drvError_t）', en: 'Driver return values (drvError_t)' },
		about: {
			zh: '驱动接口的返回值 drvError_t，旧版 plog 中形如 drvEventIdAlloc:errorcode = 7；Runtime 把它们转成 0x0702xxxx 内部码。',
			en: 'The drvError_t return values of the driver API; older plogs print them as e.g. "drvEventIdAlloc:errorcode = 7". The runtime turns them into 0x0702xxxx internal codes.',
		},
		sources: {
			enum: { repo: runtime.name, commit: runtime.head, path: HAL },
			map: { repo: runtime.name, commit: runtime.head, path: MANAGE },
		},
		codes: [],
	};
	hal.split('\n').forEach((line, index) => {
		const match = /^\s*(DRV_ERROR_[A-Z0-9_]+) = (\d+),\s*(?:\/\*\*<\s*(.*?)\s*\*\/)?/.exec(line);
		if (!match || Number(match[2]) === 0) return;
		const id = `drv-${match[2]}`;
		if (drv.codes.some((row) => row.code === id)) return;
		const map = drvMap.get(match[1]!);
		const innerValue = map ? innerByName.get(map.inner)?.value : undefined;
		const row: Row = {
			code: id,
			name: match[1]!,
			category: 'driver',
			official: { ...(match[3] ? { comment: match[3] } : {}) },
			...(innerValue !== undefined ? { maps: { code: hexId(innerValue) } } : {}),
			sources: [ref('enum', index + 1), ...(map ? [ref('map', map.line)] : [])],
		};
		if (Object.keys(row.official!).length === 0) delete row.official;
		const span = drvSpans.get(id);
		if (span) row.cann = span;
		if (innerValue !== undefined) addRelated(row, hexId(innerValue));
		drv.codes.push(row);
	});

	// HCCL: `HCCL_E_X = 4, /**< comment */`
	const hccl = show(runtime, runtime.head, HCCL)!;
	const hcclSpans = versionSpans(runtime, HCCL, (t) =>
		[...t.matchAll(/^\s*HCCL_E_[A-Z_]+ = (\d+),/gm)].map((m) => `hccl-${m[1]}`),
	);
	const hcclFamily: Family = {
		family: 'hccl-result',
		kind: 'hccl',
		module: 'HCCL',
		title: { zh: 'HCCL 返回值（HcclResult）', en: 'HCCL return values (HcclResult)' },
		about: {
			zh: 'HCCL 接口的返回值 HcclResult；torch_npu 打印为 HCCL function error: …, error code is N。',
			en: 'The HcclResult return values of the HCCL API; torch_npu prints them as "HCCL function error: …, error code is N".',
		},
		sources: { enum: { repo: runtime.name, commit: runtime.head, path: HCCL } },
		codes: [],
	};
	hccl.split('\n').forEach((line, index) => {
		const match = /^\s*(HCCL_E_[A-Z_]+) = (\d+),\s*(?:\/\*\*<\s*(.*?)\s*\*\/)?/.exec(line);
		if (!match) return;
		const row: Row = {
			code: `hccl-${match[2]}`,
			name: match[1]!,
			category: 'hccl',
			...(match[3] ? { official: { comment: match[3] } } : {}),
			sources: [ref('enum', index + 1)],
		};
		const span = hcclSpans.get(row.code);
		if (span) row.cann = span;
		hcclFamily.codes.push(row);
	});
	return [inner, ts, drv, hcclFamily];
}

/** `0x07020023` → `0x7020023`, the spelling plog prints. */
function hexId(value: number): string {
	return `0x${value.toString(16)}`;
}

/** Task-scheduler codes get a `ts-` prefix: their small numbers would clash with other families. */
function tsId(value: number): string {
	return `ts-0x${value.toString(16)}`;
}

/** The block of internal_error_define.hpp a number belongs to (DEVICE, DRV, STREAM…). */
function innerCategory(name: string, value: number): string {
	const block = (value >>> 16) & 0xff;
	const BLOCKS: Record<number, string> = {
		1: 'device',
		2: 'driver',
		3: 'stream',
		4: 'model',
		5: 'event',
		6: 'notify',
		7: 'context',
		8: 'kernel',
		9: 'program',
		10: 'memory',
	};
	return (
		BLOCKS[block] ??
		name
			.replace(/^RT_ERROR_/, '')
			.split('_')[0]!
			.toLowerCase()
	);
}

// ── relations between families ───────────────────────────────────────────────────────────────

/** Public codes list the inner codes that map to them; inner codes the TS and driver codes. */
function linkReverse(families: Family[]): void {
	const rows = new Map<string, Row>();
	for (const family of families) for (const row of family.codes) rows.set(row.code, row);
	for (const family of families) {
		for (const row of family.codes) {
			if (!row.maps) continue;
			const target = rows.get(row.maps.code);
			if (target) addRelated(target, row.code);
		}
	}
}

// ── writing, with hand-kept fields carried over ──────────────────────────────────────────────

const HAND_KEPT = ['cases', 'programs', 'see'] as const;

function write(family: Family): void {
	const path = join(OUT, `${family.family}.json`);
	if (existsSync(path)) {
		const old = JSON.parse(readFileSync(path, 'utf8')) as { codes?: Row[] } | null;
		const oldRows = new Map((old?.codes ?? []).map((row) => [row.code, row]));
		for (const row of family.codes) {
			const before = oldRows.get(row.code);
			if (!before) continue;
			for (const field of HAND_KEPT) {
				if (before[field] !== undefined)
					(row as unknown as Record<string, unknown>)[field] = before[field];
			}
		}
	}
	const comment =
		`${family.title.en}. Generated by scripts/codes/import-codes.ts from the sources below. ` +
		'Official fields (template, examples, official, maps, sources, cann, related) come from the ' +
		'sources verbatim; edit only cases, programs and see by hand (the import keeps them).';
	writeFileSync(path, `${JSON.stringify({ $comment: comment, ...family }, null, '\t')}\n`);
}

const runtime = openRepo(RUNTIME_DIR, 'hicann/runtime');
const geRepo = openRepo(GE_DIR, 'hicann/ge');
const pytorchRepo = openRepo(PYTORCH_DIR, 'Ascend/pytorch');
const opbaseRepo = openRepo(OPBASE_DIR, 'hicann/opbase');
const families = [
	...aclFamilies(runtime, pytorchRepo),
	aclnnFamily(opbaseRepo),
	...screenFamilies(runtime, geRepo),
	...innerFamilies(runtime),
];
linkReverse(families);
let total = 0;
for (const family of families) {
	write(family);
	total += family.codes.length;
	console.log(`${family.family}: ${family.codes.length}`);
}
console.log(`${families.length} families, ${total} codes → ${OUT}`);
