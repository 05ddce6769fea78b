export { run, checkProgram, DEFAULT_GM_BYTES, KERNEL_ONLY_PID } from './run.ts';
export { sourceTooLargeTrace } from './run-limits.ts';
export { LIMIT_DIAGNOSTICS, type LimitDiagnosticCode } from './limit-diagnostics.ts';
export { parseProgram, type ParsedProgram } from './parse.ts';
export { LANG_CATALOG, type LangCode } from './diagnostics.ts';
export { preprocess, ASCEND_QUALIFIERS, type MacroDef, type Preprocessed } from './preprocess.ts';
