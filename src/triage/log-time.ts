/**
 * Reads the time a record states, so triage can tell which error came first even when a log
 * pastes the host plog after the device log, or prints an error's detail before its summary.
 * Understands plog and screen-code times (`2024-07-18-00:06:16.739.680`), torch_npu times
 * (`[ERROR] 2025-04-29-18:46:11 (PID:…)`) and ISO-like times (`2024-07-18 00:06:16,739`).
 * Times compare as microseconds since an arbitrary epoch; no time zone is assumed.
 */

const PLOG_TIME = /(\d{4})-(\d\d)-(\d\d)-(\d\d):(\d\d):(\d\d)(?:\.(\d{1,3})(?:\.(\d{1,3}))?)?/;
const ISO_TIME = /(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,6}))?/;

/** Microseconds of the first time stated in `text`, or undefined when it states none. */
export function recordTime(text: string): number | undefined {
	const plog = PLOG_TIME.exec(text);
	if (plog) {
		const [, y, mo, d, h, mi, s, ms = '0', us = '0'] = plog;
		return finite(
			micros(+y!, +mo!, +d!, +h!, +mi!, +s!) +
				Number(ms.padEnd(3, '0')) * 1000 +
				Number(us.padEnd(3, '0')),
		);
	}
	const iso = ISO_TIME.exec(text);
	if (iso) {
		const [, y, mo, d, h, mi, s, frac = '0'] = iso;
		return finite(micros(+y!, +mo!, +d!, +h!, +mi!, +s!) + Number(frac.padEnd(6, '0')));
	}
	return undefined;
}

function finite(value: number): number | undefined {
	return Number.isFinite(value) ? value : undefined;
}

function micros(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return Number.NaN;
	return Date.UTC(y, mo - 1, d, h, mi, s) * 1000;
}
