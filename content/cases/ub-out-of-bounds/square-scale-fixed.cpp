// square_scale: y = (x * x) * scale in float on 8 blocks (Atlas A2, UB 192 KB per vector core).
// Each block squares its own slice tile by tile through a scratch buffer in UB.
// FIXED: every block uses its scratch buffer from its start: UB is private to the core, so the
// same UB offsets are correct on every block.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t TILE_LENGTH = 8192;                    // floats per tile = 32 KB
constexpr int32_t TILE_NUM = 4;
constexpr int32_t BLOCK_LENGTH = TILE_LENGTH * TILE_NUM; // floats per block
constexpr int32_t TOTAL_LENGTH = BLOCK_LENGTH * BLOCK_NUM;

class KernelSquareScale {
public:
    __aicore__ inline KernelSquareScale() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, float scale)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        // 32 KB in, 32 KB out, 32 KB scratch: 96 KB of the 192 KB UB
        pipe.InitBuffer(inQueue, 1, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(outQueue, 1, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(scratch, TILE_LENGTH * sizeof(float));
        factor = scale;
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
        LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueue.EnQue(xLocal);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<float> xLocal = inQueue.DeQue<float>();
        LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
        // UB is private to this core: use the scratch buffer from its first element
        LocalTensor<float> squared = scratch.Get<float>();
        Mul(squared, xLocal, xLocal, TILE_LENGTH);
        Muls(yLocal, squared, factor, TILE_LENGTH);
        outQueue.EnQue(yLocal);
        inQueue.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<float> yLocal = outQueue.DeQue<float>();
        DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);
        outQueue.FreeTensor(yLocal);
    }

    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    TBuf<TPosition::VECCALC> scratch;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    float factor;
};

extern "C" __global__ __aicore__ void square_scale(GM_ADDR x, GM_ADDR y, float scale)
{
    KernelSquareScale op;
    op.Init(x, y, scale);
    op.Process();
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    float *xHost = nullptr;
    float *yHost = nullptr;
    aclrtMallocHost((void **)&xHost, bytes);
    aclrtMallocHost((void **)&yHost, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = (float)(i % 7);
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    square_scale<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice, 0.5f);
    aclError ret = aclrtSynchronizeStream(stream);
    if (ret != ACL_SUCCESS) {
        printf("aclrtSynchronizeStream failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    } else {
        aclrtMemcpy(yHost, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        printf("y[0..3] = %.1f %.1f %.1f %.1f\n", yHost[0], yHost[1], yHost[2], yHost[3]);
    }

    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(yHost);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
