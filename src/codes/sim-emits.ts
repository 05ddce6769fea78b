/**
 * The codes the simulator produces through `run()` — the path `casebook sim`, the widget and the
 * playground use — either as an API's return value or quoted in a log line it prints. Each must
 * have a page and a program that makes the simulator produce it (tests/codes/verified-codes.test.ts
 * runs them). Codes the simulator's source mentions but cannot reach through the interpreter yet
 * are listed apart with the reason, so the test can tell a missing program from an unreachable
 * code. When the API catalog (src/api) lists the errors each API returns, derive SIM_EMITS from it.
 */

/** Codes the simulator produces through run(). */
export const SIM_EMITS: readonly string[] = [
	// Returned by the host APIs (src/sim/host/acl-runtime.ts).
	'100000',
	'100001',
	'100002',
	'100037',
	'107000',
	'107001',
	'107002',
	'107003',
	'207001',
	'207002',
	'207005',
	'507011',
	'507014',
	'507034',
	'507046',
	'507047',
	'507899',
	// Quoted in the log lines it prints (plog, screen).
	'0x7020019',
	'0x7020023',
	'207007',
	'drv-7',
	'EE1023',
	'EH9999',
	'EL0004',
];

/** Codes the simulator's source names but no program can reach yet, and why. */
export const SIM_UNREACHABLE: Readonly<Record<string, string>> = {
	'507015':
		'returned for a kernel exception on an AI Core; the interpreter reports kernels as completed, hung or aborted, never as a device exception (issue 14 adds them)',
	'507016':
		'returned for a kernel trap exception; the interpreter produces no kernel exception yet',
	'507035':
		'returned for a kernel exception on a vector core; the interpreter produces no kernel exception yet',
	EZ9999: 'printed after a kernel exception, which the interpreter produces no way to reach yet',
	'ts-0x31':
		'printed in "Kernel task happen error, retCode=0x31" after a vector-core exception, unreachable for the same reason',
};
