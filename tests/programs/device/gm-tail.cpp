// Adds x and y into z on 4 blocks of 1024 floats each, 256 per tile. The buffers hold LENGTH
// floats; with LENGTH = 4096 every copy stays inside them. The test shortens LENGTH so that the
// last block's last tile runs past the end of x, y and z (msSanitizer memcheck's case).
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCKS = 4;
constexpr int32_t TILE = 256;
constexpr int32_t BLOCK_LENGTH = 1024;
constexpr int32_t LENGTH = 4096;

extern "C" __global__ __aicore__ void add_tail(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inX;
    TQue<TPosition::VECIN, 1> inY;
    TQue<TPosition::VECOUT, 1> outZ;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    zGm.SetGlobalBuffer((__gm__ float *)z);
    pipe.InitBuffer(inX, 1, TILE * sizeof(float));
    pipe.InitBuffer(inY, 1, TILE * sizeof(float));
    pipe.InitBuffer(outZ, 1, TILE * sizeof(float));
    int32_t start = GetBlockIdx() * BLOCK_LENGTH;
    for (int32_t i = 0; i < BLOCK_LENGTH / TILE; i++) {
        LocalTensor<float> xLocal = inX.AllocTensor<float>();
        LocalTensor<float> yLocal = inY.AllocTensor<float>();
        DataCopy(xLocal, xGm[start + i * TILE], TILE);
        DataCopy(yLocal, yGm[start + i * TILE], TILE);
        inX.EnQue(xLocal);
        inY.EnQue(yLocal);
        xLocal = inX.DeQue<float>();
        yLocal = inY.DeQue<float>();
        LocalTensor<float> zLocal = outZ.AllocTensor<float>();
        Add(zLocal, xLocal, yLocal, TILE);
        outZ.EnQue(zLocal);
        inX.FreeTensor(xLocal);
        inY.FreeTensor(yLocal);
        zLocal = outZ.DeQue<float>();
        DataCopy(zGm[start + i * TILE], zLocal, TILE);
        outZ.FreeTensor(zLocal);
    }
}

int main()
{
    size_t bytes = LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    void *y = nullptr;
    void *z = nullptr;
    aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&z, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(x, bytes, 0, bytes); // the inputs are written before the launch
    aclrtMemset(y, bytes, 0, bytes); // the inputs are written before the launch
    add_tail<<<BLOCKS, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)z);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    aclrtFree(z);
    aclrtFree(y);
    aclrtFree(x);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
