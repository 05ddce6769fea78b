export * from './buffer-positions.ts';
export * from './machine-state.ts';
export * from './process-events.ts';
export * from './state-change.ts';
export * from './stream-lifetimes.ts';
export * from './pipe-timeline.ts';
