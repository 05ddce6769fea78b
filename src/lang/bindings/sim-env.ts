/**
 * What bindings need while a program runs: the machine and the current process (host side),
 * the current core (kernel side), and bookkeeping the outcome depends on (whether the program
 * saw an error code, how kernels ended). One `SimEnv` per `run()`.
 */
import type { Recorder } from '../../sim/recorder.ts';
import type { ProductId } from '../../sim/product-id.ts';
import type { RunMode } from '../../sim/run-request.ts';
import type { HostProcess, Machine } from '../../sim/host/index.ts';
import type { CoreContext, GmBuffer } from '../../sim/kernel/index.ts';
import type { CallCounter } from '../../sim/recorder.ts';
import type { FuncValue } from '../values.ts';
import type { ThreadScheduler } from '../thread-scheduler.ts';
import type { ProgramFileSystem } from '../std/file-system.ts';

/** The interpreter's view of the simulated world during one run; see the file comment. */
export interface SimEnv {
	product: ProductId;
	mode: RunMode;
	cann: string | undefined;
	recorder: Recorder;
	fileName: string;
	machine: Machine | undefined;
	/** The process running `main`, while one does. */
	proc: HostProcess | undefined;
	/** The core running a kernel body, while one does. */
	core: CoreContext | undefined;
	/** Signal handlers the program installed, by function name. */
	handlers: Map<string, FuncValue>;
	/** GM buffers made for device addresses, by allocation base. */
	gmBuffers: Map<number, GmBuffer>;
	/** An API returned an error code to the program in this process. */
	sawError: boolean;
	/** Worst kernel outcome of this process (an exception makes the run an error). */
	kernelOutcome: 'completed' | 'hang' | 'abort' | 'exception';
	/** Kernels launched so far (for pids of CPU-debug lines). */
	launches: number;
	/** This run's call counters of the catalog APIs, by BoundApi index (filled on first call). */
	apiCounters: Array<CallCounter | undefined>;
	/** Tiling field values of an operator-framework kernel, by name. */
	tiling: Readonly<Record<string, number>>;
	/** The tiling key `TILING_KEY_IS` compares with. */
	tilingKey: number;
	/** The host threads of the running process. */
	threads: ThreadScheduler;
	/** The files the program reads and writes. */
	files: ProgramFileSystem;
}
