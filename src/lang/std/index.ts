/**
 * The C++ standard library as the interpreter provides it: strings, containers, streams,
 * files, algorithms and math, chrono on the virtual clock, smart pointers and threads. Each
 * module adds its names to the binding table; later modules may extend earlier ones (files add
 * the file-stream member functions to the stream type).
 */
import type { BindingTable } from '../bindings/binding.ts';
import type { SimEnv } from '../bindings/sim-env.ts';
import { formatPrintf } from '../bindings/libc-bindings.ts';
import { num } from '../bindings/args.ts';
import { addAlgorithmBindings } from './algorithms.ts';
import { addAssociativeBindings } from './associative.ts';
import { addChronoBindings } from './chrono.ts';
import { addFileBindings } from './files.ts';
import { addGetoptBindings } from './getopt.ts';
import { addSequenceBindings } from './sequences.ts';
import { addSmartPointerBindings, type Deleter } from './smart-pointers.ts';
import { addStreamBindings } from './streams.ts';
import { addStringBindings, textOf, writeCString } from './strings.ts';
import { addThreadBindings } from './threads.ts';

/** Adds every standard-library name; `release` deletes an object a smart pointer owned. */
export function addStdBindings(table: BindingTable, env: SimEnv, release: Deleter): void {
	addStringBindings(table);
	addStreamBindings(table);
	addSequenceBindings(table);
	addAssociativeBindings(table);
	addAlgorithmBindings(table);
	addChronoBindings(table, env);
	addSmartPointerBindings(table, release);
	addThreadBindings(table, env);
	addFileBindings(table, env, env.files);
	addGetoptBindings(table);
	// sprintf into a char array (snprintf within its size).
	table.functions.set('sprintf', (call) => {
		const text = formatPrintf(textOf(call.args[1]) ?? '', call.args.slice(2));
		writeCString(call.args[0], text);
		return text.length;
	});
	table.functions.set('snprintf', (call) => {
		const text = formatPrintf(textOf(call.args[2]) ?? '', call.args.slice(3));
		writeCString(call.args[0], text, num(call.args[1]));
		return text.length;
	});
	table.functions.set('sprintf_s', (call) => {
		const text = formatPrintf(textOf(call.args[2]) ?? '', call.args.slice(3));
		writeCString(call.args[0], text, num(call.args[1]));
		return text.length;
	});
}
