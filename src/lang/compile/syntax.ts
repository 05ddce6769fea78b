/**
 * Syntax-node predicates and source text helpers.
 */
import type { SyntaxNode } from '@lezer/common';

/** Whether a node is punctuation or a keyword rather than a meaningful part. */
export function isPunct(n: SyntaxNode): boolean {
	return (
		/^[(){}[\],;:<>]$/.test(n.name) ||
		n.name === '::' ||
		n.name === 'LineComment' ||
		n.name === 'BlockComment'
	);
}

/** Whether a node name is one that spells a type. */
export function isTypeNode(name: string): boolean {
	return (
		name === 'PrimitiveType' ||
		name === 'TypeIdentifier' ||
		name === 'ScopedTypeIdentifier' ||
		name === 'TemplateType' ||
		name === 'SizedTypeSpecifier' ||
		name === 'auto' ||
		name === 'StructSpecifier' ||
		name === 'ClassSpecifier' ||
		name === 'EnumSpecifier' ||
		name === 'UnionSpecifier' ||
		name === 'DependentType' ||
		name === 'TypenameType' ||
		name === 'Decltype'
	);
}

/** Whether a node name is a declarator. */
export function isDeclaratorNode(name: string): boolean {
	return (
		name === 'Identifier' ||
		name === 'FieldIdentifier' ||
		name === 'InitDeclarator' ||
		name === 'PointerDeclarator' ||
		name === 'ReferenceDeclarator' ||
		name === 'ArrayDeclarator' ||
		name === 'FunctionDeclarator' ||
		name === 'ScopedIdentifier'
	);
}

/** The FunctionDeclarator inside a declarator chain, if any. */
export function findFunctionDeclarator(n: SyntaxNode): SyntaxNode | null {
	for (let c = n.firstChild; c; c = c.nextSibling) {
		if (c.name === 'FunctionDeclarator') return c;
		if (c.name === 'PointerDeclarator' || c.name === 'ReferenceDeclarator') {
			const inner = findFunctionDeclarator(c);
			if (inner) return inner;
		}
	}
	return null;
}

/** The first line of a construct, shortened, for messages. */
export function firstLine(text: string): string {
	const line = text.split('\n')[0]!.trim();
	return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** A C string or char literal body with its escapes resolved. */
export function unescape(s: string): string {
	return s.replace(/\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, (_m, e: string) => {
		switch (e[0]) {
			case 'n':
				return '\n';
			case 't':
				return '\t';
			case 'r':
				return '\r';
			case '0':
				return e.length > 1 ? String.fromCharCode(Number.parseInt(e, 8)) : '\0';
			case 'x':
				return String.fromCharCode(Number.parseInt(e.slice(1), 16));
			case 'a':
				return '\x07';
			case 'b':
				return '\b';
			case 'f':
				return '\f';
			case 'v':
				return '\v';
			default:
				return /^[0-7]+$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : e;
		}
	});
}
