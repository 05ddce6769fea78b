/**
 * What changes with the CANN version on the host side: the wording of an event-resource failure
 * and whether a plain (non-ACL_EVENT_SYNC) event may be reset.
 *
 * Which version prints which, and why (sources in ascend-facts B.5 and D.3):
 * - before 8.0 (`drv-trio`): the three lines of seed 002 (`drvEventIdAlloc … errorcode = 7`). The
 *   troubleshooting page with them is CANN 6.0.1's (canncommercial/601 troubleshooting_0015) and
 *   covers 310, 310P and 910. Plain events may be reset: that page's fix resets them.
 * - 8.0 up to 8.5 (`rt-pair`): `Record:Event id alloc error … retCode=0x7020019!` then
 *   `rtEventRecord:ErrCode=207007 …`, as on the 8.0.0 page (canncommercial/800 troubleshooting_0112).
 *   Plain events may still be reset (8.0.0 API docs).
 * - 8.5 and later (`rt-pair-ee1023`): the same two plog lines plus the screen line
 *   `Resource_Error(EE1023): Alloc Event resource failed. …` of the current runtime FAQ
 *   (hicann/runtime:docs/zh/FAQ/EE1023资源不足问题.md). From 8.5 the API docs say a plain
 *   aclrtCreateEvent event must not be reset (undefined behaviour); only ACL_EVENT_SYNC events can.
 *   The 8.0 and 8.5 boundaries are the first documents that show the new behaviour; the release
 *   that really changed it is not documented (7.x is unknown), so the boundaries are illustrative.
 *
 * Two more switches decide how other runtime errors read:
 * - `screenFormat`: before 8.5 a screen error code reads `EL0003: [PID: 528886] <time> The argument
 *   is invalid.` (Ascend/pytorch#67, 2025-06); from 8.5 `[PID: 1613532] <time>
 *   Memory_Allocation_Failure(EL0004): …` with the code's title (hw-native-sys/PTOAS#341, 2026-03;
 *   vllm-project/vllm-ascend#9691, 2026-06). Illustrative boundary: the first release of 2026.
 * - `runtimeWording`: `current` (9.1 and later) uses the messages of the runtime source at
 *   hicann/runtime 681ef76 (its version.cmake says 9.1.0): EE1023 "Too many streams are created",
 *   EE1016 for a synchronize during capture, EE1003 for a device id, EE1018 for a thread without
 *   a context. `classic` (before 9.1) uses the messages of that repository's first commit
 *   d8beaaf (2025-12), which the 2025–2026 user logs also show: "[SqCqManage]Alloc sq cq fail",
 *   "Not allow to synchronize captured-stream", "Set visible device failed". The 2026 commits that
 *   changed them are dated; the release boundary is ours.
 */

/** How an event-resource failure is worded. */
export type EventAllocWording = 'drv-trio' | 'rt-pair' | 'rt-pair-ee1023';

/** How a screen error code line starts (see the file comment). */
export type ScreenFormat = 'code-first' | 'title-first';

/** Which runtime messages a failure prints (see the file comment). */
export type RuntimeWording = 'classic' | 'current';

/** The version-dependent host behaviour. */
export interface CannBehaviour {
	/** The version as given, e.g. `8.0.RC2`. */
	version: string;
	eventAllocWording: EventAllocWording;
	/** Whether aclrtResetEvent on a plain aclrtCreateEvent event is defined (returns its resource). */
	plainEventReset: boolean;
	screenFormat: ScreenFormat;
	runtimeWording: RuntimeWording;
}

/** Major and minor number of a CANN version string (`8.0.RC2` → 8, 0); garbage reads as 0.0. */
export function parseCannVersion(version: string): { major: number; minor: number } {
	const match = /^(\d+)(?:\.(\d+))?/.exec(version.trim());
	if (!match) return { major: 0, minor: 0 };
	return { major: Number(match[1]), minor: Number(match[2] ?? 0) };
}

/** The host behaviour of CANN `version` (see the file comment for the table and its sources). */
export function cannBehaviour(version: string): CannBehaviour {
	const { major, minor } = parseCannVersion(version);
	const at = major * 100 + minor;
	const screenFormat: ScreenFormat = at < 805 ? 'code-first' : 'title-first';
	const runtimeWording: RuntimeWording = at < 901 ? 'classic' : 'current';
	const messages = { screenFormat, runtimeWording };
	if (at < 800)
		return { version, eventAllocWording: 'drv-trio', plainEventReset: true, ...messages };
	if (at < 805)
		return { version, eventAllocWording: 'rt-pair', plainEventReset: true, ...messages };
	return { version, eventAllocWording: 'rt-pair-ee1023', plainEventReset: false, ...messages };
}
