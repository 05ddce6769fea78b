/**
 * Bundles the `casebook` command into `lib/cli/casebook.mjs` (plain JavaScript, its libraries
 * inlined) for the packed package: Node refuses to strip types from files inside node_modules,
 * so an installed package cannot run `src/cli/*.ts` as a checkout does, and with everything
 * inlined the package installs with no dependencies, so with no network. `bin/casebook.mjs`
 * runs the bundle when the sources are absent. `npm pack` runs this (prepack).
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Two levels below the package folder, like src/cli/, so PACKAGE_ROOT and the case folder resolve. */
const OUT_DIR = 'lib/cli';

rmSync(`${root}${OUT_DIR}`, { recursive: true, force: true });
await build({
	root,
	configFile: false,
	logLevel: 'warn',
	publicDir: false,
	ssr: { noExternal: true, target: 'node' },
	build: {
		ssr: 'src/cli/main.ts',
		outDir: OUT_DIR,
		target: 'node22',
		minify: false,
		sourcemap: false,
		emptyOutDir: true,
		rollupOptions: {
			// Every chunk beside the entry: each must sit two levels below the package folder.
			output: { entryFileNames: 'casebook.mjs', chunkFileNames: '[name]-[hash].mjs', format: 'es' },
		},
	},
});
console.log(`bundled the CLI into ${OUT_DIR}/casebook.mjs`);
