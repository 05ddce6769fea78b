export * from './binding.ts';
export * from './sim-env.ts';
export * from './args.ts';
export { catalogBindings, BoundApi, BoundCall } from './api-binder.ts';
export { addLibcBindings, formatPrintf } from './libc-bindings.ts';
export { createBindings } from './create-bindings.ts';
