/**
 * `<getopt.h>` as a program started without arguments sees it: `struct option` tables build
 * (brace lists of name, has_arg, flag, val), and `getopt`/`getopt_long` report the end of the
 * options (-1) at once, since the simulator starts `main` with argv = {"main"} and argc = 1.
 * `optarg` is then null and `optind` 1, as after a real getopt on an empty command line
 * (getopt(3)).
 */
import { num } from '../bindings/args.ts';
import type { BindingTable } from '../bindings/binding.ts';
import { T } from '../types.ts';
import { BraceList, SimObject, type Value } from '../values.ts';

/** The members of `struct option`, in declaration order. */
const OPTION_FIELDS = ['name', 'has_arg', 'flag', 'val'] as const;

/** Adds `struct option`, the has_arg constants, getopt, getopt_long and their globals. */
export function addGetoptBindings(table: BindingTable): void {
	table.types.set('option', {
		name: 'option',
		ctype: () => ({ k: 'sim', name: 'option', targs: [] }),
		construct: (call) => {
			const items =
				call.args.length === 1 && call.args[0] instanceof BraceList
					? call.args[0].items
					: call.args;
			const fields = new Map<string, Value>();
			OPTION_FIELDS.forEach((f, i) =>
				fields.set(f, items[i] ?? (f === 'name' || f === 'flag' ? null : 0)),
			);
			return new SimObject('option', [], fields);
		},
		methods: {},
		member: {
			get: (self, field) =>
				self instanceof SimObject && self.handle instanceof Map ? (self.handle.get(field) ?? 0) : 0,
			set: (self, field, v) =>
				void (self instanceof SimObject && self.handle instanceof Map && self.handle.set(field, v)),
		},
	});
	for (const [name, value] of [
		['no_argument', 0],
		['required_argument', 1],
		['optional_argument', 2],
		['optind', 1],
		['opterr', 1],
		['optopt', 0],
	] as const)
		table.constants.set(name, { value, type: T.i32 });
	table.constants.set('optarg', { value: null, type: { k: 'ptr', to: T.char } });
	// Every argument after argv[0] is an option word; main gets none, so the scan ends at once.
	const scan = (call: { args: Value[] }) => (num(call.args[0]) <= 1 ? -1 : '?'.charCodeAt(0));
	table.functions.set('getopt', scan);
	table.functions.set('getopt_long', scan);
	table.functions.set('getopt_long_only', scan);
}
