/**
 * C++ programs for the HCCL tests: every rank reads RANK_ID and RANK_SIZE, rank 0 makes the root
 * info and hands it over in a file, every rank forms the communicator; the test supplies what
 * happens next.
 */
import { run } from '../../../lang/index.ts';
import type { ProductId } from '../../product-id.ts';
import type { Trace } from '../../trace.ts';

/** A whole program around `body` (which sees rank, size, comm, stream). */
export function rankProgram(body: string, head = '', initRanks = 'size'): string {
	return `#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"
${head}
int main() {
    int rank = atoi(getenv("RANK_ID"));
    int size = atoi(getenv("RANK_SIZE"));
    aclInit(nullptr);
    aclrtSetDevice(atoi(getenv("DEVICE_ID")));
    HcclRootInfo rootInfo;
    if (rank == 0) {
        HcclGetRootInfo(&rootInfo);
        FILE *f = fopen("/tmp/root_info", "wb");
        fwrite(&rootInfo, sizeof(HcclRootInfo), 1, f);
        fclose(f);
    } else {
        while (access("/tmp/root_info", F_OK) != 0) usleep(1000);
        FILE *f = fopen("/tmp/root_info", "rb");
        fread(&rootInfo, sizeof(HcclRootInfo), 1, f);
        fclose(f);
    }
    HcclComm comm;
    HcclResult init = HcclCommInitRootInfo(${initRanks}, &rootInfo, rank, &comm);
    if (init != HCCL_SUCCESS) {
        printf("rank %d init %d\\n", rank, init);
        return 1;
    }
    aclrtStream stream;
    aclrtCreateStream(&stream);
${body}
    aclrtDestroyStream(stream);
    HcclCommDestroy(comm);
    aclrtResetDevice(atoi(getenv("DEVICE_ID")));
    aclFinalize();
    return 0;
}
`;
}

/** Runs `source` as `ranks` ranks. */
export function runRanks(
	source: string,
	ranks: number,
	options: { product?: ProductId; env?: Record<string, string> } = {},
): Trace {
	return run({
		source,
		fileName: 'ranks.cpp',
		product: options.product ?? 'atlas-a2',
		mode: 'npu',
		ranks,
		...(options.env ? { env: options.env } : {}),
	});
}

/** The program's printed lines, in time order. */
export function stdout(trace: Trace): string[] {
	return trace.log
		.filter((l) => l.channel === 'stdout')
		.flatMap((l) => l.text.split('\n'))
		.filter((l) => l.length > 0);
}

/** The numbers a rank printed after `rank R:` (the program prints `rank R: v0 v1 …`). */
export function printedValues(trace: Trace, rank: number): number[] {
	const line = stdout(trace).find((l) => l.startsWith(`rank ${rank}:`));
	if (!line) return [];
	return line
		.slice(line.indexOf(':') + 1)
		.trim()
		.split(/\s+/)
		.filter((x) => x.length > 0)
		.map(Number);
}

/** Log lines whose text matches `re`. */
export function linesMatching(trace: Trace, re: RegExp): Trace['log'] {
	return trace.log.filter((l) => re.test(l.text));
}
