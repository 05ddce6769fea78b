/**
 * Finds the error codes a record quotes: aclError numbers (`error code is 507035`,
 * `ErrCode=207007`, `ACL_ERROR_RT_…`), runtime inner codes (`retCode=0x7020019`) and screen
 * codes (`EZ9999:`, `Resource_Error(EE1023):`), each resolved against the known-code tables.
 */
import {
	lookupAclError,
	lookupInnerCode,
	lookupScreenCode,
	type KnownCode,
} from './error-codes.ts';

/** A code quoted by a record, with what it means. */
export interface CodeHit {
	kind: 'acl' | 'inner' | 'screen';
	known: KnownCode;
}

const ACL_NUMBER =
	/\b(?:error ?code(?: is)?|errcode|ErrCode|ret(?:urn)?(?: ?code)?|aclError|ret)\s*[=:]?\s*(?:is\s*)?(\d{6})\b/gi;
const ACL_NAME = /\bACL_ERROR_[A-Z_]+\b/g;
const INNER = /\b(?:retCode|InnerCode|inner code)\s*[=:]\s*(0x[0-9a-fA-F]+)/gi;
const SCREEN = /(?:^|[\s(])([EW][0-9A-Z]\d{4})(?=\)?:)/g;

/** A cheap test that rules out most records before the code regexes run. */
function mayQuoteCode(text: string): boolean {
	return (
		text.includes('ode') ||
		text.includes('ACL_ERROR_') ||
		text.includes('ret') ||
		text.includes('rror') ||
		/[EW][0-9A-Z]\d{4}\)?:/.test(text)
	);
}

/** The known codes `text` quotes, each once, in order of appearance. */
export function findCodes(text: string): CodeHit[] {
	if (!mayQuoteCode(text)) return [];
	const hits: CodeHit[] = [];
	const seen = new Set<string>();
	const add = (kind: CodeHit['kind'], known: KnownCode | undefined) => {
		if (!known || seen.has(known.code)) return;
		seen.add(known.code);
		hits.push({ kind, known });
	};
	for (const match of text.matchAll(ACL_NUMBER)) add('acl', lookupAclError(match[1]!));
	for (const match of text.matchAll(ACL_NAME)) add('acl', lookupAclError(match[0]));
	for (const match of text.matchAll(INNER)) add('inner', lookupInnerCode(match[1]!));
	for (const match of text.matchAll(SCREEN)) add('screen', lookupScreenCode(match[1]!));
	return hits;
}
