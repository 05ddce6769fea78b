#!/usr/bin/env node
// The `casebook` command. The CLI is TypeScript run by Node's own type stripping, so it needs
// Node 22.18 or later; on older Node say so plainly instead of failing on syntax.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
	console.error(
		`casebook needs Node.js 22.18 or later (this is ${process.versions.node}).\n` +
			'Install a newer Node, or run: npx -y -p node@24 -c "npx casebook ..."',
	);
	process.exit(2);
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
