// Splits one batch across two cards of an Atlas A2 server: each card gets half the rows and
// works on them with its own stream.
// FAULTY: the setup loop leaves device 1 current. The copy loop then issues device 0's copy on
// device 0's stream while device 1's context is still current, and aclrtMemcpyAsync returns
// 107003 (ACL_ERROR_RT_STREAM_CONTEXT).
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_COUNT = 2;
constexpr size_t ROWS = 4096;
constexpr size_t ROW_BYTES = 512 * sizeof(float);
constexpr size_t HALF_BYTES = ROWS / DEVICE_COUNT * ROW_BYTES;

int main()
{
    aclInit(nullptr);
    aclrtStream streams[DEVICE_COUNT] = {};
    void *deviceRows[DEVICE_COUNT] = {};
    for (int32_t d = 0; d < DEVICE_COUNT; d++) {
        aclrtSetDevice(d);
        aclrtCreateStream(&streams[d]);
        aclrtMalloc(&deviceRows[d], HALF_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    // Device 1 is now the current device of this thread

    char *hostRows = nullptr;
    aclrtMallocHost((void **)&hostRows, ROWS * ROW_BYTES);
    aclError ret = ACL_SUCCESS;
    for (int32_t d = 0; d < DEVICE_COUNT && ret == ACL_SUCCESS; d++) {
        // Missing: make device d current before using its stream
        ret = aclrtMemcpyAsync(deviceRows[d], HALF_BYTES, hostRows + d * HALF_BYTES, HALF_BYTES,
                               ACL_MEMCPY_HOST_TO_DEVICE, streams[d]);
        if (ret != ACL_SUCCESS) {
            printf("copy to device %d failed, ret = %d\n", d, ret);
            printf("%s\n", aclGetRecentErrMsg());
        }
    }
    for (int32_t d = 0; d < DEVICE_COUNT && ret == ACL_SUCCESS; d++) {
        aclrtSynchronizeStream(streams[d]);
    }
    printf("%s\n", ret == ACL_SUCCESS ? "both halves copied" : "batch aborted");

    aclrtFreeHost(hostRows);
    for (int32_t d = DEVICE_COUNT - 1; d >= 0; d--) {
        aclrtSetDevice(d);   // a second reference: aclrtResetDeviceForce drops both
        aclrtFree(deviceRows[d]);
        aclrtDestroyStream(streams[d]);
        aclrtResetDeviceForce(d);
    }
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
