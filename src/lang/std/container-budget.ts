/**
 * Standard containers and the run's memory budget (src/sim/memory-budget.ts): a container a
 * program declares is charged as it grows and gives back as it shrinks or its block ends, so a
 * `push_back` or `m[i] = …` loop stops at `--max-memory` naming the container and its line,
 * instead of growing until the step limit or the engine's heap gives out.
 */
import type { MemoryBudget } from '../../sim/memory-budget.ts';
import type { SourceSpan } from '../../sim/trace.ts';
import type { NativeCall, NativeMethod, NativeType } from '../bindings/binding.ts';
import type { Value } from '../values.ts';

/** The budget a container is charged to, and where it was declared (named when it runs out). */
export interface ContainerBudget {
	readonly budget: MemoryBudget;
	readonly span: SourceSpan;
}

/** The budget of the run making `call`, with the call's place as the declaration. */
export function containerBudget(call: NativeCall): ContainerBudget {
	return { budget: call.rt.recorder.memory, span: call.span };
}

/**
 * What one entry of a map or set costs (illustrative: its key and value slots and the node
 * that links it, as a tree or hash node of a C++ library holds them).
 */
export const MAP_ENTRY_BYTES = 64;

/** The charge of a container counted in entries of one size (maps and sets). */
export class EntryCharge {
	readonly #where: ContainerBudget;
	readonly #label: string;
	readonly #unit: number;
	#charged = 0;

	constructor(where: ContainerBudget, label: string, unit: number) {
		this.#where = where;
		this.#label = label;
		this.#unit = unit;
	}

	/** The container holds `count` entries now: charges the growth or gives back the rest. */
	account(count: number): void {
		const bytes = count * this.#unit;
		const budget = this.#where.budget;
		if (bytes > this.#charged) {
			budget.charge(bytes - this.#charged, {
				name: this.#label,
				bytes,
				span: this.#where.span,
			});
		} else if (bytes < this.#charged) budget.release(this.#charged - bytes);
		this.#charged = bytes;
	}

	/** Gives back everything charged (the container's block ended). */
	uncharge(): void {
		this.#where.budget.release(this.#charged);
		this.#charged = 0;
	}
}

/**
 * `methods`, each followed by `account(self)`: whatever a method added or removed is charged
 * to, or given back to, the run's memory budget.
 */
export function accounted(
	methods: NativeType['methods'],
	account: (self: Value) => void,
): NativeType['methods'] {
	const out: Record<string, NativeMethod> = {};
	for (const [name, method] of Object.entries(methods)) {
		out[name] = (self, call) => {
			const r = method(self, call);
			account(self);
			return r;
		};
	}
	return out;
}
