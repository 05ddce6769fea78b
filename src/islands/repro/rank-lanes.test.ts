import { describe, expect, it } from 'vitest';
import { rankProgram, runRanks } from '../../sim/host/hccl/hccl-programs.test-util.ts';
import { rankLayout } from './rank-lanes.ts';

/** Three AllReduces, except that rank `skipper` skips the second (a data-dependent branch). */
function skipping(skipper: number): string {
	return rankProgram(`
    void *buf;
    aclrtMalloc(&buf, 1024 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    for (int step = 0; step < 3; step++) {
        if (rank == ${skipper} && step == 1) continue;
        HcclAllReduce(buf, buf, 1024, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
        if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) break;
    }
    aclrtFree(buf);`);
}

describe('the ranks view', () => {
	it('gives every rank of an 8-rank job its own lane, in rank order', () => {
		const layout = rankLayout(runRanks(skipping(-1), 8).hccl!);
		expect(layout.lanes.map((l) => l.rank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
		expect(layout.lanes.every((l) => l.blocks.length === 3)).toBe(true);
		expect(layout.problems).toEqual([]);
		expect(layout.lanes.some((l) => l.astray)).toBe(false);
	});

	it('marks the rank that skipped an AllReduce as missing in the collective the others waited in', () => {
		const trace = runRanks(skipping(5), 8, { env: { HCCL_EXEC_TIMEOUT: '300' } });
		const layout = rankLayout(trace.hccl!);
		expect(layout.lanes.filter((l) => l.astray).map((l) => l.rank)).toEqual([5]);
		const problem = layout.problems.at(-1)!;
		expect(problem.missing).toEqual([5]);
		expect(problem.waiting).toEqual([0, 1, 2, 3, 4, 6, 7]);
		// The others waited the HCCL_EXEC_TIMEOUT that was set, in virtual time.
		expect(problem.waitedUs).toBe(300 * 1_000_000);
		const missing = layout.lanes[5]!.blocks.filter((b) => b.state === 'missing');
		expect(missing.map((b) => b.index)).toEqual([problem.index]);
		const waited = layout.lanes[0]!.blocks.find((b) => b.index === problem.index)!;
		expect(waited.state).toBe('timed-out');
		expect(waited.remote).toBe(5);
		expect(missing[0]!.end).toBeGreaterThanOrEqual(waited.end);
	});

	it('marks a rank that passed a different count to a later AllReduce as diverged', () => {
		const trace = runRanks(
			rankProgram(`
    void *buf;
    aclrtMalloc(&buf, 4096 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    HcclAllReduce(buf, buf, 1024, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    aclrtSynchronizeStream(stream);
    uint64_t count = rank == 2 ? 2048 : 1024;
    HcclAllReduce(buf, buf, count, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    aclrtSynchronizeStream(stream);
    aclrtFree(buf);`),
			4,
			{ env: { HCCL_EXEC_TIMEOUT: '120' } },
		);
		const layout = rankLayout(trace.hccl!);
		expect(layout.lanes.filter((l) => l.astray).map((l) => l.rank)).toEqual([2]);
		expect(layout.problems[0]!.diverged).toEqual([2]);
		expect(layout.lanes[2]!.blocks.map((b) => b.state)).toEqual(['done', 'diverged']);
	});
});
