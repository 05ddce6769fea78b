export {
	run,
	checkProgram,
	DEFAULT_GM_BYTES,
	KERNEL_ONLY_PID,
	MAX_PASSES,
	MAX_RANKS,
} from './run.ts';
export { parseProgram, type ParsedProgram } from './parse.ts';
export type { LangCode } from './diagnostics.ts';
export { preprocess, ASCEND_QUALIFIERS, type MacroDef, type Preprocessed } from './preprocess.ts';
