import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseServeArgs } from './serve.ts';

describe('casebook serve arguments', () => {
	it('listens on 127.0.0.1 and the default port unless told otherwise', () => {
		expect(parseServeArgs([])).toEqual({ port: DEFAULT_PORT, host: '127.0.0.1', help: false });
		expect(parseServeArgs(['--port', '0'])).toMatchObject({ port: 0 });
		expect(parseServeArgs(['--port=8080', '--host', '::1'])).toMatchObject({
			port: 8080,
			host: '::1',
		});
	});

	it('refuses a port that is not a number from 0 to 65535, quoting it', () => {
		expect(parseServeArgs(['--port', 'http'])).toEqual({
			error: '--port needs a port number from 0 to 65535, not "http".',
		});
		expect(parseServeArgs(['--port', '70000'])).toHaveProperty('error');
		expect(parseServeArgs(['--port'])).toHaveProperty('error');
		expect(parseServeArgs(['--verbose'])).toEqual({ error: 'unknown argument "--verbose".' });
	});
});
