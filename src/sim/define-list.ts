/**
 * Macros given before a program, as a compiler's `-D NAME[=VALUE]` and `-U NAME` (RunRequest
 * `defines` / `undefines`): one item read for the CLI, and a whitespace-separated list for the
 * widget's Defines field (`DTYPE_X=half SCALE=2.0f -UASCENDC_CPU_DEBUG`; a value cannot hold a
 * space).
 */

/** A macro name as the preprocessor reads one. */
const NAME = /^[A-Za-z_]\w*$/;

/** `NAME` or `NAME=VALUE` (`NAME` alone defines it as `1`); undefined when the name is not one. */
export function parseDefine(text: string): { name: string; value: string } | undefined {
	const at = text.indexOf('=');
	const name = at < 0 ? text : text.slice(0, at);
	if (!NAME.test(name)) return undefined;
	return { name, value: at < 0 ? '1' : text.slice(at + 1) };
}

/** Whether `text` is a macro name (for `-U`). */
export function isMacroName(text: string): boolean {
	return NAME.test(text);
}

/** What a Defines field holds: the macros, the removals, and the items that are neither. */
export interface DefineList {
	readonly defines: Record<string, string>;
	readonly undefines: string[];
	readonly bad: string[];
}

/** Reads a whitespace-separated list of `NAME[=VALUE]`, `-DNAME[=VALUE]` and `-UNAME` items. */
export function parseDefineList(text: string): DefineList {
	const list: DefineList = { defines: {}, undefines: [], bad: [] };
	for (const item of text.split(/\s+/).filter(Boolean)) {
		if (item.startsWith('-U')) {
			if (isMacroName(item.slice(2))) list.undefines.push(item.slice(2));
			else list.bad.push(item);
			continue;
		}
		const d = parseDefine(item.startsWith('-D') ? item.slice(2) : item);
		if (d) list.defines[d.name] = d.value;
		else list.bad.push(item);
	}
	return list;
}
