/**
 * The kernel (Ascend C) side of the simulator: TPipe / TQue / TQueBind / TBuf, LocalTensor and
 * GlobalTensor, DataCopy and vector instructions, on `blockDim` cores, in NPU or CPU-debug mode.
 *
 * Every call takes the user's CallSite (innermost frame last) and records a step; when the real
 * core would stop it throws a Halt (`abort` in CPU mode, after the CPU-debug lines; `hang` on NPU).
 *
 * @example
 * import { createKernelLaunch } from './sim/kernel/index.ts';
 * const launch = createKernelLaunch({ product: 'atlas-training', mode: 'cpu', blockDim: 1,
 *   recorder, pid: 321674, kernelName: 'add_custom', fileName: 'add_custom.cpp' });
 * const result = launch.run((core) => {
 *   const site = { stack: [{ func: 'KernelAdd::Init(...)', line: 20 }] };
 *   const pipe = core.createTPipe(site, 'pipe');
 *   const q = core.createTQue(site, 'TPosition::VECIN', 1, 'inQueueX');
 *   pipe.InitBuffer(site, q, 1, 512);
 *   const x = q.AllocTensor(site, 'half');   // LocalTensor handle
 *   const y = x.at(site, 128);               // x[128]
 *   q.EnQue(site, x);
 *   q.FreeTensor(site, q.DeQue(site, 'half'));
 * });
 * // result.outcome: 'completed' | 'hang' | 'abort'; result.stalled: the core and call that stopped
 */
export * from './atomic-store.ts';
export * from './buffer-block.ts';
export * from './byte-store.ts';
export * from './cann-wording.ts';
export * from './core-abort.ts';
export * from './core-context.ts';
export * from './core-trace.ts';
export * from './cpu-debug-log.ts';
export * from './data-copy.ts';
export * from './dtype.ts';
export * from './event-pool.ts';
export * from './global-tensor.ts';
export * from './kernel-call.ts';
export * from './issuing-pipe.ts';
export * from './gm-fill.ts';
export * from './kernel-launch.ts';
export * from './kernel-profile.ts';
export * from './local-tensor.ts';
export * from './memory-snapshot.ts';
export * from './numeric-format.ts';
export * from './operand-checks.ts';
export * from './tbuf.ts';
export * from './tensor-data.ts';
export * from './tpipe.ts';
export * from './tposition.ts';
export * from './tque-bind.ts';
export * from './vector-instruction.ts';
export * from './vector-ops.ts';
export * from './vector-shape.ts';
export * from './cast-rules.ts';
export * from './memory-access.ts';
