// One rank per visible card, forming one communicator. The server has 8 cards, but card 7 is
// reserved for another job, so the launcher starts 7 processes (RANK_ID 0-6, RANK_SIZE=7).
// FAULTY: the world size is the constant 8 from the deployment template. Only 7 ranks start, so
// the root waits for an eighth rank that never connects: HCCL_CONNECT_TIMEOUT (120 s) after
// HcclGetRootInfo the root gives up, and 20 s later every rank's HcclCommInitRootInfo fails
// with EI0015, the root listing the ranks that did connect.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"

constexpr uint32_t WORLD_SIZE = 8;   // "an 8-card server"
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
    int32_t device = atoi(getenv("DEVICE_ID"));
    aclInit(nullptr);
    aclrtSetDevice(device);

    HcclRootInfo rootInfo;
    ShareRootInfo(rank, &rootInfo);
    HcclComm comm = nullptr;
    HcclResult hret = HcclCommInitRootInfo(WORLD_SIZE, &rootInfo, rank, &comm);
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
