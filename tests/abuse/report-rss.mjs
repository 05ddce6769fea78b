// Preloaded into the CLI children of cli.test.ts (node --import): prints the process's peak
// resident memory when it exits, so the suite can hold every run to the stated ceiling.
process.on('exit', () => {
	process.stderr.write(`\ncasebook-maxrss-kb ${process.resourceUsage().maxRSS}\n`);
});
