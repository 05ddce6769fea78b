import { describe, expect, it } from 'vitest';
import { compileSignatures, matchLog, type SignatureEntry } from '../../src/triage/index.ts';

function signature(
	partial: Partial<SignatureEntry> & Pick<SignatureEntry, 'id' | 'pattern'>,
): SignatureEntry {
	return {
		case: `case-of-${partial.id}`,
		module: 'RUNTIME',
		also: [],
		unless: [],
		anchor: 'symptom',
		...partial,
	};
}

const EVENT_LINE =
	'[ERROR] RUNTIME(234708,acltest_host):2024-07-18-00:06:16.739.680 [event.cc:378]234708 Record:Event id alloc error, deviceId=0, tsId=0, retCode=0x7020019!';
const ERRCODE_LINE =
	'[ERROR] RUNTIME(234708,acltest_host):2024-07-18-00:06:16.749.330 [api_c.cc:716]234708 rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019';

describe('claiming a case', () => {
	it('names the signature, the case and the 1-based lines that matched', () => {
		const result = matchLog(`noise\n${EVENT_LINE}\nmore noise\n`, [
			signature({
				id: 'event-alloc',
				case: 'acl-event-id-exhausted',
				pattern: 'Event id alloc error',
			}),
		]);
		expect(result.matches).toEqual([
			{
				signature: 'event-alloc',
				case: 'acl-event-id-exhausted',
				module: 'RUNTIME',
				anchor: 'symptom',
				lines: [2],
				evidence: [{ role: 'pattern', pattern: 'Event id alloc error', lines: [2] }],
			},
		]);
		expect(result.lineCount).toBe(3);
	});

	it('reports every line the pattern matched, once each', () => {
		const log = [EVENT_LINE, 'x', EVENT_LINE, `${EVENT_LINE} ${EVENT_LINE}`].join('\n');
		const [match] = matchLog(log, [
			signature({ id: 'a', pattern: 'Event id alloc error' }),
		]).matches;
		expect(match!.lines).toEqual([1, 3, 4]);
	});

	it('requires every also pattern somewhere in the log, and reports its lines as evidence', () => {
		const entry = signature({
			id: 'a',
			pattern: 'Event id alloc error',
			also: ['no event resource'],
		});
		expect(matchLog(EVENT_LINE, [entry]).matches).toEqual([]);
		const [match] = matchLog(`${EVENT_LINE}\n${ERRCODE_LINE}`, [entry]).matches;
		expect(match!.lines).toEqual([1, 2]);
		expect(match!.evidence.map((item) => [item.role, item.lines])).toEqual([
			['pattern', [1]],
			['also', [2]],
		]);
	});

	it('refuses the claim when an unless pattern matches, and says which line vetoed it', () => {
		const entry = signature({
			id: 'record-failed',
			case: 'acl-event-id-exhausted',
			pattern: 'record event failed',
			unless: ['vector core exception|aicore exception'],
		});
		const log =
			'Kernel task happen error, retCode=0x31, [vector core exception].\nrecord event failed';
		const result = matchLog(log, [entry]);
		expect(result.matches).toEqual([]);
		expect(result.vetoes).toEqual([
			{
				signature: 'record-failed',
				case: 'acl-event-id-exhausted',
				unless: 'vector core exception|aicore exception',
				lines: [1],
			},
		]);
	});

	it('orders matches by the line where their proof starts, then by registry order', () => {
		const signatures = [
			signature({ id: 'late', pattern: 'beta' }),
			signature({ id: 'first-in-registry', pattern: 'alpha' }),
			signature({ id: 'second-in-registry', pattern: 'alpha' }),
		];
		const ids = matchLog('alpha\nbeta', signatures).matches.map((match) => match.signature);
		expect(ids).toEqual(['first-in-registry', 'second-in-registry', 'late']);
	});

	it('gives signatures marked hint as hints, never as matches', () => {
		const result = matchLog('aclrtMalloc failed, ret = 207001', [
			signature({ id: 'oom', case: 'acl-resource-leak', pattern: 'ret = 207001', hint: true }),
		]);
		expect(result.matches).toEqual([]);
		expect(result.hints.map((hint) => [hint.case, hint.lines])).toEqual([
			['acl-resource-leak', [1]],
		]);
	});

	it('matches patterns against the record, after framework prefixes are gone', () => {
		const entry = signature({ id: 'anchored', pattern: '^\\[ERROR\\] RUNTIME\\(\\d+,[^)]*\\):' });
		const log = `(Worker_TP3 pid=88412) ${EVENT_LINE}\n[rank0]: ${EVENT_LINE}\n1841:${EVENT_LINE}`;
		expect(matchLog(log, [entry]).matches[0]!.lines).toEqual([1, 2, 3]);
	});

	it('finds a record inside a line whose newlines were collapsed', () => {
		const entry = signature({
			id: 'anchored',
			pattern: '^\\[ERROR\\] RUNTIME\\(\\d+,[^)]*\\):.*no event resource',
		});
		expect(matchLog(`${EVENT_LINE} ${ERRCODE_LINE}`, [entry]).matches[0]!.lines).toEqual([1]);
	});

	it('matches Chinese text', () => {
		const entry = signature({ id: 'zh', pattern: '休眠失败' });
		expect(matchLog('问题：休眠失败，hwts busy', [entry]).matches).toHaveLength(1);
	});

	it('finds a match hidden behind colour codes', () => {
		const entry = signature({ id: 'a', pattern: 'Event id alloc error' });
		const log = EVENT_LINE.replace('Event id', 'Event\x1b[0m id');
		expect(matchLog(log, [entry]).matches).toHaveLength(1);
	});

	it('accepts compiled signatures and gives the same result', () => {
		const entries = [signature({ id: 'a', pattern: 'Event id alloc error' })];
		expect(matchLog(EVENT_LINE, compileSignatures(entries))).toEqual(matchLog(EVENT_LINE, entries));
	});

	it('returns nothing for an empty log', () => {
		expect(matchLog('', [signature({ id: 'a', pattern: 'x' })])).toEqual({
			lineCount: 0,
			matches: [],
			hints: [],
			vetoes: [],
			notes: [],
		});
	});
});

describe('explaining codes no case covers', () => {
	it('says what a known aclError code means, with its name and lines', () => {
		const log =
			'RuntimeError: NPU function error: aclrtRecordEvent(event, stream), error code is 507015';
		expect(matchLog(log, []).notes).toEqual([
			{
				code: '507015',
				name: 'ACL_ERROR_RT_AICORE_EXCEPTION',
				meaning: {
					zh: 'AI Core 执行异常：核函数在 Device 上出错（看 plog 中的 fault kernel_name）。',
					en: 'AI Core exception: a kernel failed on the device (look for fault kernel_name in the plog).',
				},
				kind: 'acl',
				lines: [1],
				cases: [],
			},
		]);
	});

	it('explains runtime inner codes and screen codes by their module', () => {
		const log =
			'Failed to open device, retCode=0x7020023\nEH9999: Inner Error!\nEL0004: [PID: 1] x';
		const notes = matchLog(log, []).notes;
		expect(notes.map((note) => note.code)).toEqual(['0x7020023', 'EH9999', 'EL0004']);
		expect(notes[1]!.meaning.en).toBe(
			'Error inside AscendCL (E*9*** codes are internal; the real cause is usually printed before it or in the plog).',
		);
		expect(notes[2]!.name).toBe('Memory_Allocation_Failure');
	});

	it('leaves out codes on lines a match explains and codes its samples quote', () => {
		const entry = signature({
			id: 'event-alloc',
			case: 'acl-event-id-exhausted',
			pattern: 'Event id alloc error',
			samples: [ERRCODE_LINE],
		});
		expect(matchLog(`${EVENT_LINE}\n${ERRCODE_LINE}`, [entry]).notes).toEqual([]);
	});

	it('points to a case whose samples quote the code when that case did not match', () => {
		const entry = signature({
			id: 'event-alloc',
			case: 'acl-event-id-exhausted',
			pattern: 'never',
			samples: [ERRCODE_LINE],
		});
		const [note] = matchLog('aclrtRecordEvent failed, error code is 207007', [entry]).notes;
		expect(note).toMatchObject({ code: '207007', cases: ['acl-event-id-exhausted'] });
	});

	it('does not take any six-digit number for a code', () => {
		expect(matchLog('copied 507035 bytes in 100000 us', []).notes).toEqual([]);
	});
});
