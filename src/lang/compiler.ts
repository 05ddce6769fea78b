/**
 * The compiler: turns the Lezer tree of a program into JavaScript closures, once, so a loop
 * runs a million iterations without re-walking the syntax tree. It also resolves every name
 * (classes, templates, namespaces, macros, simulator bindings) and reports what it cannot run
 * as diagnostics with line and column.
 *
 * Compiled code: an expression is `(frame) => value`; a statement is `(frame) => completion`
 * (NORMAL, BREAK, CONTINUE, RETURN). Values are already wrapped to their C++ type.
 *
 * The work is done by plain functions in `compile/`, one concern per file, over a shared
 * `CompileContext`; this class is the face the runner uses.
 */
import type { SyntaxNode } from '@lezer/common';
import type { FuncDef } from './func-def.ts';
import { Frame } from './runtime.ts';
import type { CType } from './types.ts';
import { Instance, type Value } from './values.ts';
import { destroyerFor, type Destroyer } from './compile/cleanup.ts';
import { compileProgram } from './compile/declarations.ts';
import { signatureOf } from './compile/functions.ts';
import { compileFieldInitializers } from './compile/declarators.ts';
import { CompileContext } from './compile/context.ts';
import { defaultValue } from './compile/value-ops.ts';

export type { LaunchKernel, CompileOptions } from './compile/context.ts';

/** See the file comment: compiles a parsed program and answers the runner's questions about it. */
export class Compiler extends CompileContext {
	/** Declares everything at top level, then compiles every function body. */
	compileProgram(top: SyntaxNode): void {
		compileProgram(this, top);
	}

	/** Looks up a top-level function by name (entry points). */
	findFunction(name: string): FuncDef | undefined {
		const e = this.global.names.get(name);
		return e?.kind === 'func' ? e.defs.find((d) => d.node) : undefined;
	}

	/** Every kernel entry (`__global__`), in source order. */
	kernels(): FuncDef[] {
		return this.functions.filter((d) => d.kernel && d.node);
	}

	/** The parameters of a function, for synthetic kernel arguments. */
	params(def: FuncDef): Array<{ name: string; type: CType }> {
		return signatureOf(this, def).params.map((p) => ({ name: p.name, type: p.type }));
	}

	/** Destroys an object as `delete` would (its class's destructor, members, bases). */
	destroyValue(v: Value): void {
		if (!(v instanceof Instance)) return;
		let d = this.#destroyers.get(v.cls);
		if (d === undefined) {
			d = destroyerFor(this, { k: 'class', cls: v.cls, targs: v.targs }, null) ?? null;
			this.#destroyers.set(v.cls, d);
		}
		d?.(v);
	}

	readonly #destroyers = new Map<object, Destroyer | null>();

	/** Creates a default value of a type (for synthetic kernel arguments). */
	defaultOf(t: CType): Value {
		if (t.k === 'class') return compileFieldInitializers(this, t.cls)(new Frame(0, null));
		return defaultValue(t);
	}
}
