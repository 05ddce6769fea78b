// Two-stream pipeline: copyStream brings each batch in, computeStream waits for it and works on it.
// FIXED: one event, created with ACL_EVENT_SYNC, is recorded, waited on and reset every batch,
// then destroyed at the end, so the pipeline holds a single event resource.
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

    // Current CANN resets only events that carry ACL_EVENT_SYNC
    aclrtEvent copied = nullptr;
    aclrtCreateEventWithFlag(&copied, ACL_EVENT_SYNC);
    aclError ret = ACL_SUCCESS;
    for (int32_t batch = 0; batch < BATCH_COUNT; ++batch) {
        aclrtMemcpyAsync(devIn, BATCH_BYTES, hostIn, BATCH_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, copyStream);
        ret = aclrtRecordEvent(copied, copyStream);
        if (ret != ACL_SUCCESS) {
            printf("aclrtRecordEvent failed at batch %d, ret = %d\n", batch, ret);
            break;
        }
        aclrtStreamWaitEvent(computeStream, copied);
        // Reset on the waiting stream, after the wait, so the event can be recorded again
        aclrtResetEvent(copied, computeStream);
        // Stands in for the real work on the batch
        aclrtMemcpyAsync(devOut, BATCH_BYTES, devIn, BATCH_BYTES, ACL_MEMCPY_DEVICE_TO_DEVICE, computeStream);
        aclrtSynchronizeStream(computeStream);
    }
    aclrtDestroyEvent(copied);

    aclrtFree(devOut);
    aclrtFree(devIn);
    aclrtFreeHost(hostIn);
    aclrtDestroyStream(computeStream);
    aclrtDestroyStream(copyStream);
    aclrtResetDevice(DEVICE_ID);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
