// Start-up of an 8-card inference service on one Atlas A2 server: a job of 8 processes, one
// card each (RANK_ID 0-7). Rank 0 reads the model configuration and broadcasts it to the others.
// FAULTY: rank 0 parses the checkpoint index (about 200 s) after the communicator is formed and
// before its first HcclBroadcast. The first call of a collective sets up the links between the
// ranks; the other ranks wait for rank 0 for HCCL_CONNECT_TIMEOUT (120 s), give up and fail with
// EI0006 "Getting socket times out"; rank 0 arrives when they are gone and fails the same way.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include "acl/acl.h"
#include "hccl/hccl.h"

constexpr uint64_t CONFIG_WORDS = 4096;
static const char *ROOT_INFO_FILE = "/tmp/hccl_root_info.bin";

static void ParseCheckpointIndex(float *config)
{
    sleep(200);   // stands in for reading and converting a large checkpoint index
    for (uint64_t i = 0; i < CONFIG_WORDS; i++) {
        config[i] = 1.0f;
    }
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
    float *hostConfig = nullptr;
    aclrtMallocHost((void **)&hostConfig, CONFIG_WORDS * sizeof(float));

    HcclRootInfo rootInfo;
    ShareRootInfo(rank, &rootInfo);
    HcclComm comm = nullptr;
    HcclCommInitRootInfo(ranks, &rootInfo, rank, &comm);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *config = nullptr;
    aclrtMalloc(&config, CONFIG_WORDS * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);

    if (rank == 0) {
        ParseCheckpointIndex(hostConfig);
        aclrtMemcpy(config, CONFIG_WORDS * sizeof(float), hostConfig, CONFIG_WORDS * sizeof(float),
                    ACL_MEMCPY_HOST_TO_DEVICE);
    }
    HcclResult hret = HcclBroadcast(config, CONFIG_WORDS, HCCL_DATA_TYPE_FP32, 0, comm, stream);
    aclError ret = (hret == HCCL_SUCCESS) ? aclrtSynchronizeStream(stream) : ACL_SUCCESS;
    int result = (hret == HCCL_SUCCESS && ret == ACL_SUCCESS) ? 0 : 1;
    if (result != 0) {
        printf("rank %u: config broadcast failed, hccl ret = %d, acl ret = %d\n", rank, hret, ret);
    } else {
        printf("rank %u: config received\n", rank);
    }

    aclrtFree(config);
    aclrtDestroyStream(stream);
    HcclCommDestroy(comm);
    aclrtFreeHost(hostConfig);
    aclrtResetDevice(device);
    aclFinalize();
    return result;
}
