/**
 * Lexical scopes of the program: what a name means where it is used. Scopes nest (global,
 * namespace, class, function, block); `using namespace` adds scopes searched after the own
 * names. Lookup is compile-time only: running code never searches a scope.
 */
import type { ClassDef } from './class-def.ts';
import type { FuncDef, TemplateParam } from './func-def.ts';
import type { CType, TemplateArg } from './types.ts';
import type { Value } from './values.ts';
import type { SyntaxNode } from '@lezer/common';

/** A class template, instantiated on use. */
export interface ClassTemplate {
	name: string;
	qualName: string;
	tparams: TemplateParam[];
	node: SyntaxNode;
	scope: Scope;
	instances: Map<string, ClassDef>;
	/** Out-of-class member definitions (`template<…> void K<T>::F() {…}`). */
	outOfClass: Array<{ node: SyntaxNode; tparams: TemplateParam[] }>;
}

/** What a name refers to. */
export type Entity =
	| { kind: 'local'; slot: number; type: CType; ref: boolean }
	| { kind: 'global'; cell: { v: Value }; type: CType }
	| { kind: 'const'; value: Value; type: CType }
	| { kind: 'func'; defs: FuncDef[] }
	| { kind: 'class'; cls: ClassDef }
	| { kind: 'classTemplate'; tpl: ClassTemplate }
	| { kind: 'type'; type: CType }
	| { kind: 'namespace'; scope: Scope }
	| { kind: 'field'; cls: ClassDef; index: number; type: CType }
	| { kind: 'targ'; value: TemplateArg };

/** See the file comment. */
export class Scope {
	readonly parent: Scope | null;
	readonly kind: 'global' | 'namespace' | 'class' | 'function' | 'block';
	readonly name: string;
	readonly names = new Map<string, Entity>();
	readonly usings: Scope[] = [];
	/** The class whose members are in scope (class scopes and method bodies). */
	cls?: ClassDef;
	/**
	 * The namespace scope an out-of-class member definition is written in (a method body's
	 * function scope only): names are looked up in the class scopes, then there, then further
	 * out. With several translation units the class may come from another unit's header,
	 * whose file scope is not this one's.
	 */
	definedIn?: Scope;

	constructor(parent: Scope | null, kind: Scope['kind'], name = '') {
		this.parent = parent;
		this.kind = kind;
		this.name = name;
		if (parent?.cls && kind !== 'namespace') this.cls = parent.cls;
	}

	/** Declares `name` here (a later declaration of the same name replaces it). */
	declare(name: string, entity: Entity): void {
		this.names.set(name, entity);
	}

	/**
	 * Finds `name` here or in an enclosing scope (and their using-directives). Each enclosing
	 * scope answers through its own `lookup`, so a scope that captures (a lambda's) sees every
	 * name that crosses it.
	 */
	lookup(name: string): Entity | undefined {
		const own = this.lookupOwn(name);
		if (own || !this.definedIn) return own ?? this.parent?.lookup(name);
		let s = this.parent;
		for (; s?.kind === 'class'; s = s.parent) {
			const member = s.lookupOwn(name);
			if (member) return member;
		}
		return this.definedIn.lookup(name) ?? s?.lookup(name);
	}

	/** Finds `name` only among this scope's own names and usings. */
	lookupOwn(name: string): Entity | undefined {
		const own = this.names.get(name);
		if (own) return own;
		for (const u of this.usings) {
			const found = u.names.get(name);
			if (found) return found;
		}
		return undefined;
	}

	/** The qualified prefix of names declared here, e.g. `ns::KernelAdd::`. */
	prefix(): string {
		const parts: string[] = [];
		for (let s: Scope | null = this; s; s = s.parent) {
			if ((s.kind === 'namespace' || s.kind === 'class') && s.name) parts.unshift(s.name);
		}
		return parts.length > 0 ? `${parts.join('::')}::` : '';
	}
}
