// Two streams handing work over with one reusable event per batch: record on the copy stream,
// wait on the compute stream, then reset the event so its resource is free again.
#include "acl/acl.h"
#include <cstdio>

constexpr int32_t BATCHES = 50;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream copyStream = nullptr;
    aclrtStream computeStream = nullptr;
    aclrtCreateStream(&copyStream);
    aclrtCreateStream(&computeStream);
    aclrtEvent ready = nullptr;
    aclError ret = aclrtCreateEventWithFlag(&ready, ACL_EVENT_SYNC);
    void *dev = nullptr;
    aclrtMalloc(&dev, 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    for (int32_t b = 0; b < BATCHES && ret == ACL_SUCCESS; ++b) {
        ret = aclrtRecordEvent(ready, copyStream);
        if (ret == ACL_SUCCESS) ret = aclrtStreamWaitEvent(computeStream, ready);
        if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(computeStream);
        if (ret == ACL_SUCCESS) ret = aclrtResetEvent(ready, computeStream);
    }
    printf("batches done, ret = %d\n", ret);
    aclrtFree(dev);
    aclrtDestroyEvent(ready);
    aclrtDestroyStream(copyStream);
    aclrtDestroyStream(computeStream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
