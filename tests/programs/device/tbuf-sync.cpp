// z = x + y on 2 blocks of 1024 floats, two tiles of 512 per block, through TBuf scratch: with
// no TQue to insert the pipe syncs, the kernel orders MTE2 (copy in), V (Add) and MTE3 (copy
// out) itself. Every sync is here; the tests delete one line at a time (SYNC and COPY markers).
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCKS = 2;
constexpr int32_t TILE = 512;
constexpr int32_t TILES = 2;
constexpr int32_t BLOCK_LENGTH = TILE * TILES;
constexpr int32_t LENGTH = BLOCK_LENGTH * BLOCKS;

extern "C" __global__ __aicore__ void add_tbuf(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf;
    TBuf<TPosition::VECCALC> yBuf;
    TBuf<TPosition::VECCALC> zBuf;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ float *)z + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    pipe.InitBuffer(xBuf, TILE * sizeof(float));
    pipe.InitBuffer(yBuf, TILE * sizeof(float));
    pipe.InitBuffer(zBuf, TILE * sizeof(float));
    LocalTensor<float> xLocal = xBuf.Get<float>();
    LocalTensor<float> yLocal = yBuf.Get<float>();
    LocalTensor<float> zLocal = zBuf.Get<float>();
    for (int32_t i = 0; i < TILES; i++) {
        if (i > 0) {
            SetFlag<HardEvent::V_MTE2>(EVENT_ID0); // SYNC V_MTE2
            WaitFlag<HardEvent::V_MTE2>(EVENT_ID0); // SYNC V_MTE2
        }
        DataCopy(xLocal, xGm[i * TILE], TILE);
        DataCopy(yLocal, yGm[i * TILE], TILE); // COPY y
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0); // SYNC MTE2_V
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0); // SYNC MTE2_V
        if (i > 0) {
            SetFlag<HardEvent::MTE3_V>(EVENT_ID0); // SYNC MTE3_V
            WaitFlag<HardEvent::MTE3_V>(EVENT_ID0); // SYNC MTE3_V
        }
        Add(zLocal, xLocal, yLocal, TILE);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0); // SYNC V_MTE3
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0); // SYNC V_MTE3
        DataCopy(zGm[i * TILE], zLocal, TILE);
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
    add_tbuf<<<BLOCKS, nullptr, stream>>>((GM_ADDR)x, (GM_ADDR)y, (GM_ADDR)z);
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
