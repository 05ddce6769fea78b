// An inference service that gives every request its own stream (Atlas 200I/500 A2: 512 streams
// per device, the default streams included).
// FIXED: each request destroys its stream once its work is done.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t REQUEST_COUNT = 600;
constexpr size_t REQUEST_BYTES = 64 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *hostBuf = nullptr;
    void *devBuf = nullptr;
    aclrtMallocHost(&hostBuf, REQUEST_BYTES);
    aclrtMalloc(&devBuf, REQUEST_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);

    aclError ret = ACL_SUCCESS;
    for (int32_t request = 0; request < REQUEST_COUNT; ++request) {
        aclrtStream stream = nullptr;
        ret = aclrtCreateStream(&stream);
        if (ret != ACL_SUCCESS) {
            printf("aclrtCreateStream failed at request %d, ret = %d\n", request, ret);
            break;
        }
        aclrtMemcpyAsync(devBuf, REQUEST_BYTES, hostBuf, REQUEST_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, stream);
        aclrtSynchronizeStream(stream);
        aclrtDestroyStream(stream);
    }

    aclrtFree(devBuf);
    aclrtFreeHost(hostBuf);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
