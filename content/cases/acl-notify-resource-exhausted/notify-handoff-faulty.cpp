// Two-stream pipeline on the Atlas inference series (1024 Notify objects per device): the copy
// stream brings a batch in, then signals the compute stream through a Notify.
// FAULTY: a new Notify is created for every batch and never destroyed; aclrtCreateNotify
// fails once the device's Notify pool is empty.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t BATCH_COUNT = 1500;
constexpr size_t BATCH_BYTES = 256 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream copyStream = nullptr;
    aclrtStream computeStream = nullptr;
    aclrtCreateStream(&copyStream);
    aclrtCreateStream(&computeStream);
    void *hostIn = nullptr;
    void *devIn = nullptr;
    void *devOut = nullptr;
    aclrtMallocHost(&hostIn, BATCH_BYTES);
    aclrtMalloc(&devIn, BATCH_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devOut, BATCH_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);

    aclError ret = ACL_SUCCESS;
    for (int32_t batch = 0; batch < BATCH_COUNT; ++batch) {
        aclrtNotify ready = nullptr;
        ret = aclrtCreateNotify(&ready, ACL_NOTIFY_DEFAULT);
        if (ret != ACL_SUCCESS) {
            printf("aclrtCreateNotify failed at batch %d, ret = %d\n", batch, ret);
            printf("%s\n", aclGetRecentErrMsg());
            break;
        }
        aclrtMemcpyAsync(devIn, BATCH_BYTES, hostIn, BATCH_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, copyStream);
        aclrtRecordNotify(ready, copyStream);
        aclrtWaitAndResetNotify(ready, computeStream, 0);
        // Stands in for the real work on the batch
        aclrtMemcpyAsync(devOut, BATCH_BYTES, devIn, BATCH_BYTES, ACL_MEMCPY_DEVICE_TO_DEVICE, computeStream);
        aclrtSynchronizeStream(computeStream);
        // Missing: aclrtDestroyNotify(ready)
    }

    aclrtFree(devOut);
    aclrtFree(devIn);
    aclrtFreeHost(hostIn);
    aclrtDestroyStream(computeStream);
    aclrtDestroyStream(copyStream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
