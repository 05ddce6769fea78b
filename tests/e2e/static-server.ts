/**
 * A small static file server for the built site, bound to 127.0.0.1 on a free port. It serves
 * `dist/` the way a static host would: `/x/` → `/x/index.html`, unknown paths → `404.html`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

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

/** Serves `root` on 127.0.0.1 (port 0 picks a free one). */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
	const base = resolve(root);
	const server: Server = createServer(async (req, res) => {
		try {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			let path = normalize(join(base, decodeURIComponent(url.pathname)));
			if (!path.startsWith(base)) {
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
				'cache-control': 'no-store',
			});
			createReadStream(path).pipe(res);
		} catch {
			res.writeHead(500).end('server error');
		}
	});
	await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
	const address = server.address();
	const actual = typeof address === 'object' && address ? address.port : port;
	return {
		url: `http://127.0.0.1:${actual}`,
		close: () => new Promise<void>((ok) => server.close(() => ok())),
	};
}
