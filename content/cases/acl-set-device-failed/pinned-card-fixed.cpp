// A worker process started by a launcher that pins it to physical card 1 of a two-card server:
//   ASCEND_RT_VISIBLE_DEVICES=1 ./worker
// FIXED: device ids passed to AscendCL are logical ids inside the visible set, counted from 0.
// The worker checks how many devices it can see and opens logical device 0 (physical card 1).
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t LOGICAL_DEVICE = 0;   // the first (and only) visible card

int main()
{
    aclInit(nullptr);
    uint32_t visible = 0;
    aclrtGetDeviceCount(&visible);
    if (visible == 0 || LOGICAL_DEVICE >= static_cast<int32_t>(visible)) {
        printf("no usable device: %u visible\n", visible);
        aclFinalize();
        return 1;
    }
    aclError ret = aclrtSetDevice(LOGICAL_DEVICE);
    if (ret != ACL_SUCCESS) {
        printf("aclrtSetDevice(%d) failed, ret = %d\n", LOGICAL_DEVICE, ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclFinalize();
        return 1;
    }
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *buffer = nullptr;
    aclrtMalloc(&buffer, 64 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("worker ready on logical device %d of %u\n", LOGICAL_DEVICE, visible);

    aclrtFree(buffer);
    aclrtDestroyStream(stream);
    aclrtResetDevice(LOGICAL_DEVICE);
    aclFinalize();
    return 0;
}
