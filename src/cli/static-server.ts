/**
 * A small static file server for the built site (`casebook serve` and the browser tests), bound
 * to 127.0.0.1 unless told otherwise. It serves `dist/` the way a static host would: `/x/` →
 * `/x/index.html`, `/x` → a redirect to `/x/`, unknown paths → `404.html`; only GET and HEAD.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.wasm': 'application/wasm',
	'.txt': 'text/plain; charset=utf-8',
	'.woff2': 'font/woff2',
	'.xml': 'application/xml; charset=utf-8',
	'.webmanifest': 'application/manifest+json',
};

/** A running server and how to stop it. */
export interface StaticServer {
	url: string;
	close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
	try {
		return (await stat(path)).isFile();
	} catch {
		return false;
	}
}

/** Where to listen: port 0 picks a free one; the host defaults to 127.0.0.1. */
export interface ServeOptions {
	port?: number;
	host?: string;
}

/** Serves `root`; rejects when the port cannot be had (e.g. `EADDRINUSE`). */
export async function serveStatic(
	root: string,
	{ port = 0, host = '127.0.0.1' }: ServeOptions = {},
): Promise<StaticServer> {
	const base = resolve(root);
	const server: Server = createServer(async (req, res) => {
		try {
			if (req.method !== 'GET' && req.method !== 'HEAD') {
				res.writeHead(405, { allow: 'GET, HEAD' }).end();
				return;
			}
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			let pathname: string;
			try {
				pathname = decodeURIComponent(url.pathname);
			} catch {
				res.writeHead(400).end('bad request');
				return;
			}
			let path = normalize(join(base, pathname));
			if (path !== base && !path.startsWith(`${base}${sep}`)) {
				res.writeHead(403).end('forbidden');
				return;
			}
			if (url.pathname.endsWith('/')) path = join(path, 'index.html');
			let status = 200;
			if (!(await isFile(path))) {
				if (await isFile(join(path, 'index.html'))) {
					res.writeHead(301, { location: `${url.pathname}/` }).end();
					return;
				}
				path = join(base, '404.html');
				status = 404;
				if (!(await isFile(path))) {
					res.writeHead(404).end('not found');
					return;
				}
			}
			res.writeHead(status, {
				'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
				// Revalidate every time: the service worker keeps what the reader needs offline.
				'cache-control': 'no-cache',
				'x-content-type-options': 'nosniff',
			});
			if (req.method === 'HEAD') res.end();
			else createReadStream(path).pipe(res);
		} catch {
			if (!res.headersSent) res.writeHead(500);
			res.end('server error');
		}
	});
	await new Promise<void>((ok, fail) => {
		server.once('error', fail);
		server.listen(port, host, () => {
			server.off('error', fail);
			ok();
		});
	});
	const address = server.address();
	const actual = typeof address === 'object' && address ? address.port : port;
	const shownHost = host.includes(':') ? `[${host}]` : host;
	return {
		url: `http://${shownHost}:${actual}`,
		close: () =>
			new Promise<void>((ok) => {
				server.close(() => ok());
				// A browser may hold connections open; stopping means stopping now.
				server.closeAllConnections();
			}),
	};
}
