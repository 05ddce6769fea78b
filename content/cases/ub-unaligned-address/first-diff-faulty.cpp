// first_diff: y[i] = x[i] - x[i-1] in half, one 2048-element tile per block (Atlas A2).
// The host stores one extra element in front of x, so x[-1] exists for every block.
// FAULTY: the tile is copied into UB one element after the buffer start, to leave a slot for
// its left neighbour. A UB address used by DataCopy or a vector instruction must be 32-byte
// aligned; xLocal[1] is 2 bytes past the start of the buffer.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t TILE_LENGTH = 2048;                  // halfs per block = 4 KB
constexpr int32_t TOTAL_LENGTH = TILE_LENGTH * BLOCK_NUM;
constexpr int32_t ALIGN_ELEMENTS = 32 / sizeof(half);  // 16 halfs per 32-byte block

class KernelFirstDiff {
public:
    __aicore__ inline KernelFirstDiff() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        // xGm[0] is x[-1] of this block, xGm[1..] is its tile
        xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * TILE_LENGTH, TILE_LENGTH + 1);
        yGm.SetGlobalBuffer((__gm__ half *)y + GetBlockIdx() * TILE_LENGTH, TILE_LENGTH);
        pipe.InitBuffer(inQueue, 1, (TILE_LENGTH + ALIGN_ELEMENTS) * sizeof(half));
        pipe.InitBuffer(outQueue, 1, TILE_LENGTH * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<half> xLocal = inQueue.AllocTensor<half>();
        // Bug: element 1 of the buffer is not on a 32-byte boundary
        DataCopy(xLocal[1], xGm[1], TILE_LENGTH);
        xLocal.SetValue(0, xGm.GetValue(0));
        inQueue.EnQue(xLocal);

        xLocal = inQueue.DeQue<half>();
        LocalTensor<half> yLocal = outQueue.AllocTensor<half>();
        Sub(yLocal, xLocal[1], xLocal, TILE_LENGTH);
        outQueue.EnQue(yLocal);
        inQueue.FreeTensor(xLocal);

        yLocal = outQueue.DeQue<half>();
        DataCopy(yGm, yLocal, TILE_LENGTH);
        outQueue.FreeTensor(yLocal);
    }

private:
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    GlobalTensor<half> xGm;
    GlobalTensor<half> yGm;
};

extern "C" __global__ __aicore__ void first_diff(GM_ADDR x, GM_ADDR y)
{
    KernelFirstDiff op;
    op.Init(x, y);
    op.Process();
}

int main()
{
    size_t inBytes = (TOTAL_LENGTH + 1) * sizeof(half);
    size_t outBytes = TOTAL_LENGTH * sizeof(half);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    half *xHost = nullptr;
    aclrtMallocHost((void **)&xHost, inBytes);
    xHost[0] = (half)0.0f;                    // x[-1] of block 0
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i + 1] = (half)(float)(i % 10); // x[i]
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, inBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, outBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, inBytes, xHost, inBytes, ACL_MEMCPY_HOST_TO_DEVICE);

    first_diff<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice);
    aclError ret = aclrtSynchronizeStream(stream);
    if (ret != ACL_SUCCESS) {
        printf("aclrtSynchronizeStream failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    }

    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
