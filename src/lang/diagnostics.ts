/**
 * The interpreter's diagnostics catalog (style.md #8): everything `src/lang` can say about a
 * program, with a stable subject-first code, a message template, a hint a person can act on and,
 * where one exists, the case page that explains it. Errors reject the program (outcome
 * `rejected`) or stop it; warnings and infos never do.
 */
import { makeDiagnostic, type Catalog } from '../sim/diagnostic.ts';
import type { Diagnostic, SourceSpan } from '../sim/trace.ts';

/** Every diagnostic of the interpreter. */
export const LANG_CATALOG = {
	'parse-error': {
		severity: 'error',
		message: 'syntax error: the parser cannot read `{text}` here',
		hint: 'Check for a missing `;`, `)` or `}` just before this point.',
	},
	'parse-unexpected-end': {
		severity: 'error',
		message: 'syntax error: the program ends in the middle of a construct',
		hint: 'Close every `(`, `{` and `[` that is still open and end statements with `;`.',
	},
	'construct-unsupported': {
		severity: 'error',
		message: '{construct} is not supported by the simulator’s C++ subset',
		hint: 'Rewrite it with the supported constructs (classes, templates used with explicit arguments, if/for/while/switch, calls); {detail}',
	},
	'call-unknown': {
		severity: 'error',
		message:
			'unknown function `{name}`: it is not defined in the program and the simulator has no binding for it',
		hint: 'Define `{name}` in the program, check its spelling, or replace it with an API the simulator knows.',
	},
	'method-unknown': {
		severity: 'error',
		message: '`{type}` has no member function `{name}` the simulator knows',
		hint: 'Check the spelling of `{name}`; only the documented methods of `{type}` are simulated.',
	},
	'member-unknown': {
		severity: 'error',
		message: '`{type}` has no member `{name}`',
		hint: 'Declare `{name}` in `{type}` or fix the spelling.',
	},
	'name-unknown': {
		severity: 'error',
		message: '`{name}` is not declared',
		hint: 'Declare `{name}` before using it (a variable, a constant, an enum value or a `#define`).',
	},
	'type-unknown': {
		severity: 'error',
		message: 'unknown type `{name}`',
		hint: 'Define `{name}` in the program (class, struct, enum or `using`), or use a type the simulator knows.',
	},
	'args-mismatch': {
		severity: 'error',
		message: '`{name}` takes {expected} argument(s), the call passes {got}',
		hint: 'Pass exactly the parameters `{name}` declares.',
	},
	'template-args-missing': {
		severity: 'error',
		message: '`{name}` needs explicit template arguments here',
		hint: 'Write the template arguments out, e.g. `{name}<half>(...)`.',
	},
	'helper-assumed': {
		severity: 'info',
		message:
			'`{name}` is not defined in the program: assumed to be {meaning}, as {source} defines it',
		hint: 'Add the header that defines `{name}` to the program (a file tab, or a path on the command line) to run its own definition instead.',
	},
	'framework-assumed': {
		severity: 'info',
		message: '`{name}` is a macro of {source}: assumed to be {meaning}',
		hint: 'Give tiling values with `--tiling FIELD=VALUE,…` and the key with `--tiling-key K`, or launch the kernel from a `main` that passes its tiling.',
	},
	'asm-skipped': {
		severity: 'warning',
		message: 'inline assembly (`asm(…)`) is not simulated: it was skipped',
		hint: 'What the instruction does on the device (cache maintenance, a trap) does not happen here; the rest of the program runs.',
	},
	'call-external': {
		severity: 'warning',
		message:
			'`{name}` is not defined in the program or in the simulator ({why}): assumed to be an external function, run as a stub that does nothing and returns 0',
		hint: 'Add the file that defines `{name}` (and its header) to the program, or replace the call; the rest of the program runs as written.',
	},
	'type-external': {
		severity: 'warning',
		message:
			'`{name}` is not a type of the program or of the simulator ({why}): assumed to be an external type whose members read 0 until written and whose member functions are stubs returning 0',
		hint: 'Add the header that defines `{name}` to the program to use its real definition.',
	},
	'name-external': {
		severity: 'warning',
		message:
			'`{name}` is not declared ({why}): assumed to be an external constant with the value 0',
		hint: 'Add the header that defines `{name}` to the program, or define it yourself.',
	},
	'include-skipped': {
		severity: 'info',
		message: '#include {header} is not available in the simulator and was skipped',
		hint: 'The simulator provides the Ascend C and AscendCL APIs itself; nothing to do unless you rely on declarations from this header.',
	},
	'include-cycle': {
		severity: 'warning',
		message:
			'#include {header} was not read again: it is already being included (a cycle) or includes nest deeper than {depth}',
		hint: 'Give the header an include guard (`#ifndef NAME_H` … `#endif`) or `#pragma once`.',
	},
	'preprocessor-ignored': {
		severity: 'info',
		message: '`#{directive}` has no effect in the simulator and was skipped',
		hint: 'Nothing to do; the directive only matters to a real compiler.',
	},
	'preprocessor-unsupported': {
		severity: 'error',
		message: 'the preprocessor condition `{text}` cannot be evaluated',
		hint: 'Use `defined(NAME)`, integer constants and `#define`d numbers in `#if`.',
	},
	'macro-framework': {
		severity: 'error',
		message: '`{name}` is a macro of the operator framework, which the simulator does not provide',
		hint: 'Declare a tiling struct in the program and pass its fields as kernel arguments (or read them from a `__gm__` pointer), then the kernel runs here.',
	},
	'entry-missing': {
		severity: 'error',
		message: 'nothing to run: the program has no `main` and no `__global__` kernel',
		hint: 'Add `int main()` for a host program or mark the kernel entry `extern "C" __global__ __aicore__`.',
	},
	'kernel-synthetic-args': {
		severity: 'info',
		message:
			'no `main`: kernel `{name}` launched on {blocks} block(s) with synthetic GM buffers of {bytes} bytes each',
		hint: 'Add a `main` that launches the kernel with `<<<blocks, nullptr, stream>>>` to control the arguments.',
	},
	'steps-exhausted': {
		severity: 'error',
		message: 'the program was stopped after {steps} steps (loop iterations and calls)',
		hint: 'Look for a loop that never ends, or raise the budget (`--max-steps`).',
	},
	'recursion-too-deep': {
		severity: 'error',
		message: 'calls nested more than {depth} deep',
		hint: 'Look for a function that calls itself without an end condition.',
	},
	'division-by-zero': {
		severity: 'error',
		message: 'integer division by zero',
		hint: 'Check the divisor before dividing; on a real machine this raises SIGFPE.',
	},
	'null-dereference': {
		severity: 'error',
		message: 'dereference of a null or unset pointer `{name}`',
		hint: 'Initialise the pointer (e.g. through `aclrtMalloc(&p, ...)`) before using it.',
	},
	'index-out-of-range': {
		severity: 'error',
		message: 'index {index} is outside `{name}` (size {size})',
		hint: 'Keep indices in [0, {size}).',
	},
	'value-not-callable': {
		severity: 'error',
		message: '`{name}` is not a function',
		hint: 'Only functions, member functions and simulator APIs can be called.',
	},
	'lvalue-required': {
		severity: 'error',
		message: '`{text}` cannot be assigned to or have its address taken',
		hint: 'Assign to a variable, a field, an array element or a dereferenced pointer.',
	},
	'sim-unavailable': {
		severity: 'error',
		message: '`{name}` is known but the {side} simulator is not available in this build',
		hint: 'Update the project; the {side} side of the simulator provides `{name}`.',
	},
	'file-missing': {
		severity: 'info',
		message:
			"`{call}` opened `{path}`, which is not among the program's files: it failed as it does when the file does not exist",
		hint: 'Give the file with the program: a data tab in the playground, a path or a directory on the command line, or `--input NAME=FILE`.',
	},
	'file-written': {
		severity: 'info',
		message: "`{call}` writes `{path}`: it becomes one of the run's output files",
		hint: 'On the command line `--output-dir DIR` keeps the files the program writes; the playground offers them for download.',
	},
	'thread-blocked': {
		severity: 'error',
		message:
			'{thread} waits for {what}: the simulator runs threads one on top of another and cannot resume the thread that would end this wait',
		hint: 'The threads here run in a fixed order: a new thread starts when the running one waits, joins or ends, and a waiting thread resumes only when the threads started after it end or wait. Reorder the program so the thread that waits is started after the one it waits for, or join it earlier.',
	},
	'thread-not-joinable': {
		severity: 'error',
		message:
			'`{name}` on a thread that is not joinable (never started, already joined or detached)',
		hint: 'Call `join()` or `detach()` once per started thread; check `joinable()` first.',
	},
	'exception-thrown': {
		severity: 'error',
		message: 'the program threw an exception (`throw`) that nothing caught',
		hint: 'The simulator does not model C++ exceptions; report errors through return codes instead.',
	},
	'internal-error': {
		severity: 'error',
		message: 'the interpreter failed on this construct: {detail}',
		hint: 'This is a bug in the simulator, not in your program; please report it with the program.',
	},
} as const satisfies Catalog;

/** A code of {@link LANG_CATALOG}. */
export type LangCode = keyof typeof LANG_CATALOG;

/** Builds diagnostic `code` at `span`, with `{name}` placeholders filled from `values`. */
export function langDiagnostic(
	code: LangCode,
	span: SourceSpan,
	values: Readonly<Record<string, string | number>> = {},
): Diagnostic {
	return makeDiagnostic(LANG_CATALOG, code, span, values);
}

/**
 * Thrown inside the interpreter to stop at a diagnostic; caught at the run boundary, never
 * escapes `run()`. Carries no stack on purpose (it is control flow, not a bug).
 */
export class LangStop {
	readonly diagnostic: Diagnostic;
	constructor(diagnostic: Diagnostic) {
		this.diagnostic = diagnostic;
	}
}
