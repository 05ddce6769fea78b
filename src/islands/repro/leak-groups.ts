/**
 * Groups the leak report: a loop that leaks on every iteration leaves thousands of leaks with the
 * same kind, process and source line; the report shows each place once, with how many leaks and
 * bytes it left and one of them as the example. Pure.
 */
import type { Leak, LeakKind, SourceSpan } from '../../sim/trace.ts';

/** Leaks of one kind from one place in one process. */
export interface LeakGroup {
	kind: LeakKind;
	pid: number;
	span?: SourceSpan;
	count: number;
	/** Sum of the leaks' bytes, when they state any. */
	bytes?: number;
	/** The first leak's description. */
	example: string;
}

/** Leaks grouped by process, kind and source position, in order of first appearance. */
export function groupLeaks(leaks: readonly Leak[]): LeakGroup[] {
	const groups = new Map<string, LeakGroup>();
	for (const leak of leaks) {
		const key = `${leak.pid} ${leak.kind} ${leak.span?.line ?? ''}:${leak.span?.column ?? ''}`;
		let group = groups.get(key);
		if (!group) {
			group = { kind: leak.kind, pid: leak.pid, count: 0, example: leak.detail };
			if (leak.span) group.span = leak.span;
			groups.set(key, group);
		}
		group.count++;
		if (leak.bytes !== undefined) group.bytes = (group.bytes ?? 0) + leak.bytes;
	}
	return [...groups.values()];
}
