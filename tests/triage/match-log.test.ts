import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodeDirectory } from '../../src/triage/code-directory-fs.ts';
import {
	HARMLESS_LINES,
	compileSignatures,
	matchLog,
	type CodeDirectory,
	type SignatureEntry,
} from '../../src/triage/index.ts';

let codes: CodeDirectory;

beforeAll(async () => {
	codes = await loadCodeDirectory();
});

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
			codes: [],
			harmless: [],
			diagnosis: { then: [] },
		});
	});
});

describe('explaining codes no case covers', () => {
	it('says what a known aclError code means, with its name, its lines and the call that failed', () => {
		const log =
			'RuntimeError: NPU function error: aclrtRecordEvent(event, stream), error code is 507015';
		const result = matchLog(log, [], { codes });
		expect(result.notes).toEqual([
			{
				code: '507015',
				name: 'ACL_ERROR_RT_AICORE_EXCEPTION',
				meaning: codes.get('507015')!.summary,
				kind: 'acl',
				lines: [1],
				cases: [],
				hasPage: true,
			},
		]);
		expect(result.codes[0]).toMatchObject({
			code: '507015',
			call: 'aclrtRecordEvent(event, stream)',
		});
	});

	it('explains runtime inner codes, and screen codes the index lacks by their module', () => {
		const log =
			'Failed to open device, retCode=0x7020023\nEH9999: Inner Error!\nEL0004: [PID: 1] x\nEQ9999: y';
		const notes = matchLog(log, [], { codes }).notes;
		expect(notes.map((note) => note.code)).toEqual(['0x7020023', 'EH9999', 'EL0004']);
		expect(notes[2]!.name).toBe('Memory_Allocation_Failure');
		const fallback = matchLog('E18888: something odd', [], { codes }).notes[0]!;
		expect(fallback).toMatchObject({ code: 'E18888', hasPage: false });
		expect(fallback.meaning.en).toBe(
			'Error from GE caused by usage or environment (0000–8999 are user errors).',
		);
	});

	it('reads decimal inner codes, task-scheduler codes, and HCCL and driver numbers in their context', () => {
		const log = [
			'capture failed, error=117571619',
			'Kernel task happen error, retCode=0x31, [vector core exception].',
			'HCCL function error: HcclAllReduce(...), error code is 4',
			'[ERROR] RUNTIME ****** EventIdAlloc:drvEventIdAlloc:errorcode = 7',
			'copied 4 bytes, error code is 4',
		].join('\n');
		const found = matchLog(log, [], { codes }).codes.map((code) => [code.code, code.lines]);
		expect(found).toEqual([
			['0x7020023', [1]],
			['ts-0x31', [2]],
			['hccl-4', [3]],
			['drv-7', [4]],
		]);
	});

	it('leaves out codes on lines a match explains and codes its samples quote', () => {
		const entry = signature({
			id: 'event-alloc',
			case: 'acl-event-id-exhausted',
			pattern: 'Event id alloc error',
			samples: [ERRCODE_LINE],
		});
		expect(matchLog(`${EVENT_LINE}\n${ERRCODE_LINE}`, [entry], { codes }).notes).toEqual([]);
	});

	it('points to a case whose samples quote the code when that case did not match', () => {
		const entry = signature({
			id: 'event-alloc',
			case: 'acl-event-id-exhausted',
			pattern: 'never',
			samples: [ERRCODE_LINE],
		});
		const [note] = matchLog('aclrtRecordEvent failed, error code is 207007', [entry], {
			codes,
		}).notes;
		expect(note).toMatchObject({ code: '207007', cases: ['acl-event-id-exhausted'] });
	});

	it("reads HCCL's 64-bit errNo as its HcclResult, and a six-digit number after error: as an aclError", () => {
		const log = [
			'[ERROR] HCCL(7,python):2026-01-01-00:00:00.000.000 [op_base.cc:974][7][Init][CommRootInfoConfig]errNo[0x0000000005000002]HcclCommInitRootInfo failed.',
			'[ERROR]  Execute model(model.om) error:507011',
			'[Init]errNo[0x0000000007000002] something else',
		].join('\n');
		const found = matchLog(log, [], { codes }).codes.map((code) => [code.code, code.lines]);
		expect(found).toEqual([
			['hccl-2', [1]],
			['507011', [2]],
		]);
	});

	it('does not take any six-digit number for a code', () => {
		expect(matchLog('copied 507035 bytes in 100000 us', [], { codes }).notes).toEqual([]);
	});
});

describe('harmless lines', () => {
	const RETRY =
		'[ERROR] APP(1,python):2025-01-01-00:00:00.000.000 [NPUCachingAllocator.cpp:1279]2 malloc:[PTA]:"Get a block from the existing pool failed. Try to free cached blocks and reallocate. This error log can be ignored."';
	const STATS =
		'[EVENT] ASCENDCL(77,app):2025-01-01-00:00:09.000.000 [resource_statistics.cpp:108]77 TraverseStatistics: The ResourceType:ACL_STATISTICS_CREATE_DESTROY_STREAM, applyTotal = 3, applySucc = 3, releaseTotal = 2, releaseSucc = 2';

	it('marks them with their reason and source and lets no signature claim them', () => {
		const entry = signature({ id: 'pool', pattern: 'existing pool failed' });
		const result = matchLog(`${RETRY}\n${STATS}`, [entry], { codes });
		expect(result.matches).toEqual([]);
		expect(result.harmless.map((item) => [item.rule, item.lines])).toEqual([
			['torch-npu-block-pool-retry', [1]],
			['acl-resource-statistics', [2]],
		]);
		expect(result.harmless[0]!.source).toMatch(
			/^https:\/\/github\.com\/Ascend\/pytorch\/blob\/[0-9a-f]{40}\//,
		);
		expect(result.harmless[0]!.reason.zh).toContain('可以忽略');
	});

	it('takes the resource statistics as harmless only at EVENT level', () => {
		const asError = STATS.replace('[EVENT]', '[ERROR]');
		expect(matchLog(asError, [], { codes }).harmless).toEqual([]);
	});

	it('takes a record its printer marks informational as harmless, unless a signature or a code claims its line', () => {
		const event =
			'[EVENT] TDT(9,main):2025-05-19-15:59:07.755.479 [process_mode_manager.cpp:371][InitTsdClient][tid:9] begin to init hdc client';
		const vllm =
			'(EngineCore_DP0 pid=15) INFO 10-11 11:31:28 [shm_broadcast.py:466] No available shared memory broadcast block found in 60 seconds.';
		const warning = vllm.replace(' INFO ', ' WARNING ');
		const coded = '[INFO] RUNTIME(9,main):2025-05-19-15:59:07.755.479 [x.cc:1]9 f: ret = 507035';
		const result = matchLog([event, vllm, warning, coded].join('\n'), [], { codes });
		expect(result.harmless.map((item) => [item.rule, item.lines])).toEqual([
			['cann-informational-level', [1]],
			['python-informational-level', [2]],
		]);
		const claimed = matchLog(event, [signature({ id: 'hdc', pattern: 'init hdc client' })], {
			codes,
		});
		expect(claimed.matches).toHaveLength(1);
		expect(claimed.harmless).toEqual([]);
	});

	it('takes torchrun stopping the other workers and a bare progress bar as harmless, not a bar with an error glued on', () => {
		const closing =
			'[2024-05-21 11:58:06,441] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 926997 closing signal SIGTERM';
		const bar = 'Loading checkpoint shards:  42%|████▋     | 16/38 [00:14<00:19,  1.13it/s]';
		const glued = `${bar.slice(0, -1)}, loss=2.6]RuntimeError: NPU out of memory.`;
		const result = matchLog([closing, bar, glued].join('\n'), [], { codes });
		expect(result.harmless.map((item) => [item.rule, item.lines])).toEqual([
			['torch-elastic-closing-signal', [1]],
			['progress-bar', [2]],
		]);
	});

	it('does not count codes printed on a harmless line', () => {
		const line = `${RETRY} error code is 207001`;
		expect(matchLog(line, [], { codes }).codes).toEqual([]);
	});
});

describe('the diagnosis', () => {
	it('puts a matched case first and the codes after it as what followed', () => {
		const entry = signature({
			id: 'event-alloc',
			case: 'acl-event-id-exhausted',
			pattern: 'Event id alloc error',
			samples: [ERRCODE_LINE],
		});
		const log = `${EVENT_LINE}\n${ERRCODE_LINE}\nRuntimeError: ACL stream synchronize failed, error code:507899\nEZ9999: Inner Error!`;
		const { diagnosis } = matchLog(log, [entry], { codes });
		expect(diagnosis.root).toMatchObject({ kind: 'case', case: 'acl-event-id-exhausted' });
		// 507899 is what the application sees when events run out: the case accounts for it.
		expect(diagnosis.root?.kind === 'case' && diagnosis.root.codes).toEqual(
			expect.arrayContaining(['0x7020019', '207007', '507899']),
		);
		expect(diagnosis.then.map((item) => item.kind === 'code' && item.code)).toEqual(['EZ9999']);
	});

	it('without a case, names the first error in time, even when the log prints it later', () => {
		const log = [
			'[ERROR] RUNTIME(9,p):2025-01-01-10:00:05.000.000 [api_c.cc:1]9 rtStreamSynchronize:ErrCode=507015, desc=[aicore exception]',
			'[ERROR] RUNTIME(9,p):2025-01-01-10:00:02.000.000 [stream.cc:1]9 Setup:Alloc sq cq failed, stream_id=1, retCode=0x7020023.',
		].join('\n');
		const { diagnosis } = matchLog(log, [], { codes });
		expect(diagnosis.root).toMatchObject({ kind: 'code', code: '0x7020023', lines: [2] });
		expect(diagnosis.then).toMatchObject([{ kind: 'code', code: '507015' }]);
	});

	it('groups the codes of one event and leads with the public code, generic codes last', () => {
		const log = [
			'EZ9999: Inner Error!',
			'rtEventRecord:ErrCode=207007, desc=[driver error:no event resource], InnerCode=0x7020019',
		].join('\n');
		const { diagnosis } = matchLog(log, [], { codes });
		expect(diagnosis.root).toMatchObject({ code: '207007', codes: ['207007', '0x7020019'] });
		expect(diagnosis.then).toMatchObject([{ code: 'EZ9999', generic: true }]);
	});
	it('reads a screen code in the Name(CODE) form that ends a line, without the colon', () => {
		const log = 'Communication_Error_Get_Socket(EI0006)\nsome text after it';
		expect(matchLog(log, [], { codes }).codes.map((code) => [code.code, code.lines])).toEqual([
			['EI0006', [1]],
		]);
		// Inside a sentence, a parenthesised code-like word is not read as one.
		expect(matchLog('see (EI0006) above for details', [], { codes }).codes).toEqual([]);
	});

	it("reads torch_npu's ERR00100 line as part of the report of the aclError it follows, listed after it", () => {
		const log = [
			'RuntimeError: operator():build/CMakeFiles/torch_npu.dir/compiler_depend.ts:25 NPU function error: c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream), error code is 507035',
			'[ERROR] 2025-04-29-18:46:11 (PID:1066924, Device:1, RankID:-1) ERR00100 PTA call acl api failed',
			'[Error]: The vector core execution is abnormal.',
		].join('\n');
		const result = matchLog(log, [], { codes });
		expect(result.codes.map((code) => [code.code, code.lines])).toEqual([
			['507035', [1]],
			['ERR00100', [2]],
		]);
		expect(result.diagnosis.root).toMatchObject({ code: '507035', codes: ['507035', 'ERR00100'] });
		expect(result.diagnosis.then).toEqual([]);
	});

	it('takes a headline, its screen message and its TraceBack as one error report', () => {
		const log = [
			'[ERROR] aclrtSetDevice(deviceId) failed: 507033 (main.cpp:98)',
			'[ERROR] RecentErrMsg: [PID: 7] 2026-01-01-00:00:00.000.000 Invalid_Argument(EE1001): The argument is invalid.',
			'        Solution: 1.Check the input parameter range of the function.',
			'        TraceBack (most recent call last):',
			'        [drv api] halDeviceOpen failed. device_id=1, drvRetCode=7.[FUNC:DeviceOpen][FILE:npu_driver.cc][LINE:1]',
			'        Failed to open device, retCode=0x7020010, deviceId=1.[FUNC:InitRawDriver][FILE:raw_device.cc][LINE:1]',
			'RuntimeError: ACL stream synchronize failed, error code:507035',
		].join('\n');
		const { diagnosis } = matchLog(log, [], { codes });
		expect(diagnosis.root).toMatchObject({
			code: '507033',
			codes: ['507033', 'EE1001', '0x7020010', 'drv-7'],
		});
		// The last line starts a report of its own.
		expect(diagnosis.then).toMatchObject([{ code: '507035', codes: ['507035'] }]);
	});
});

describe('the harmless-line table', () => {
	it('has one row per id, each with a source link and a reason in both languages', () => {
		const ids = HARMLESS_LINES.map((rule) => rule.id);
		expect(new Set(ids).size).toBe(ids.length);
		for (const rule of HARMLESS_LINES) {
			expect(rule.source, rule.id).toMatch(
				/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/blob\/[0-9a-f]{40}\//,
			);
			expect(rule.reason.zh, rule.id).toMatch(/[\u4e00-\u9fff]/);
			expect(rule.reason.en, rule.id).not.toMatch(/[\u4e00-\u9fff]/);
		}
	});
});
