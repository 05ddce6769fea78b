// Frame service: each frame gets its own stream, a pinned host buffer and two device buffers.
// FAULTY: ProcessFrame allocates and creates but never frees or destroys, so every frame
// leaves 64 MB of device memory and one stream behind until aclrtMalloc fails.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_ID = 0;
constexpr int32_t FRAME_COUNT = 2000;
constexpr size_t FRAME_BYTES = 32 * 1024 * 1024;    // 32 MB in, 32 MB out per frame

aclError ProcessFrame()
{
    aclrtStream stream = nullptr;
    void *hostFrame = nullptr;
    void *devIn = nullptr;
    void *devOut = nullptr;
    aclError ret = aclrtCreateStream(&stream);
    if (ret == ACL_SUCCESS) ret = aclrtMallocHost(&hostFrame, FRAME_BYTES);
    if (ret == ACL_SUCCESS) ret = aclrtMalloc(&devIn, FRAME_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret == ACL_SUCCESS) ret = aclrtMalloc(&devOut, FRAME_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret == ACL_SUCCESS) {
        aclrtMemcpyAsync(devIn, FRAME_BYTES, hostFrame, FRAME_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, stream);
        // Stands in for the model: devIn -> devOut
        aclrtMemcpyAsync(devOut, FRAME_BYTES, devIn, FRAME_BYTES, ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
        aclrtMemcpyAsync(hostFrame, FRAME_BYTES, devOut, FRAME_BYTES, ACL_MEMCPY_DEVICE_TO_HOST, stream);
        ret = aclrtSynchronizeStream(stream);
    }
    // Missing: aclrtFree, aclrtFreeHost and aclrtDestroyStream for what was taken above
    return ret;
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(DEVICE_ID);
    aclError ret = ACL_SUCCESS;
    for (int32_t frame = 0; frame < FRAME_COUNT; ++frame) {
        ret = ProcessFrame();
        if (ret != ACL_SUCCESS) {
            printf("frame %d failed, ret = %d\n", frame, ret);
            break;
        }
        if (frame % 100 == 0) {
            size_t freeBytes = 0;
            size_t totalBytes = 0;
            aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes);
            printf("frame %d: %d MB of device memory free\n", frame, (int)(freeBytes / (1024 * 1024)));
        }
    }
    aclrtResetDevice(DEVICE_ID);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
