/**
 * Turns a row's source reference (`json#L651`, `docs:zh/error_code_ref/…md`, or a URL) into a
 * link to the exact file, commit and line, with a short label for the page.
 */
import type { CodeFamily, SourceFile } from './schema.ts';

/** A resolved source: where it points and what to call it. */
export interface SourceLink {
	url: string;
	/** `hicann/runtime · src/dfx/error_manager/error_code.json#L651 @ 681ef76`. */
	label: string;
	repo?: string;
	path?: string;
	commit?: string;
	line?: number;
}

/** The GitHub URL of a file at a commit, optionally at a line. */
export function fileUrl(file: SourceFile, line?: number): string {
	const path = file.path.split('/').map(encodeURIComponent).join('/');
	return `https://github.com/${file.repo}/blob/${file.commit}/${path}${line ? `#L${line}` : ''}`;
}

/** Resolves `ref` against the family's sources; undefined when the key is unknown. */
export function resolveSource(family: CodeFamily, ref: string): SourceLink | undefined {
	if (ref.startsWith('https://')) return { url: ref, label: ref.replace(/^https:\/\//, '') };
	const match = /^([a-z][a-z0-9-]*)(?::([^#]+))?(?:#L(\d+))?$/.exec(ref);
	if (!match) return undefined;
	const base = family.sources[match[1]!];
	if (!base) return undefined;
	const path = match[2] ? `${base.path.replace(/\/+$/, '')}/${match[2]}` : base.path;
	const line = match[3] ? Number(match[3]) : undefined;
	const file = { ...base, path };
	return {
		url: fileUrl(file, line),
		label: `${file.repo} · ${path}${line ? `#L${line}` : ''} @ ${file.commit.slice(0, 7)}`,
		repo: file.repo,
		path,
		commit: file.commit,
		...(line ? { line } : {}),
	};
}
