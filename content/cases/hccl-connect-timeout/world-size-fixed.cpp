// One rank per visible card, forming one communicator. The server has 8 cards, but card 7 is
// reserved for another job, so the launcher starts 7 processes (RANK_ID 0-6, RANK_SIZE=7).
// FIXED: the world size is the number of ranks actually started, which the launcher passes in
// RANK_SIZE; the communicator forms as soon as the seventh rank joins.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"

static const char *ROOT_INFO_FILE = "/tmp/hccl_root_info.bin";

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
    uint32_t worldSize = atoi(getenv("RANK_SIZE"));   // every started rank, and only those
    int32_t device = atoi(getenv("DEVICE_ID"));
    aclInit(nullptr);
    aclrtSetDevice(device);

    HcclRootInfo rootInfo;
    ShareRootInfo(rank, &rootInfo);
    HcclComm comm = nullptr;
    HcclResult hret = HcclCommInitRootInfo(worldSize, &rootInfo, rank, &comm);
    if (hret != HCCL_SUCCESS) {
        printf("rank %u: HcclCommInitRootInfo failed, ret = %d\n", rank, hret);
    } else {
        printf("rank %u: joined\n", rank);
        HcclCommDestroy(comm);
    }
    aclrtResetDevice(device);
    aclFinalize();
    return hret == HCCL_SUCCESS ? 0 : 1;
}
