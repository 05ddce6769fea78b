/**
 * Tells what printed a record from its shape (see RECORD_KINDS), and reads the level and
 * module where the record states them.
 */
import type { RecordKind } from './log-record.ts';

/** `[ERROR] RUNTIME(123,name):` and the seed's older `[ERROR] RUNTIME(123,name)2023-…` (no colon). */
const PLOG =
	/^\[(ERROR|WARNING|WARN|INFO|DEBUG|EVENT|TRACE)\] ([A-Z][A-Z0-9_]*)(?:\((-?\d+|\*+),([^)]*)\)|\s+\*+)/;
/** `[ERROR][Core_0][…]`, `[ERROR][CORE_0][pid …]`, `[ERROR][Block_0][AIV_1][…]`. */
const CPU_DEBUG = /^\[(ERROR|WARN|INFO|DEBUG)\]\[(?:Core|CORE|Block|BLOCK)_\d+\]/;
const ERROR_CODE = /^(?:CANN error: |[A-Za-z_]+\()?[EWI][0-9A-Z]\d{4}\)?:/;
const TORCH_NPU =
	/NPU function error:|\bERR\d{5} [A-Z]+ |\(PID:\s*\d+, Device:|ACL stream synchronize failed|^\[Error\]: /;

/** What the classifier found out about one record. */
export interface Classification {
	kind: RecordKind;
	level?: string;
	module?: string;
}

/** Classifies one record's text (already stripped of pasting prefixes). */
export function classifyRecord(text: string): Classification {
	const first = text.charCodeAt(0);
	if (first === 91 /* [ */) {
		const plog = PLOG.exec(text);
		if (plog) {
			const device = plog[2] === 'TSCH' || plog[3] === '-1';
			return { kind: device ? 'device' : 'plog', level: plog[1]!, module: plog[2]! };
		}
		const cpu = CPU_DEBUG.exec(text);
		if (cpu) return { kind: 'cpu-debug', level: cpu[1]! };
		if (text.startsWith('[#')) return { kind: 'backtrace' };
	}
	if (text.startsWith('====== ')) return { kind: 'sanitizer' };
	if (text.startsWith('SIGABRT') || text.startsWith('SIGSEGV')) return { kind: 'backtrace' };
	if (ERROR_CODE.test(text)) return { kind: 'error-code' };
	if (TORCH_NPU.test(text)) return { kind: 'torch-npu' };
	return { kind: 'other' };
}
