export * from './amount.ts';
export * from './check-cell.ts';
export * from './check-run.ts';
export * from './check-verdict.ts';
export * from './check-words.ts';
export * from './distinct-findings.ts';
export * from './finding.ts';
export * from './headroom.ts';
