/**
 * Cross-file checks the row schema cannot make alone: every related or linked code exists,
 * every case a row names exists, every program a row names is one of the given files. The
 * build, the CLI loader and the tests all fail on a non-empty list, naming family and code.
 */
import type { CodeTable } from './code-table.ts';

/** What the checks need to know beyond the table. */
export interface TableContext {
	/** Slugs of the cases that exist. */
	cases: ReadonlySet<string>;
	/** Repository-relative paths of the programs that exist (omit to skip that check). */
	programs?: ReadonlySet<string>;
}

/** One sentence per problem, naming the family file and the code. */
export function checkTable(table: CodeTable, context: TableContext): string[] {
	const problems: string[] = [];
	for (const entry of table.entries()) {
		const where = `content/codes/${entry.family}.json, code ${entry.code}`;
		for (const other of entry.related ?? []) {
			if (!table.get(other)) problems.push(`${where}: related code ${other} is not in the index`);
		}
		for (const see of entry.see ?? []) {
			if (!table.get(see.code)) problems.push(`${where}: see code ${see.code} is not in the index`);
		}
		for (const slug of entry.cases ?? []) {
			if (!context.cases.has(slug)) {
				problems.push(
					`${where}: case "${slug}" does not exist (write the case first, then link it)`,
				);
			}
		}
		for (const program of entry.programs ?? []) {
			if (context.programs && !context.programs.has(program.file)) {
				problems.push(`${where}: program ${program.file} does not exist`);
			}
		}
	}
	return problems;
}
