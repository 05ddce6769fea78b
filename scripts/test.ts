/**
 * `npm test`: every check the project has, in order, stopping at the first failure.
 * 1. formatting (Prettier), 2. the pure core compiles without DOM or Node types,
 * 3. `astro check`, 4. unit tests (vitest), 5. build, 6. browser tests against the build.
 */
import { spawnSync } from 'node:child_process';

interface Step {
	name: string;
	command: string[];
}

const steps: Step[] = [
	{ name: 'formatting', command: ['npx', 'prettier', '--check', '.'] },
	{ name: 'pure core types', command: ['npx', 'tsc', '-p', 'tsconfig.core.json'] },
	{ name: 'astro check', command: ['npx', 'astro', 'check', '--minimumSeverity', 'warning'] },
	{ name: 'unit tests', command: ['npx', 'vitest', 'run'] },
	{ name: 'build', command: ['npx', 'astro', 'build'] },
	{ name: 'browser tests', command: ['node', 'tests/e2e/run.ts'] },
];

const only = process.argv.slice(2);
for (const step of steps) {
	if (only.length > 0 && !only.includes(step.name)) continue;
	console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
	const [bin, ...args] = step.command as [string, ...string[]];
	const result = spawnSync(bin, args, {
		stdio: 'inherit',
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
	});
	if (result.status !== 0) {
		console.error(`\n✗ ${step.name} failed (exit ${result.status ?? result.signal}).`);
		process.exit(result.status ?? 1);
	}
}
console.log('\n✓ all checks passed');
