/**
 * Finds the error codes a record quotes — aclError numbers (`error code is 507035`,
 * `ErrCode=207007`), runtime inner codes (`retCode=0x7020019`, or in decimal `error=117571619`),
 * task-scheduler codes (`retCode=0x31`), screen codes (`EZ9999:`, `Resource_Error(EE1023):`,
 * `ErrorCode=EE1001.`), constant names, and the small numbers HCCL and the driver return, read
 * only in their own context (`HCCL function error: …, error code is 4`,
 * `drvEventIdAlloc:errorcode = 7`), HCCL's 64-bit `errNo[0x0000000005000002]` (module 5, then a
 * sub-module byte, then the HcclResult in the low 16 bits: `HCCL_ERROR_CODE` in hicann/hccl
 * src/common/log.h at 09300b70df9a031339f08e5f2ca06d7bf294d009, line 142), and messages that imply one code (see implied-codes.ts) —
 * each resolved against the code directory.
 */
import type { CodeDirectory, DirectoryEntry, TokenHint } from './code-directory.ts';
import { IMPLIED_CODES } from './implied-codes.ts';

/** A code quoted by a record. */
export interface CodeHit {
	entry: DirectoryEntry;
	/** The text that named it, as printed. */
	token: string;
	/** The API call a framework wrapper says failed with it (`c10_npu::SetDevice(device_id_)`). */
	call?: string;
}

const ACL_NUMBER =
	/\b(?:error[ _]?code(?: is)?|errcode|ret(?:urn)?(?: ?code)?|aclError|aclnnStatus|ret|result|failed)\s*[=:]?\s*(?:is\s*)?(\d{6})\b|\berror\s*[=:]\s*(\d{6})\b/gi;
/** Hex numbers after a keyword; only `retCode=` may be a task-scheduler code (`retCode=0x31`). */
const HEX =
	/\b(retCode|InnerCode|inner code|drvRetCode|error[ _]?code|errcode|ret)\s*[=:]\s*(0x[0-9a-fA-F]{1,8})\b/gi;
const DECIMAL_INNER =
	/\b(?:error(?:[ _]?code)?(?: is)?|ret(?:Code)?|code)\s*[=:]?\s*(?:is\s*)?(\d{9,10})\b/gi;
const SCREEN =
	/(?:^|[\s(\[])([EW][0-9A-Z]\d{4})(?=\)?:|\]|\s+Inner Error|\)\s*$)|(?:ErrorCode|module_name)=([EW][0-9A-Z]\d{4})\b/g;
const NAME =
	/\b(?:ACL_ERROR_[A-Z0-9_]+|RT_ERROR_[A-Z0-9_]+|DRV_ERROR_[A-Z0-9_]+|HCCL_E_[A-Z_]+)\b/g;
const HCCL_CONTEXT = /HCCL function error:|\bHccl\w+\b.*\bfailed\b|^\[[A-Z]+\] HCCL\(|hcclRet/;
/** HCCL's `errNo[0x…]`: 0x05 (HCCL) in bits 31–24, a sub-module byte, the HcclResult below. */
const HCCL_ERR_NO = /\berrNo\[0x0*5[0-9a-fA-F]{2}([0-9a-fA-F]{4})\]/g;
const HCCL_NUMBER =
	/\berror code is (\d{1,3})\b|\bHcclResult\s*[=:]\s*(\d{1,3})\b|\bhcclRet -> (\d{1,3})\b/g;
const DRV_NUMBER =
	/\b(?:drv|hal)\w*\b[^"\n]*?\b(?:errorcode|error code|drvRetCode|drvRet|ret(?:Code)?)\s*[=:]\s*(\d{1,3})\b/gi;
/** torch_npu's own codes (`ERR00100 PTA call acl api failed`). */
const PTA = /\bERR\d{5}\b/g;
const PTA_SHAPE = /ERR\d{5}/;
const SIX_DIGITS = /\d{6}/;
const SCREEN_SHAPE = /[EW][0-9A-Z]\d{4}/;
const DRV_HINT = /drv|hal/i;
/** torch_npu and op-plugin wrappers: the call named before the code. */
const WRAPPED_CALL = /(?:NPU|HCCL|OPS) function error: (.+?), error code is \d+/;

/** A cheap test that rules out most records before the code regexes run. */
function mayQuoteCode(text: string): boolean {
	return (
		text.includes('ode') ||
		text.includes('ERROR_') ||
		text.includes('HCCL_E_') ||
		text.includes('ret') ||
		text.includes('Ret') ||
		text.includes('rror') ||
		text.includes('out of memory') ||
		text.includes('result') ||
		text.includes('failed') ||
		text.includes('errNo[') ||
		/[EW][0-9A-Z]\d{4}/.test(text) ||
		PTA_SHAPE.test(text)
	);
}

/** The known codes `text` quotes, each once, in order of kind and appearance. */
export function findCodes(text: string, directory: CodeDirectory): CodeHit[] {
	if (!mayQuoteCode(text)) return [];
	const hits: CodeHit[] = [];
	const seen = new Set<string>();
	const call = WRAPPED_CALL.exec(text)?.[1];
	const add = (token: string, hint: TokenHint) => {
		const entry = directory.resolve(token, hint);
		if (!entry || seen.has(entry.code)) return;
		seen.add(entry.code);
		hits.push(
			call && (hint === 'acl' || hint === 'hccl') ? { entry, token, call } : { entry, token },
		);
	};
	// Each pattern only where its cheapest ingredient occurs (most records have none).
	const sixDigits = SIX_DIGITS.test(text);
	if (sixDigits) for (const match of text.matchAll(ACL_NUMBER)) add((match[1] ?? match[2])!, 'acl');
	if (text.includes('0x')) {
		for (const match of text.matchAll(HEX)) {
			add(match[2]!, match[1]!.toLowerCase() === 'retcode' ? 'hex' : 'inner-hex');
		}
	}
	if (sixDigits) for (const match of text.matchAll(DECIMAL_INNER)) add(match[1]!, 'decimal');
	if (text.includes('ERROR_') || text.includes('HCCL_E_')) {
		for (const match of text.matchAll(NAME)) add(match[0], 'name');
	}
	if (SCREEN_SHAPE.test(text)) {
		for (const match of text.matchAll(SCREEN)) add((match[1] ?? match[2])!, 'screen');
	}
	if (text.includes('errNo[')) {
		for (const match of text.matchAll(HCCL_ERR_NO)) add(String(parseInt(match[1]!, 16)), 'hccl');
	}
	if (HCCL_CONTEXT.test(text)) {
		for (const match of text.matchAll(HCCL_NUMBER))
			add((match[1] ?? match[2] ?? match[3])!, 'hccl');
	}
	if (DRV_HINT.test(text)) for (const match of text.matchAll(DRV_NUMBER)) add(match[1]!, 'drv');
	if (PTA_SHAPE.test(text)) for (const match of text.matchAll(PTA)) add(match[0], 'pta');
	for (const implied of IMPLIED_CODES) {
		if (text.includes(implied.literal) && implied.pattern.test(text)) add(implied.code, 'acl');
	}
	return hits;
}
