// Splits one batch across two cards of an Atlas A2 server: each card gets half the rows and
// works on them with its own stream.
// FIXED: the setup loop remembers each device's context, and every piece of work on a device
// first makes that device's context current with aclrtSetCurrentContext.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_COUNT = 2;
constexpr size_t ROWS = 4096;
constexpr size_t ROW_BYTES = 512 * sizeof(float);
constexpr size_t HALF_BYTES = ROWS / DEVICE_COUNT * ROW_BYTES;

int main()
{
    aclInit(nullptr);
    aclrtContext contexts[DEVICE_COUNT] = {};
    aclrtStream streams[DEVICE_COUNT] = {};
    void *deviceRows[DEVICE_COUNT] = {};
    for (int32_t d = 0; d < DEVICE_COUNT; d++) {
        aclrtSetDevice(d);
        aclrtGetCurrentContext(&contexts[d]);
        aclrtCreateStream(&streams[d]);
        aclrtMalloc(&deviceRows[d], HALF_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    }

    char *hostRows = nullptr;
    aclrtMallocHost((void **)&hostRows, ROWS * ROW_BYTES);
    aclError ret = ACL_SUCCESS;
    for (int32_t d = 0; d < DEVICE_COUNT && ret == ACL_SUCCESS; d++) {
        aclrtSetCurrentContext(contexts[d]);   // the stream belongs to this context
        ret = aclrtMemcpyAsync(deviceRows[d], HALF_BYTES, hostRows + d * HALF_BYTES, HALF_BYTES,
                               ACL_MEMCPY_HOST_TO_DEVICE, streams[d]);
        if (ret != ACL_SUCCESS) {
            printf("copy to device %d failed, ret = %d\n", d, ret);
            printf("%s\n", aclGetRecentErrMsg());
        }
    }
    for (int32_t d = 0; d < DEVICE_COUNT && ret == ACL_SUCCESS; d++) {
        aclrtSetCurrentContext(contexts[d]);
        aclrtSynchronizeStream(streams[d]);
    }
    printf("%s\n", ret == ACL_SUCCESS ? "both halves copied" : "batch aborted");

    aclrtFreeHost(hostRows);
    for (int32_t d = DEVICE_COUNT - 1; d >= 0; d--) {
        aclrtSetCurrentContext(contexts[d]);
        aclrtFree(deviceRows[d]);
        aclrtDestroyStream(streams[d]);
        aclrtResetDevice(d);
    }
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
