/**
 * The one diagnostics catalog: the language, kernel and host tables joined, each row tagged with
 * its subject. Codes are unique across subjects (checked by the compiler below and by a test), so
 * a code alone names a row, an anchor on the reference page and a link.
 */
import type { DiagnosticEntry } from './entry.ts';
import { HOST_DIAGNOSTICS, type HostDiagnosticCode } from './host.ts';
import { KERNEL_DIAGNOSTICS, type KernelDiagnosticCode } from './kernel.ts';
import { LANG_DIAGNOSTICS, type LangCode } from './language.ts';
import { HCCL_DIAGNOSTICS, type HcclDiagnosticCode } from './hccl.ts';

/** The tables by subject, in the order the reference page lists them. */
export const SUBJECT_TABLES = {
	language: LANG_DIAGNOSTICS,
	kernel: KERNEL_DIAGNOSTICS,
	host: HOST_DIAGNOSTICS,
	hccl: HCCL_DIAGNOSTICS,
} as const;

/** What a diagnostic is about: the program's C++, the Ascend C kernel, the AscendCL host side or HCCL. */
export type Subject = keyof typeof SUBJECT_TABLES;

/** The subjects in page order. */
export const SUBJECTS = Object.keys(SUBJECT_TABLES) as Subject[];

/** Every code of the catalog; a string that is not one fails type-checking. */
export type DiagnosticCode =
	LangCode | KernelDiagnosticCode | HostDiagnosticCode | HcclDiagnosticCode;

/** A catalog row with its code and subject. */
export interface CatalogRow extends DiagnosticEntry {
	code: DiagnosticCode;
	subject: Subject;
}

// A code shared by two subjects makes this `never` and the assignment below fail to compile.
type Overlap =
	| Extract<LangCode, KernelDiagnosticCode>
	| Extract<LangCode, HostDiagnosticCode>
	| Extract<KernelDiagnosticCode, HostDiagnosticCode>
	| Extract<HcclDiagnosticCode, LangCode | KernelDiagnosticCode | HostDiagnosticCode>;
const noOverlap: [Overlap] extends [never] ? true : Overlap = true;
void noOverlap;

function rowsOf(): Record<DiagnosticCode, CatalogRow> {
	const rows = {} as Record<DiagnosticCode, CatalogRow>;
	for (const subject of SUBJECTS) {
		const table: Readonly<Record<string, DiagnosticEntry>> = SUBJECT_TABLES[subject];
		for (const [code, entry] of Object.entries(table)) {
			rows[code as DiagnosticCode] = { code: code as DiagnosticCode, subject, ...entry };
		}
	}
	return rows;
}

/** Every diagnostic by code. */
export const DIAGNOSTICS: Readonly<Record<DiagnosticCode, CatalogRow>> = rowsOf();

/** Whether `code` is a code of the catalog (for values read from outside, e.g. JSON). */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
	return Object.hasOwn(DIAGNOSTICS, code);
}
