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
 */

/** How an event-resource failure is worded. */
export type EventAllocWording = 'drv-trio' | 'rt-pair' | 'rt-pair-ee1023';

/** The version-dependent host behaviour. */
export interface CannBehaviour {
	/** The version as given, e.g. `8.0.RC2`. */
	version: string;
	eventAllocWording: EventAllocWording;
	/** Whether aclrtResetEvent on a plain aclrtCreateEvent event is defined (returns its resource). */
	plainEventReset: boolean;
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
	if (at < 800) return { version, eventAllocWording: 'drv-trio', plainEventReset: true };
	if (at < 805) return { version, eventAllocWording: 'rt-pair', plainEventReset: true };
	return { version, eventAllocWording: 'rt-pair-ee1023', plainEventReset: false };
}
