// z = 2 * x on 2 blocks of 1024 floats, two tiles of 512 per block, through TBuf scratch. The
// kernel orders its pipes across iterations: the end of each tile sets MTE3_V (the copy-out of
// zLocal is done) and V_MTE2 (Muls is done with xLocal), and the next tile waits for both before
// it reuses the buffers. The last tile's two flags are waited for after the loop (the lines
// marked DRAIN); without them they stay set when the kernel ends.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCKS = 2;
constexpr int32_t TILE = 512;
constexpr int32_t TILES = 2;
constexpr int32_t BLOCK_LENGTH = TILE * TILES;
constexpr int32_t LENGTH = BLOCK_LENGTH * BLOCKS;

extern "C" __global__ __aicore__ void scale_loop(GM_ADDR x, GM_ADDR z)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf;
    TBuf<TPosition::VECCALC> zBuf;
    GlobalTensor<float> xGm;
    GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ float *)z + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    pipe.InitBuffer(xBuf, TILE * sizeof(float));
    pipe.InitBuffer(zBuf, TILE * sizeof(float));
    LocalTensor<float> xLocal = xBuf.Get<float>();
    LocalTensor<float> zLocal = zBuf.Get<float>();
    for (int32_t i = 0; i < TILES; i++) {
        if (i > 0) {
            WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        }
        DataCopy(xLocal, xGm[i * TILE], TILE);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        if (i > 0) {
            WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
        }
        Muls(zLocal, xLocal, 2.0f, TILE);
        SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(zGm[i * TILE], zLocal, TILE);
        SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    }
    WaitFlag<HardEvent::V_MTE2>(EVENT_ID0); // DRAIN
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0); // DRAIN
}

int main()
{
    size_t bytes = LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    void *z = nullptr;
    aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&z, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(x, bytes, 0, bytes); // the inputs are written before the launch
    scale_loop<<<BLOCKS, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)z);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    aclrtFree(z);
    aclrtFree(x);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
