/**
 * `casebook serve [--port N] [--host ADDRESS]`: serves the built site of this checkout or
 * installed package on 127.0.0.1, for machines without internet. In a checkout without a
 * build it builds first (and says so); the packed package ships the built site. Runs until
 * interrupted; exit 2 on bad usage or when there is no site to serve.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_URL_ENV } from './link-base.ts';
import { EXIT_USAGE } from './main.ts';
import { PACKAGE_ROOT } from './package-root.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** The port `astro preview` uses too, so bookmarks work with either. */
export const DEFAULT_PORT = 4321;

const USAGE = `Usage: casebook serve [--port N] [--host ADDRESS]

Serves the casebook (the built site, search and simulator included) on this machine, for use
without internet. Open the address it prints; stop it with Ctrl+C.

Options:
  --port N          port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host ADDRESS    address to listen on (default 127.0.0.1, this machine only)
  -h, --help        show this help

To make "casebook explain" link to this copy, set ${LOCAL_URL_ENV} to the address printed.`;

/** The parsed command line. */
export interface ServeArgs {
	port: number;
	host: string;
	help: boolean;
}

/** Parses the arguments after `serve`; returns an error message for bad usage. */
export function parseServeArgs(argv: readonly string[]): ServeArgs | { error: string } {
	const args: ServeArgs = { port: DEFAULT_PORT, host: '127.0.0.1', help: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		const eq = arg.indexOf('=');
		const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
		const value = () => (arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : argv[++i]);
		if (flag === '-h' || flag === '--help') args.help = true;
		else if (flag === '--port') {
			const text = value();
			const port = Number(text);
			if (text === undefined || !/^\d+$/.test(text) || port > 65535) {
				return { error: `--port needs a port number from 0 to 65535, not "${text ?? ''}".` };
			}
			args.port = port;
		} else if (flag === '--host') {
			const host = value();
			if (!host) return { error: '--host needs an address, such as 127.0.0.1.' };
			args.host = host;
		} else return { error: `unknown argument "${arg}".` };
	}
	return args;
}

/** Astro is installed here (a checkout after `npm install`), so a missing site can be built. */
function canBuild(root: string): boolean {
	return existsSync(join(root, 'node_modules', 'astro', 'package.json'));
}

/** Builds the site into `root/dist`, its output on stderr; returns whether it worked. */
function build(root: string): boolean {
	const result = spawnSync('npx', ['astro', 'build'], {
		cwd: root,
		stdio: ['ignore', 'inherit', 'inherit'],
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
	});
	return result.status === 0;
}

/** Resolves when the process is asked to stop (Ctrl+C or SIGTERM). */
function untilStopped(): Promise<void> {
	return new Promise((done) => {
		process.once('SIGINT', done);
		process.once('SIGTERM', done);
	});
}

/** Runs `casebook serve`; resolves to the exit code once stopped. */
export async function serveCommand(argv: readonly string[]): Promise<number> {
	const args = parseServeArgs(argv);
	if ('error' in args) {
		console.error(`casebook serve: ${args.error}\n\n${USAGE}`);
		return EXIT_USAGE;
	}
	if (args.help) {
		console.log(USAGE);
		return 0;
	}
	const dist = join(PACKAGE_ROOT, 'dist');
	if (!existsSync(join(dist, 'index.html'))) {
		if (!canBuild(PACKAGE_ROOT)) {
			console.error(
				`casebook serve: there is no built site in ${dist}, and Astro is not installed here to build one.\n` +
					'In a checkout run "npm install" first; the packed package (npm pack) ships the built site.',
			);
			return EXIT_USAGE;
		}
		console.error(
			`casebook serve: no built site in ${dist} yet; building it first (astro build, about a minute)…`,
		);
		if (!build(PACKAGE_ROOT)) {
			console.error('casebook serve: the build failed (see above); nothing to serve.');
			return EXIT_USAGE;
		}
	}
	let server: StaticServer;
	try {
		server = await serveStatic(dist, { port: args.port, host: args.host });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why =
			code === 'EADDRINUSE'
				? `port ${args.port} is in use; choose another with --port N (0 picks a free one)`
				: (error as Error).message;
		console.error(`casebook serve: cannot listen on ${args.host}:${args.port}: ${why}.`);
		return EXIT_USAGE;
	}
	const url = `${server.url}/`;
	console.log(url);
	console.error(
		`Serving the casebook at ${url} (中文 ${url}zh/ · English ${url}en/). Press Ctrl+C to stop.\n` +
			`For links from "casebook explain" to this copy: export ${LOCAL_URL_ENV}=${url}`,
	);
	await untilStopped();
	await server.close();
	return 0;
}
