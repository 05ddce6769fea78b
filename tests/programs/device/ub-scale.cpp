// Scales x into y on 4 blocks through a VECCALC scratch tensor. OFFSET is where in the scratch
// the product lands (0: correct) and COPY_AT where in the input tensor the copy-in starts
// (0: correct). The test substitutes both to reach the device's UB checks.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCKS = 4;
constexpr int32_t TILE = 4096; // floats: 16 KB per buffer
constexpr int32_t OFFSET = 0;
constexpr int32_t COPY_AT = 0;

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    TBuf<TPosition::VECCALC> scratch;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * TILE, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * TILE, TILE);
    pipe.InitBuffer(inQueue, 1, (TILE + 64) * sizeof(float));
    pipe.InitBuffer(outQueue, 1, TILE * sizeof(float));
    pipe.InitBuffer(scratch, TILE * sizeof(float));

    LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    DataCopy(xLocal[COPY_AT], xGm, TILE);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    LocalTensor<float> tmp = scratch.Get<float>()[OFFSET];
    Muls(tmp, xLocal, 2.0f, TILE);
    LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
    Adds(yLocal, tmp, 1.0f, TILE);
    outQueue.EnQue(yLocal);
    inQueue.FreeTensor(xLocal);
    yLocal = outQueue.DeQue<float>();
    DataCopy(yGm, yLocal, TILE);
    outQueue.FreeTensor(yLocal);
}

int main()
{
    size_t bytes = BLOCKS * TILE * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    void *y = nullptr;
    aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(x, bytes, 0, bytes); // the inputs are written before the launch
    scale<<<BLOCKS, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    aclrtFree(y);
    aclrtFree(x);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
