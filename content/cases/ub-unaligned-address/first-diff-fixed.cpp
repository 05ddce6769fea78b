// first_diff: y[i] = x[i] - x[i-1] in half, one 2048-element tile per block (Atlas A2).
// The host stores one extra element in front of x, so x[-1] exists for every block.
// FIXED: the shift by one element is done on the GM side, where element alignment is enough:
// x[i] and x[i-1] are copied into two buffers that both start on a 32-byte boundary.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t TILE_LENGTH = 2048;                  // halfs per block = 4 KB
constexpr int32_t TOTAL_LENGTH = TILE_LENGTH * BLOCK_NUM;

class KernelFirstDiff {
public:
    __aicore__ inline KernelFirstDiff() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y)
    {
        // xGm[0] is x[-1] of this block, xGm[1..] is its tile
        xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * TILE_LENGTH, TILE_LENGTH + 1);
        yGm.SetGlobalBuffer((__gm__ half *)y + GetBlockIdx() * TILE_LENGTH, TILE_LENGTH);
        pipe.InitBuffer(curQueue, 1, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(prevQueue, 1, TILE_LENGTH * sizeof(half));
        pipe.InitBuffer(outQueue, 1, TILE_LENGTH * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<half> curLocal = curQueue.AllocTensor<half>();
        LocalTensor<half> prevLocal = prevQueue.AllocTensor<half>();
        // Both UB destinations start at a buffer start; the GM sources differ by one element
        DataCopy(curLocal, xGm[1], TILE_LENGTH);
        DataCopy(prevLocal, xGm, TILE_LENGTH);
        curQueue.EnQue(curLocal);
        prevQueue.EnQue(prevLocal);

        curLocal = curQueue.DeQue<half>();
        prevLocal = prevQueue.DeQue<half>();
        LocalTensor<half> yLocal = outQueue.AllocTensor<half>();
        Sub(yLocal, curLocal, prevLocal, TILE_LENGTH);
        outQueue.EnQue(yLocal);
        curQueue.FreeTensor(curLocal);
        prevQueue.FreeTensor(prevLocal);

        yLocal = outQueue.DeQue<half>();
        DataCopy(yGm, yLocal, TILE_LENGTH);
        outQueue.FreeTensor(yLocal);
    }

private:
    TPipe pipe;
    TQue<TPosition::VECIN, 1> curQueue;
    TQue<TPosition::VECIN, 1> prevQueue;
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
