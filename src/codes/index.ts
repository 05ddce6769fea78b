export * from './check-table.ts';
export * from './code-id.ts';
export * from './code-table.ts';
export * from './code-url.ts';
export * from './schema.ts';
export * from './source-link.ts';
export * from './codes-json.ts';
export * from './sim-unreachable.ts';
