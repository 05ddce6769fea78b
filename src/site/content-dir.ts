/**
 * Where the content folders are. `content/cases` and `content/codes` normally; the build
 * benchmark points CASEBOOK_CONTENT_DIR at a generated tree of a thousand cases instead (and may
 * point CASEBOOK_CODES_DIR at a copy of the code index).
 */
export const CASES_DIR = process.env.CASEBOOK_CONTENT_DIR ?? './content/cases';

/** The error-code index: family files and `explained/<CODE>.<lang>.md`. */
export const CODES_DIR = process.env.CASEBOOK_CODES_DIR ?? './content/codes';
