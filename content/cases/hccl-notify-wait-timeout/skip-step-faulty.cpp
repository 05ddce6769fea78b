// Data-parallel training on one Atlas A2 server: a job of 8 processes, one card each (RANK_ID
// 0-7, DEVICE_ID = RANK_ID), averaging their gradients with HcclAllReduce after every step.
// FAULTY: a rank whose gradients overflowed skips the step, including the AllReduce. Rank 3
// overflows at step 5, so it issues one AllReduce fewer than the others. From then on its
// AllReduces pair with the others' previous step, and the others' last AllReduce waits for rank
// 3's notify until HCCL_EXEC_TIMEOUT (1836 s by default): EI0002, remote rank 3.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"

constexpr int32_t STEPS = 10;
constexpr uint64_t GRAD_COUNT = 1 << 20;
static const char *ROOT_INFO_FILE = "/tmp/hccl_root_info.bin";

static bool GradientsOverflowed(uint32_t rank, int32_t step)
{
    return rank == 3 && step == 5;   // stands in for the fp16 overflow check of this rank
}

// Rank 0 creates the root info; the other ranks read it from a file rank 0 writes.
static void ShareRootInfo(uint32_t rank, HcclRootInfo *rootInfo)
{
    if (rank == 0) {
        HcclGetRootInfo(rootInfo);
        FILE *f = fopen(ROOT_INFO_FILE, "wb");
        fwrite(rootInfo, sizeof(HcclRootInfo), 1, f);
        fclose(f);
        return;
    }
    while (access(ROOT_INFO_FILE, F_OK) != 0) {
        usleep(100000);
    }
    FILE *f = fopen(ROOT_INFO_FILE, "rb");
    fread(rootInfo, sizeof(HcclRootInfo), 1, f);
    fclose(f);
}

int main()
{
    uint32_t rank = atoi(getenv("RANK_ID"));
    uint32_t ranks = atoi(getenv("RANK_SIZE"));
    int32_t device = atoi(getenv("DEVICE_ID"));
    aclInit(nullptr);
    aclrtSetDevice(device);

    HcclRootInfo rootInfo;
    ShareRootInfo(rank, &rootInfo);
    HcclComm comm = nullptr;
    HcclCommInitRootInfo(ranks, &rootInfo, rank, &comm);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *grads = nullptr;
    aclrtMalloc(&grads, GRAD_COUNT * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);

    int result = 0;
    for (int32_t step = 0; step < STEPS; step++) {
        // ... forward and backward for this rank's batch fill grads ...
        if (GradientsOverflowed(rank, step)) {
            printf("rank %u: overflow at step %d, skipping it\n", rank, step);
            continue;                          // skips the AllReduce below as well
        }
        HcclAllReduce(grads, grads, GRAD_COUNT, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
        aclError ret = aclrtSynchronizeStream(stream);
        if (ret != ACL_SUCCESS) {
            printf("rank %u: step %d failed, ret = %d\n", rank, step, ret);
            result = 1;
            break;
        }
    }
    printf("rank %u: %s\n", rank, result == 0 ? "finished" : "stopped");

    HcclCommDestroy(comm);
    aclrtFree(grads);
    aclrtDestroyStream(stream);
    aclrtResetDevice(device);
    aclFinalize();
    return result;
}
