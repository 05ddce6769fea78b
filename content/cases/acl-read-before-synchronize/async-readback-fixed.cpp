// Adds two vectors on the device and reads the result back with an asynchronous copy
// (Atlas A2, 8 blocks of 2048 floats).
// FIXED: the host waits for the stream with aclrtSynchronizeStream before it reads the result.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 2048;
constexpr int32_t TOTAL_LENGTH = BLOCK_NUM * BLOCK_LENGTH;

extern "C" __global__ __aicore__ void vec_add(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf;
    TBuf<TPosition::VECCALC> yBuf;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ float *)z + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    pipe.InitBuffer(xBuf, BLOCK_LENGTH * sizeof(float));
    pipe.InitBuffer(yBuf, BLOCK_LENGTH * sizeof(float));
    LocalTensor<float> xLocal = xBuf.Get<float>();
    LocalTensor<float> yLocal = yBuf.Get<float>();
    DataCopy(xLocal, xGm, BLOCK_LENGTH);
    DataCopy(yLocal, yGm, BLOCK_LENGTH);
    PipeBarrier<PIPE_ALL>();
    Add(xLocal, xLocal, yLocal, BLOCK_LENGTH);
    PipeBarrier<PIPE_ALL>();
    DataCopy(zGm, xLocal, BLOCK_LENGTH);
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    float *xHost = nullptr;
    float *zHost = nullptr;
    aclrtMallocHost((void **)&xHost, bytes);
    aclrtMallocHost((void **)&zHost, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = 1.5f;
        zHost[i] = 0.0f;
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    void *zDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpyAsync(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    aclrtMemcpyAsync(yDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);

    vec_add<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice, (GM_ADDR)zDevice);
    aclrtMemcpyAsync(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST, stream);
    // Wait until the kernel and the copy have run before touching zHost
    aclError ret = aclrtSynchronizeStream(stream);
    printf("z[0] = %.1f, z[%d] = %.1f (expected 3.0)\n", zHost[0], TOTAL_LENGTH - 1, zHost[TOTAL_LENGTH - 1]);

    aclrtFree(zDevice);
    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(zHost);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
