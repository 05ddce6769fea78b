export { run } from './run.ts';
export { parseProgram, type ParsedProgram } from './parse.ts';
export { LANG_CATALOG, type LangCode } from './diagnostics.ts';
export { preprocess, ASCEND_QUALIFIERS, type MacroDef, type Preprocessed } from './preprocess.ts';
