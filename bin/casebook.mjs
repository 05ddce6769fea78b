#!/usr/bin/env node
// The `casebook` command. A checkout runs the TypeScript sources through Node's own type
// stripping, which needs Node 22.18 or later; on older Node say so plainly instead of failing on
// syntax. The packed package has no sources and runs the bundle in lib/cli/ instead
// (scripts/bundle-cli.ts), because Node strips no types inside node_modules.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
	console.error(
		`casebook needs Node.js 22.18 or later (this is ${process.versions.node}).\n` +
			'Install a newer Node, or run: npx -y -p node@24 -c "npx casebook ..."',
	);
	process.exit(2);
}
const source = new URL('../src/cli/main.ts', import.meta.url);
const entry = existsSync(source) ? source : new URL('../lib/cli/casebook.mjs', import.meta.url);
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
