import { describe, expect, it } from 'vitest';
import { normalizeLine, readLog, splitRecords, stripPrefixes } from '../../src/triage/index.ts';

const PLOG =
	'[ERROR] RUNTIME(234708,acltest_host):2024-07-18-00:06:16.739.680 [event.cc:378]234708 Record:Event id alloc error, deviceId=0, tsId=0, retCode=0x7020019!';
const TSCH =
	'[ERROR] TSCH(-1,null):2023-01-01-02:53:45.850.781 1 (dieid:0,cpuid:0) device_management_plat.c:563 suspend_ack: suspend pre check fail, hwts is busy';
const CPU =
	'[ERROR][Core_0][/usr/local/Ascend/cann/x86_64-linux/tikcpp/tikcfw/interface/kernel_tpipe.h:730][AllocEventID][321678] current size is 4, max buffer number in same queue position is 4';

describe('stripping what pasting adds in front of a record', () => {
	it.each([
		['a vLLM worker prefix', `(Worker_TP3 pid=88412) ${PLOG}`],
		['a vLLM worker prefix with several fields', `(RayWorkerWrapper pid=1, ip=10.0.0.1) ${PLOG}`],
		['a torch.distributed rank prefix', `[rank0]: ${PLOG}`],
		['a rank prefix without a space', `[rank3]:${PLOG}`],
		['a grep -n line number', `1841:${PLOG}`],
		['a grep -A context line number', `1842-${PLOG}`],
		['a grep file name', `plog-234708_20240718000616123.log:${PLOG}`],
		['a grep -rn path and line number', `/root/ascend/log/debug/plog/plog-1_2.log:88:${PLOG}`],
		['a container timestamp', `2025-03-02T08:14:51.204Z stdout F ${PLOG}`],
		['a bracketed logger timestamp', `[2025-05-11 09:30:07] ${PLOG}`],
		['a Python logging prefix', `ERROR 04-29 18:46:11 [worker_base.py:620] ${PLOG}`],
		['a journald prefix', `Aug 12 23:00:05 edge-box npu-logd[1402]: ${PLOG}`],
		['a markdown quote', `> ${PLOG}`],
		['pytest error indentation', `E   ${PLOG}`],
		['terminal colours', `\x1b[31m${PLOG}\x1b[0m`],
		['nested prefixes', `plog.log:12:[rank1]: (Worker_TP1 pid=7) ${PLOG}`],
	])('removes %s', (_, line) => {
		expect(stripPrefixes(line).text).toBe(PLOG);
	});

	it('keeps the grep -n line number as the original line', () => {
		expect(stripPrefixes(`1841:${PLOG}`)).toEqual({ text: PLOG, grepLine: 1841 });
	});

	it('does not take a time of day for a grep line number', () => {
		expect(stripPrefixes('12:34:56 worker started').text).toBe('12:34:56 worker started');
	});

	it('leaves the torch_npu [ERROR] timestamp form alone', () => {
		const line =
			'[ERROR] 2025-04-29-18:46:11 (PID:1066924, Device:1, RankID:-1) ERR00100 PTA call acl api failed';
		expect(stripPrefixes(line).text).toBe(line);
	});
});

describe('splitting lines whose newlines were collapsed', () => {
	it('splits plog records run together on one line', () => {
		const line = `${PLOG} ${PLOG.replace('Record:', 'Again:')}`;
		expect(splitRecords(line)).toEqual([PLOG, PLOG.replace('Record:', 'Again:')]);
	});

	it('splits CPU-debug output from the signal line and backtrace frames', () => {
		const line = `${CPU} [ERROR][CORE_0][pid 321674] error happened! ========= SIGABRT Signal (Abort Signal from abort) catched, backtrace info: [#0] 0x000000000001e7c0: handler(int)`;
		expect(splitRecords(line)).toEqual([
			CPU,
			'[ERROR][CORE_0][pid 321674] error happened! =========',
			'SIGABRT Signal (Abort Signal from abort) catched, backtrace info:',
			'[#0] 0x000000000001e7c0: handler(int)',
		]);
	});

	it('splits screen codes and CANN [LINE:n] tags', () => {
		const line =
			'RuntimeError: NPU function error: aclrtRecordEvent(event, stream), error code is 507035 EE9999: Inner Error! TraceBack (most recent call last): record event failed[FUNC:RecordEvent][FILE:event.cc][LINE:210] rtEventRecord failed';
		expect(splitRecords(line)).toEqual([
			'RuntimeError: NPU function error: aclrtRecordEvent(event, stream), error code is 507035',
			'EE9999: Inner Error!',
			'TraceBack (most recent call last): record event failed[FUNC:RecordEvent][FILE:event.cc][LINE:210]',
			'rtEventRecord failed',
		]);
	});

	it('splits at literal \\n escapes from a Python repr', () => {
		expect(splitRecords(`'${PLOG}\\n${TSCH}\\n'`)).toEqual(["'", PLOG, TSCH, "'"]);
	});

	it('keeps a short line whole', () => {
		expect(splitRecords('EZ9999: Inner Error!')).toEqual(['EZ9999: Inner Error!']);
	});
});

describe('reading a pasted log into records', () => {
	it('numbers records by their pasted line, 1-based, across CRLF and blank lines', () => {
		const records = readLog(`first\r\n\r\n${PLOG}\r\n`);
		expect(records.map((record) => [record.line, record.text])).toEqual([
			[1, 'first'],
			[3, PLOG],
		]);
	});

	it('gives every record of a collapsed line the same line number', () => {
		const records = readLog(
			`noise\n${TSCH} [EVENT] TSCH(-1,null):2023-01-01-02:53:45.850.803 2 (dieid:0,cpuid:0) device_management.c:411 process_low_power_cmd: ts suspend ack ret=1.`,
		);
		expect(records.map((record) => record.line)).toEqual([1, 2, 2]);
		expect(records[2]!.level).toBe('EVENT');
	});

	it.each([
		[PLOG, 'plog', 'ERROR', 'RUNTIME'],
		[
			'[ERROR] RUNTIME(18401,main)2023-05-29-17:53:11.569.804 18409 EventIdAlloc:drvEventIdAlloc:errorcode = 7',
			'plog',
			'ERROR',
			'RUNTIME',
		],
		['[ERROR] DRV ******[devdrv][drvEventIdAlloc 647] error.', 'plog', 'ERROR', 'DRV'],
		[TSCH, 'device', 'ERROR', 'TSCH'],
		[CPU, 'cpu-debug', 'ERROR', undefined],
		[
			'[ERROR][Block_0][AIV_1][kernel_tpipe_impl.h:412][AllocEventID][51208] current id is 8, max buffer number in same queue position is 8',
			'cpu-debug',
			'ERROR',
			undefined,
		],
		['EZ9999: Inner Error!', 'error-code', undefined, undefined],
		[
			'Resource_Error(EE1023): Alloc Event resource failed. Reason: Too many events are created.',
			'error-code',
			undefined,
			undefined,
		],
		[
			'RuntimeError: NPU function error: c10_npu::SetDevice(device_id_), error code is 507033',
			'torch-npu',
			undefined,
			undefined,
		],
		[
			'[ERROR] 2025-04-29-18:46:11 (PID:1066924, Device:1, RankID:-1) ERR00100 PTA call acl api failed',
			'torch-npu',
			undefined,
			undefined,
		],
		['====== ERROR: LeakCheck: detected memory leaks', 'sanitizer', undefined, undefined],
		[
			'SIGABRT Signal (Abort Signal from abort) catched, backtrace info:',
			'backtrace',
			undefined,
			undefined,
		],
		['用户捕获异常退出信号', 'other', undefined, undefined],
	])('classifies %s', (line, kind, level, module) => {
		const [record] = readLog(line);
		expect({ kind: record!.kind, level: record!.level, module: record!.module }).toEqual({
			kind,
			level,
			module,
		});
	});
});

describe('normalising what differs between runs', () => {
	it('replaces the plog pid, thread id and timestamp', () => {
		expect(normalizeLine(PLOG)).toBe(
			'[ERROR] RUNTIME(<pid>,acltest_host):<time> [event.cc:378]<tid> Record:Event id alloc error, deviceId=0, tsId=0, retCode=0x7020019!',
		);
	});

	it('makes two runs of the same failure identical', () => {
		const other = PLOG.replace('234708,', '99,')
			.replace(']234708', ']17')
			.replace('06:16.739.680', '59:01.000.001');
		expect(normalizeLine(other)).toBe(normalizeLine(PLOG));
	});

	it('replaces the CPU-debug pid and the addresses of a backtrace, keeping short hex codes', () => {
		expect(normalizeLine(CPU)).toContain('[AllocEventID][<pid>] current size is 4');
		expect(normalizeLine('[#0] 0x000000000001e7c0: handler(int) retCode=0x7020019')).toBe(
			'[#0] <addr>: handler(int) retCode=0x7020019',
		);
	});

	it.each([
		[
			'[ERROR] 2025-04-29-18:46:11 (PID:1066924, Device:1) x',
			'[ERROR] <time> (PID:<pid>, Device:1) x',
		],
		[
			'EL0003: [PID: 528886] 2025-06-24-11:20:41.662.506 The argument is invalid.',
			'EL0003: [PID: <pid>] <time> The argument is invalid.',
		],
		['2024-07-18 00:06:16,739 - runner - ERROR - x', '<time> - runner - ERROR - x'],
		['ERROR 04-29 18:46:11 [w.py:1] x', 'ERROR <time> [w.py:1] x'],
		['Aug 12 23:00:05 host x', '<time> host x'],
	])('normalises the timestamp style of %s', (line, normalised) => {
		expect(normalizeLine(line)).toBe(normalised);
	});
});
