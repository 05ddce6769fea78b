/**
 * The `casebook` command line: dispatches to `explain` (match a log against the case
 * signatures), `sim` (run a program in the simulator), `check` (run it on every product and
 * mode), `api` (one API of the simulator's catalog) and `serve` (the site on this machine).
 * Returns the exit code.
 */

const USAGE = `Usage: casebook <command> [options]

Commands:
  explain [FILE|-]   diagnose a log: known cases, error codes, harmless lines
  explain --code C   print the entry of one error code (507035, EE1023, 0x7020023…)
  sim FILE           run a C++ program in the Ascend simulator
  check PATH…        run it on every product and mode: matrix, headroom, findings
                     (text, JSON, SARIF or GitHub annotations, for editors and CI)
  api [NAME]         show one API of the simulator (signature, rules, errors, docs) or list them
  serve [--port N]   serve the casebook on this machine (works without internet)

Run "casebook <command> --help" for the options of a command.`;

/** Exit code for bad usage or unreadable input, shared by every command. */
export const EXIT_USAGE = 2;

/** Runs the CLI with `argv` (without node and script) and resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
	const [command, ...rest] = argv;
	switch (command) {
		case 'explain': {
			const { explainCommand } = await import('./explain.ts');
			return explainCommand(rest);
		}
		case 'sim': {
			const { simCommand } = await import('./sim.ts');
			return simCommand(rest);
		}
		case 'check': {
			const { checkCommand } = await import('./check.ts');
			return checkCommand(rest);
		}
		case 'api': {
			const { apiCommand } = await import('./api.ts');
			return apiCommand(rest);
		}
		case 'serve': {
			const { serveCommand } = await import('./serve.ts');
			return serveCommand(rest);
		}
		case undefined:
		case '-h':
		case '--help':
			console.log(USAGE);
			return command === undefined ? EXIT_USAGE : 0;
		default:
			console.error(`casebook: unknown command "${command}".\n\n${USAGE}`);
			return EXIT_USAGE;
	}
}
