export * from './binding.ts';
export * from './sim-env.ts';
export * from './args.ts';
export { addKernelBindings } from './kernel-bindings.ts';
export { addHostBindings } from './host-bindings.ts';
export { addLibcBindings, formatPrintf, SIG_DFL, SIG_IGN } from './libc-bindings.ts';
export { createBindings } from './create-bindings.ts';
