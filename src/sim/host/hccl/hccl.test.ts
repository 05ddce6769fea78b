/**
 * HCCL through the front door: C++ programs run as several ranks (`run({ ranks })`), each rank a
 * process that reads RANK_ID, gets the root info from rank 0 through a file and forms the
 * communicator. Expected values are computed here from the inputs, not read from the simulator.
 */
import { describe, expect, it } from 'vitest';
import {
	linesMatching,
	printedValues,
	rankProgram,
	runRanks,
	stdout,
} from './hccl-programs.test-util.ts';

const COUNT = 16;

/** Fills `host` with rank-specific floats, copies it to `dev`. */
const FILL = `
    float *host = nullptr;
    aclrtMallocHost((void **)&host, ${COUNT} * sizeof(float));
    for (int i = 0; i < ${COUNT}; i++) host[i] = rank * 100.0f + i * 0.25f;
    void *dev = nullptr;
    aclrtMalloc(&dev, ${COUNT * 8} * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, ${COUNT} * sizeof(float), host, ${COUNT} * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
`;

/** Copies `n` floats of `dev` back and prints them as `rank R: v…`. */
const PRINT = (n: number) => `
    float *out = nullptr;
    aclrtMallocHost((void **)&out, ${n} * sizeof(float));
    aclrtMemcpy(out, ${n} * sizeof(float), dev, ${n} * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    printf("rank %d:", rank);
    for (int i = 0; i < ${n}; i++) printf(" %g", out[i]);
    printf("\\n");
`;

const input = (rank: number, i: number) => Math.fround(rank * 100 + i * 0.25);

/** An AllReduce over `steps` steps, which rank `skipper` skips at step `skipAt`. */
function allReduceSteps(steps: number, skipper = -1, skipAt = -1): string {
	return rankProgram(`${FILL}
    for (int step = 0; step < ${steps}; step++) {
        if (rank == ${skipper} && step == ${skipAt}) continue;
        HcclResult r = HcclAllReduce(dev, dev, ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
        aclError e = aclrtSynchronizeStream(stream);
        if (r != HCCL_SUCCESS || e != ACL_SUCCESS) {
            printf("rank %d step %d failed: hccl %d, acl %d\\n", rank, step, r, e);
            break;
        }
    }
${PRINT(COUNT)}`);
}

describe('an 8-rank AllReduce', () => {
	it('leaves every rank holding the sum of all ranks’ buffers', () => {
		const trace = runRanks(allReduceSteps(1), 8);
		expect(trace.outcome, stdout(trace).join('\n')).toBe('completed');
		const expected = Array.from({ length: COUNT }, (_, i) => {
			let sum = 0;
			for (let r = 0; r < 8; r++) sum = Math.fround(sum + input(r, i));
			return sum;
		});
		for (let r = 0; r < 8; r++) expect(printedValues(trace, r), `rank ${r}`).toEqual(expected);
	});

	it('fails on the seven other ranks with EI0002 naming rank 3 when rank 3 skips a call, after HCCL_EXEC_TIMEOUT', () => {
		const trace = runRanks(allReduceSteps(2, 3, 1), 8);
		expect(trace.outcome).toBe('error');
		const failed = stdout(trace).filter((l) => / failed: /.test(l));
		expect(failed.map((l) => Number(/^rank (\d+)/.exec(l)![1]))).toEqual([0, 1, 2, 4, 5, 6, 7]);
		for (const l of failed) expect(l).toMatch(/step 1 failed: hccl 0, acl 507048$/);
		const ei0002 = linesMatching(trace, /^EI0002: /);
		expect(ei0002).toHaveLength(7);
		for (const l of ei0002)
			expect(l.text).toMatch(
				/remote rank: \[3\]\. base information: \[streamID:\[\d+\], taskID\[\d+\], taskType\[Notify Wait\], tag\[AllReduce_127\.10\.0\.1%enp_60000_0_\d+\]/,
			);
		// The second AllReduce of the seven starts right after the first; it waits 1836 s.
		const issued = trace.hccl!.collectives.find((c) => c.index === 1)!;
		for (const f of issued.issued) expect(f.end - f.start).toBe(1836 * 1_000_000);
		expect(issued.missing).toEqual([3]);
		expect(issued.issued.map((f) => f.rank)).toEqual([0, 1, 2, 4, 5, 6, 7]);
	});

	it('names the rank that is gone in the heartbeat lines when it has exited', () => {
		const trace = runRanks(allReduceSteps(2, 3, 1), 8);
		const lost = linesMatching(
			trace,
			/\[HeartbeatAbnormal\]local rank \[127\.10\.0\.1\/0\]: crimer rank \[127\.10\.0\.1\/3\] status\[LOST\]/,
		);
		expect(lost).toHaveLength(1);
		expect(
			linesMatching(
				trace,
				/Cluster Exception Location\[IP\/ID\]:\[127\.10\.0\.1\/3\].*ExceptionType:\[Heartbeat Lost Occurred\]/,
			),
		).toHaveLength(7);
	});
});

/** Runs one collective call (after a warm-up AllReduce that sets up the links) and prints `dev`. */
function oneCall(call: string, n = COUNT): string {
	return rankProgram(`${FILL}
    HcclResult r = ${call};
    aclError e = aclrtSynchronizeStream(stream);
    printf("rank %d result %d %d\\n", rank, r, e);
${PRINT(n)}`);
}

describe('what collectives compute', () => {
	it('gathers every rank’s buffer in rank order (AllGather)', () => {
		const trace = runRanks(
			oneCall(
				'HcclAllGather(dev, (char *)dev + 64 * sizeof(float), 16, HCCL_DATA_TYPE_FP32, comm, stream)',
				16,
			).replace(
				'aclrtMemcpy(out, 16 * sizeof(float), dev,',
				'aclrtMemcpy(out, 16 * sizeof(float), (char *)dev + 64 * sizeof(float) + 16 * sizeof(float),',
			),
			4,
		);
		expect(trace.outcome, stdout(trace).join('\n')).toBe('completed');
		// The second block of the gathered buffer is rank 1's input.
		for (let r = 0; r < 4; r++)
			expect(printedValues(trace, r)).toEqual(Array.from({ length: 16 }, (_, i) => input(1, i)));
	});

	it('gives rank r the r-th block of the reduction (ReduceScatter, max)', () => {
		const trace = runRanks(
			rankProgram(`
    float *host = nullptr;
    aclrtMallocHost((void **)&host, 8 * sizeof(float));
    for (int i = 0; i < 8; i++) host[i] = (rank == i % 4) ? 1000.0f + i : rank - i;
    void *dev = nullptr;
    aclrtMalloc(&dev, 8 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, 8 * sizeof(float), host, 8 * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    HcclReduceScatter(dev, dev, 2, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_MAX, comm, stream);
    aclrtSynchronizeStream(stream);
${PRINT(2)}`),
			4,
		);
		expect(trace.outcome).toBe('completed');
		for (let r = 0; r < 4; r++) {
			const block = [2 * r, 2 * r + 1].map((i) =>
				Math.max(...[0, 1, 2, 3].map((k) => (k === i % 4 ? 1000 + i : k - i))),
			);
			expect(printedValues(trace, r), `rank ${r}`).toEqual(block);
		}
	});

	it('copies the root’s buffer to every rank (Broadcast from rank 2)', () => {
		const trace = runRanks(
			oneCall('HcclBroadcast(dev, 16, HCCL_DATA_TYPE_FP32, 2, comm, stream)'),
			4,
		);
		expect(trace.outcome).toBe('completed');
		for (let r = 0; r < 4; r++)
			expect(printedValues(trace, r)).toEqual(Array.from({ length: 16 }, (_, i) => input(2, i)));
	});

	it('moves a buffer from the sender to the receiver (HcclSend / HcclRecv in a ring)', () => {
		const trace = runRanks(
			rankProgram(`${FILL}
    void *in = nullptr;
    aclrtMalloc(&in, ${COUNT} * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    if (rank % 2 == 0) {
        HcclSend(dev, ${COUNT}, HCCL_DATA_TYPE_FP32, (rank + 1) % size, comm, stream);
        HcclRecv(in, ${COUNT}, HCCL_DATA_TYPE_FP32, (rank + size - 1) % size, comm, stream);
    } else {
        HcclRecv(in, ${COUNT}, HCCL_DATA_TYPE_FP32, (rank + size - 1) % size, comm, stream);
        HcclSend(dev, ${COUNT}, HCCL_DATA_TYPE_FP32, (rank + 1) % size, comm, stream);
    }
    aclrtSynchronizeStream(stream);
    dev = in;
${PRINT(COUNT)}`),
			4,
		);
		expect(trace.outcome, stdout(trace).join('\n')).toBe('completed');
		for (let r = 0; r < 4; r++)
			expect(printedValues(trace, r)).toEqual(
				Array.from({ length: COUNT }, (_, i) => input((r + 3) % 4, i)),
			);
	});

	it('rounds a float16 sum at every step as the device adds, and wraps int32', () => {
		const trace = runRanks(
			rankProgram(`
    uint16_t *h = nullptr;
    aclrtMallocHost((void **)&h, 4 * sizeof(uint16_t));
    h[0] = 0x3c00; h[1] = 0x1400; h[2] = 0x7bff; h[3] = 0;
    int *k = nullptr;
    aclrtMallocHost((void **)&k, 2 * sizeof(int));
    k[0] = 2147483647; k[1] = -5;
    void *d16 = nullptr;
    void *d32 = nullptr;
    aclrtMalloc(&d16, 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&d32, 8, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(d16, 8, h, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(d32, 8, k, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    HcclAllReduce(d16, d16, 4, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, comm, stream);
    HcclAllReduce(d32, d32, 2, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream);
    aclrtSynchronizeStream(stream);
    aclrtMemcpy(h, 8, d16, 8, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(k, 8, d32, 8, ACL_MEMCPY_DEVICE_TO_HOST);
    printf("rank %d: %d %d %d %d %d %d\\n", rank, h[0], h[1], h[2], h[3], k[0], k[1]);`),
			3,
		);
		expect(trace.outcome, stdout(trace).join('\n')).toBe('completed');
		const f16 = (bits: number) => {
			const e = (bits >> 10) & 31;
			const m = bits & 1023;
			return e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15);
		};
		const round16 = (x: number) => Math.f16round(x);
		const sum3 = (bits: number) => round16(round16(f16(bits) + f16(bits)) + f16(bits));
		const toBits = (x: number) => {
			const v = new DataView(new ArrayBuffer(2));
			v.setFloat16(0, x, true);
			return v.getUint16(0, true);
		};
		const expected = [
			toBits(sum3(0x3c00)),
			toBits(sum3(0x1400)),
			toBits(sum3(0x7bff)),
			0,
			(2147483647 * 3) | 0,
			-15,
		];
		for (let r = 0; r < 3; r++) expect(printedValues(trace, r)).toEqual(expected);
	});
});

/** Two steps: a warm-up that sets up AllReduce and AllGather links, then `step` on every rank. */
function afterWarmUp(step: string): string {
	return rankProgram(`${FILL}
    HcclAllReduce(dev, dev, ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    HcclAllGather(dev, (char *)dev + 64 * sizeof(float), 8, HCCL_DATA_TYPE_FP32, comm, stream);
    aclrtSynchronizeStream(stream);
    ${step}
    aclError e = aclrtSynchronizeStream(stream);
    printf("rank %d sync %d\\n", rank, e);`);
}

const failedRanks = (trace: ReturnType<typeof runRanks>) =>
	stdout(trace)
		.filter((l) => / sync 507048$/.test(l))
		.map((l) => Number(/^rank (\d+)/.exec(l)![1]));

describe('a rank that diverges leaves the others waiting until HCCL_EXEC_TIMEOUT', () => {
	it('times out every rank when one calls AllGather where the others call AllReduce', () => {
		const trace = runRanks(
			afterWarmUp(`if (rank == 2) HcclAllGather(dev, (char *)dev + 64 * sizeof(float), 8, HCCL_DATA_TYPE_FP32, comm, stream);
    else HcclAllReduce(dev, dev, ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);`),
			4,
		);
		expect(failedRanks(trace)).toEqual([0, 1, 2, 3]);
		const lines = linesMatching(trace, /^EI0002: /).map((l) => l.text);
		expect(lines.filter((t) => t.includes('remote rank: [2]'))).toHaveLength(3);
		expect(lines.filter((t) => t.includes('tag[AllGather_'))).toHaveLength(1);
		expect(trace.hccl!.collectives.find((c) => c.index === 2)!.diverged).toEqual([2]);
	});

	it('times out every rank when one passes another count to a call whose links are up', () => {
		const trace = runRanks(
			afterWarmUp(
				`HcclAllReduce(dev, dev, rank == 1 ? 8 : ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);`,
			),
			4,
		);
		expect(failedRanks(trace)).toEqual([0, 1, 2, 3]);
	});

	it('fails the consistency check at once (EI0005) when the ranks’ first calls differ', () => {
		const trace = runRanks(
			rankProgram(`${FILL}
    HcclResult r = HcclAllReduce(dev, dev, rank == 1 ? 8 : ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    printf("rank %d call %d\\n", rank, r);`),
			2,
		);
		expect(stdout(trace).filter((l) => / call /.test(l))).toEqual([
			'rank 0 call 1',
			'rank 1 call 1',
		]);
		expect(
			linesMatching(trace, /CMD information count check fail\. local\[16\], remote\[8\]/),
		).toHaveLength(1);
		expect(
			linesMatching(trace, /^EI0005: .*parameter \[count\], local \[8\], remote \[16\]/),
		).toHaveLength(1);
	});

	it('waits HCCL_EXEC_TIMEOUT from the environment: 600 s on Atlas A2, rounded down to 544 s on Atlas training', () => {
		const program = allReduceSteps(2, 1, 1);
		for (const [product, seconds] of [
			['atlas-a2', 600],
			['atlas-training', 544],
		] as const) {
			const trace = runRanks(program, 2, { product, env: { HCCL_EXEC_TIMEOUT: '600' } });
			const task = trace.hccl!.collectives.find((c) => c.index === 1)!;
			expect(
				task.issued.map((f) => (f.end - f.start) / 1e6),
				product,
			).toEqual([seconds]);
			expect(
				linesMatching(trace, /\[HCCL_ENV\] HCCL_EXEC_TIMEOUT set by environment to \[600\]s/),
			).toHaveLength(2);
		}
	});

	it('prints the task-exception lines on Atlas A2 only with HCCL_DIAGNOSE_ENABLE=1', () => {
		const program = allReduceSteps(2, 1, 1);
		const quiet = runRanks(program, 2);
		expect(linesMatching(quiet, /\[TaskExecStage\]\[Timeout\]\[Host\]Task run failed/)).toEqual([]);
		const loud = runRanks(program, 2, { env: { HCCL_DIAGNOSE_ENABLE: '1' } });
		const lines = linesMatching(loud, /\[TaskExecStage\]\[Timeout\]\[Host\]Task run failed/).map(
			(l) => l.text,
		);
		expect(lines).toHaveLength(3);
		expect(lines[2]).toMatch(
			/opData information is timeStamp:\[.*\], deviceId\[0\], index\[1\], count\[16\], reduceType\[sum\], src\[0x[0-9a-f]+\], dst\[0x[0-9a-f]+\], dataType\[float32\]\.$/,
		);
	});

	it('waits forever with HCCL_EXEC_TIMEOUT=0 (the run hangs)', () => {
		const trace = runRanks(allReduceSteps(2, 1, 1), 2, { env: { HCCL_EXEC_TIMEOUT: '0' } });
		expect(trace.outcome).toBe('hang');
	});
});

describe('HCCL_ENTRY_LOG_ENABLE', () => {
	it('prints one Entry- line per collective call and rank, and none without it', () => {
		const program = allReduceSteps(3);
		const on = runRanks(program, 2, { env: { HCCL_ENTRY_LOG_ENABLE: '1' } });
		const entries = linesMatching(
			on,
			/Entry-HcclAllReduce: tag\[AllReduce_127\.10\.0\.1%enp_60000_0_\d+\], sendBuf\[0x[0-9a-f]+\], recvBuf\[0x[0-9a-f]+\], count\[16\], dataType\[float32\], op\[sum\], localRank\[\d\], streamId\[\d+\],comm\[0x[0-9a-f]+\], deviceLogicId\[\d\]$/,
		);
		expect(entries).toHaveLength(6);
		const off = runRanks(program, 2);
		expect(linesMatching(off, /Entry-HcclAllReduce/)).toEqual([]);
		// Communicator creation is logged either way.
		expect(
			linesMatching(
				off,
				/Entry-HcclCommInitRootInfoInner:ranks\[2\], rank\[\d\], rootinfo: host ip\[127\.10\.0\.1\] port\[60000\] nicDeploy\[1\] identifier\[/,
			),
		).toHaveLength(2);
	});
});

describe('HCCL_CONNECT_TIMEOUT', () => {
	it('fails every rank 140 s after HcclGetRootInfo with EI0015 when a rank of the communicator never starts', () => {
		const trace = runRanks(rankProgram('', '', '8'), 7);
		expect(stdout(trace)).toEqual(Array.from({ length: 7 }, (_, r) => `rank ${r} init 9`));
		const server = linesMatching(
			trace,
			/topo exchange server get socket timeout! timeout\[120 s\]/,
		);
		expect(server).toHaveLength(1);
		expect(linesMatching(trace, /need connect rankNum is \[8\]/)).toHaveLength(1);
		expect(linesMatching(trace, /fault_info\["Failed to connect agent\[7,\]"\]/)).toHaveLength(7);
		const screens = linesMatching(trace, /^EI0015: /);
		expect(screens).toHaveLength(7);
		const root = trace.log.find((l) => l.text.includes('Entry-HcclGetRootInfo'))!.time;
		for (const s of screens) expect(s.time - root).toBe(140_000_000);
	});

	it('fails the other ranks with EI0006 at the first collective when one reaches it more than 120 s later', () => {
		const trace = runRanks(
			rankProgram(`${FILL}
    if (rank == 0) sleep(200);
    HcclResult r = HcclAllReduce(dev, dev, ${COUNT}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    printf("rank %d call %d\\n", rank, r);`),
			4,
		);
		expect(
			stdout(trace)
				.filter((l) => / call /.test(l))
				.sort(),
		).toEqual(['rank 0 call 9', 'rank 1 call 9', 'rank 2 call 9', 'rank 3 call 9']);
		expect(
			linesMatching(
				trace,
				/\[Wait\]\[LinkEstablish\]wait socket establish timeout, role\[1\] rank\[\d\] timeout\[120 s\]/,
			),
		).toHaveLength(4);
		expect(
			linesMatching(
				trace,
				/detects that srcRank \(server 127\.10\.0\.1, device ID 1\) fails to connect to dstRank \(server 127\.10\.0\.1, device ID 0\)/,
			),
		).toHaveLength(1);
		const screens = linesMatching(
			trace,
			/^EI0006: .*Getting socket times out\. Reason: Remote Rank did not send the data in time/,
		);
		expect(screens).toHaveLength(4);
	});
});

describe('communicator queries and a rank table', () => {
	it('reports rank and size, and forms a communicator from a rank table file', () => {
		const table = JSON.stringify({
			status: 'completed',
			version: '1.0',
			server_count: '1',
			server_list: [
				{
					server_id: 'node_0',
					device: [0, 1].map((d) => ({ device_id: String(d), rank_id: String(d) })),
				},
			],
		});
		const source = `#include <cstdio>
#include <cstdlib>
#include "acl/acl.h"
#include "hccl/hccl.h"
int main() {
    int rank = atoi(getenv("RANK_ID"));
    aclInit(nullptr);
    aclrtSetDevice(rank);
    if (rank == 0) {
        FILE *f = fopen("rank_table.json", "w");
        const char *text = ${JSON.stringify(table)};
        fwrite(text, 1, ${table.length}, f);
        fclose(f);
    }
    HcclComm comm;
    HcclResult r = HcclCommInitClusterInfo("rank_table.json", rank, &comm);
    uint32_t id = 99;
    uint32_t n = 99;
    HcclGetRankId(comm, &id);
    HcclGetRankSize(comm, &n);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    HcclBarrier(comm, stream);
    aclError e = aclrtSynchronizeStream(stream);
    printf("rank %d init %d id %u size %u barrier %d\\n", rank, r, id, n, e);
    HcclCommDestroy(comm);
    return 0;
}
`;
		const trace = runRanks(source, 2);
		expect(stdout(trace)).toEqual([
			'rank 0 init 0 id 0 size 2 barrier 0',
			'rank 1 init 0 id 1 size 2 barrier 0',
		]);
	});
});
