// leaky_relu: y = x > 0 ? x : 0.01 * x in half, 8 blocks, 8 tiles of 1024 elements per block,
// double buffered.
// FIXED: InitBuffer gets the tile length in bytes, TILE_LENGTH * sizeof(half).
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t TILE_NUM = 8;
constexpr int32_t BUFFER_NUM = 2;
constexpr int32_t TILE_LENGTH = 1024;                    // halfs per tile
constexpr int32_t BLOCK_LENGTH = TILE_LENGTH * TILE_NUM;
constexpr int32_t TOTAL_LENGTH = BLOCK_LENGTH * BLOCK_NUM;

class KernelLeakyRelu {
public:
    __aicore__ inline KernelLeakyRelu() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ half *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        // The third argument is a byte count
        pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(outQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        for (int32_t i = 0; i < TILE_NUM; i++) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueueX.EnQue(xLocal);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<half> xLocal = inQueueX.DeQue<half>();
        LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
        LeakyRelu(yLocal, xLocal, (half)0.01f, TILE_LENGTH);
        outQueueY.EnQue(yLocal);
        inQueueX.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<half> yLocal = outQueueY.DeQue<half>();
        DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);
        outQueueY.FreeTensor(yLocal);
    }

    TPipe pipe;
    TQue<TPosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<TPosition::VECOUT, BUFFER_NUM> outQueueY;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
};

extern "C" __global__ __aicore__ void leaky_relu(GM_ADDR x, GM_ADDR y)
{
    KernelLeakyRelu op;
    op.Init(x, y);
    op.Process();
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(half);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    half *xHost = nullptr;
    half *yHost = nullptr;
    aclrtMallocHost((void **)&xHost, bytes);
    aclrtMallocHost((void **)&yHost, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = (half)(float)((i % 8) - 4);   // -4 .. 3
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    leaky_relu<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice);
    aclError ret = aclrtSynchronizeStream(stream);
    aclrtMemcpy(yHost, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);

    int32_t wrong = 0;
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        float x = (float)xHost[i];
        float expected = x > 0.0f ? x : 0.01f * x;
        float diff = (float)yHost[i] - expected;
        if (diff > 0.01f || diff < -0.01f) {
            wrong++;
        }
    }
    printf("sync ret = %d, wrong elements: %d of %d\n", ret, wrong, TOTAL_LENGTH);

    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(yHost);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
