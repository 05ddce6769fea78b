/**
 * Normalises the parts of a record that differ between runs of the same failure — pids, thread
 * ids, timestamps, addresses — so repeated lines can be grouped and shown once.
 */

/** Hex numbers this long are addresses; shorter ones (`0x7020019`, `0x31`) are codes and stay. */
const MIN_ADDRESS_DIGITS = 10;

const TIMESTAMPS =
	/\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d(?:\.\d{3}(?:\.\d{3})?)?|\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?|\b\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?|\b[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d\b/g;
const PLOG_PID = /^(\[[A-Z]+\] [A-Z][A-Z0-9_]*\()-?\d+,/;
const PLOG_TID = /(\[[^\]\s]+:\d+\])\d+ /;
const CPU_DEBUG_PID =
	/^(\[[A-Z]+\]\[(?:Core|CORE|Block|BLOCK)_\d+\](?:\[[^\]]*\])*?)\[(?:pid )?\d+\]/;
const PID_WORDS = /\b(PID|pid)([:=]\s*|\s)\d+/g;
const ADDRESS = new RegExp(`\\b0x[0-9a-fA-F]{${MIN_ADDRESS_DIGITS},}\\b`, 'g');

/** The record with pids → `<pid>`, thread ids → `<tid>`, times → `<time>`, addresses → `<addr>`. */
export function normalizeLine(text: string): string {
	return text
		.replace(TIMESTAMPS, '<time>')
		.replace(PLOG_PID, '$1<pid>,')
		.replace(PLOG_TID, '$1<tid> ')
		.replace(CPU_DEBUG_PID, '$1[<pid>]')
		.replace(PID_WORDS, '$1$2<pid>')
		.replace(ADDRESS, '<addr>');
}
