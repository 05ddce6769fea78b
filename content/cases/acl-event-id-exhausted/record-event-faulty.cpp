// Two-stream pipeline: copyStream brings each batch in, computeStream waits for it and works on it.
// FAULTY: every batch creates and records a new event, and no event is ever reset or destroyed,
// so each batch keeps one device event resource until the pool runs dry.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_ID = 0;
constexpr int32_t BATCH_COUNT = 2000;    // more than the 1023 events of Atlas inference series
constexpr size_t BATCH_BYTES = 1024 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(DEVICE_ID);
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
        aclrtMemcpyAsync(devIn, BATCH_BYTES, hostIn, BATCH_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, copyStream);
        aclrtEvent copied = nullptr;
        aclrtCreateEvent(&copied);
        // The event resource is taken here, at record time, not at create time
        ret = aclrtRecordEvent(copied, copyStream);
        if (ret != ACL_SUCCESS) {
            printf("aclrtRecordEvent failed at batch %d, ret = %d\n", batch, ret);
            break;
        }
        aclrtStreamWaitEvent(computeStream, copied);
        // Stands in for the real work on the batch
        aclrtMemcpyAsync(devOut, BATCH_BYTES, devIn, BATCH_BYTES, ACL_MEMCPY_DEVICE_TO_DEVICE, computeStream);
        aclrtSynchronizeStream(computeStream);
        // Missing: aclrtResetEvent or aclrtDestroyEvent, so the resource is never returned
    }

    aclrtFree(devOut);
    aclrtFree(devIn);
    aclrtFreeHost(hostIn);
    aclrtDestroyStream(computeStream);
    aclrtDestroyStream(copyStream);
    aclrtResetDevice(DEVICE_ID);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
