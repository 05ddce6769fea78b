// Two ranks whose first AllReduce disagrees on the element count (rank 1 sends 8 floats, rank 0
// sends 16): the link setup's consistency check fails with EI0005 on both, and HcclAllReduce
// returns HCCL_E_PARA (1). Run with two ranks.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"

int main()
{
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
    HcclCommInitRootInfo(size, &rootInfo, rank, &comm);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    void *buf = nullptr;
    aclrtMalloc(&buf, 16 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    uint64_t count = rank == 1 ? 8 : 16;
    HcclResult r = HcclAllReduce(buf, buf, count, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
    printf("rank %d HcclAllReduce(count %llu) ret = %d\n", rank, (unsigned long long)count, r);
    aclrtFree(buf);
    aclrtDestroyStream(stream);
    HcclCommDestroy(comm);
    aclrtResetDevice(atoi(getenv("DEVICE_ID")));
    aclFinalize();
    return 0;
}
