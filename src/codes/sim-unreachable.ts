/**
 * Codes the simulator's source names that no program can make it emit through `run()` (the path
 * `casebook sim`, the widget and the playground use), each with the reason. Every other code the
 * source names must have a program in its row of the index that emits it; the verified-codes
 * test reads the source for those codes (tests/codes/sim-source-codes.ts), runs every program,
 * and fails on an entry here that a program or a case does emit, or that the source no longer
 * names.
 */
export const SIM_UNREACHABLE: Readonly<Record<string, string>> = {
	'507016':
		'ACL_ERROR_RT_AICORE_TRAP_EXCEPTION: launch.ts returns it for a kernel that stops on a trap, but no kernel API the interpreter runs raises a trap yet (every device exception it models is a memory access, 507015 or 507035)',
};
