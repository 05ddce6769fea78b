/**
 * Where the case folders are. `content/cases` normally; the build benchmark points
 * CASEBOOK_CONTENT_DIR at a generated tree of a thousand cases instead.
 */
export const CASES_DIR = process.env.CASEBOOK_CONTENT_DIR ?? './content/cases';
