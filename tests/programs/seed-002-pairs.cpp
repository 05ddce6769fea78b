// Seed 002's advice as a program: every resource taken is given back in pairs —
// aclrtMalloc/aclrtFree, aclrtMallocHost/aclrtFreeHost, aclrtCreateStream/aclrtDestroyStream —
// and an event used across streams is reset after aclrtRecordEvent + aclrtStreamWaitEvent.
#include "acl/acl.h"
#include <cstdio>

constexpr int32_t ROUNDS = 30;
constexpr size_t BYTES = 256 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream producer = nullptr;
    aclrtStream consumer = nullptr;
    aclrtCreateStream(&producer);
    aclrtCreateStream(&consumer);
    aclrtEvent done = nullptr;
    aclrtCreateEventWithFlag(&done, ACL_EVENT_SYNC);
    aclError ret = ACL_SUCCESS;
    for (int32_t r = 0; r < ROUNDS && ret == ACL_SUCCESS; ++r) {
        void *host = nullptr;
        void *dev = nullptr;
        ret = aclrtMallocHost(&host, BYTES);
        if (ret == ACL_SUCCESS) ret = aclrtMalloc(&dev, BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
        if (ret == ACL_SUCCESS) ret = aclrtMemcpyAsync(dev, BYTES, host, BYTES, ACL_MEMCPY_HOST_TO_DEVICE, producer);
        if (ret == ACL_SUCCESS) ret = aclrtRecordEvent(done, producer);
        if (ret == ACL_SUCCESS) ret = aclrtStreamWaitEvent(consumer, done);
        if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(consumer);
        if (ret == ACL_SUCCESS) ret = aclrtResetEvent(done, consumer);
        if (dev != nullptr) aclrtFree(dev);
        if (host != nullptr) aclrtFreeHost(host);
    }
    printf("%d rounds, ret = %d\n", ROUNDS, ret);
    aclrtDestroyEvent(done);
    aclrtDestroyStream(consumer);
    aclrtDestroyStream(producer);
    aclrtResetDevice(0);
    aclFinalize();
    return ret;
}
