export * from './clock.ts';
export * from './halt.ts';
export * from './product.ts';
export * from './recorder.ts';
export * from './run-request.ts';
export type * from './trace.ts';
export * as host from './host/index.ts';
export * as kernel from './kernel/index.ts';
export * as facts from './facts/index.ts';
