export * from './gauge.ts';
export * from './resource-meter.ts';
export * from './resource-report.ts';
