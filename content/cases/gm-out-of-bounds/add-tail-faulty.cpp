// add_tail: z = x + y in float on 8 blocks, for a length that is not a multiple of the block size
// (16328 elements: the last block has 1992 instead of 2048). Another output buffer, w, is
// allocated right after z.
// FAULTY: every block processes a full block length, so block 7 reads 56 floats past the end of
// x and y and writes 56 floats (224 bytes) past the end of z. GM has no bounds check: on a device
// the write lands in z's padding and in w, and the run completes with w corrupted.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t TILE_LENGTH = 256;      // floats per tile = 1 KB
constexpr int32_t TOTAL_LENGTH = 16328;   // 8 * 2048 - 56

class KernelAddTail {
public:
    __aicore__ inline KernelAddTail() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength)
    {
        // Blocks get the length rounded up to whole tiles
        uint32_t perBlock = (totalLength + BLOCK_NUM - 1) / BLOCK_NUM;
        blockLength = (perBlock + TILE_LENGTH - 1) / TILE_LENGTH * TILE_LENGTH;
        // Bug: the last block's share is smaller, but it still gets blockLength elements
        uint32_t start = GetBlockIdx() * blockLength;
        xGm.SetGlobalBuffer((__gm__ float *)x + start, blockLength);
        yGm.SetGlobalBuffer((__gm__ float *)y + start, blockLength);
        zGm.SetGlobalBuffer((__gm__ float *)z + start, blockLength);
        pipe.InitBuffer(inQueueX, 2, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(inQueueY, 2, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(outQueueZ, 2, TILE_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        uint32_t tileNum = blockLength / TILE_LENGTH;
        for (uint32_t i = 0; i < tileNum; i++) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t progress)
    {
        LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
        LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<float> xLocal = inQueueX.DeQue<float>();
        LocalTensor<float> yLocal = inQueueY.DeQue<float>();
        LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
        Add(zLocal, xLocal, yLocal, TILE_LENGTH);
        outQueueZ.EnQue(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }
    __aicore__ inline void CopyOut(uint32_t progress)
    {
        LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
        outQueueZ.FreeTensor(zLocal);
    }

    TPipe pipe;
    TQue<TPosition::VECIN, 2> inQueueX;
    TQue<TPosition::VECIN, 2> inQueueY;
    TQue<TPosition::VECOUT, 2> outQueueZ;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> zGm;
    uint32_t blockLength;
};

extern "C" __global__ __aicore__ void add_tail(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength)
{
    KernelAddTail op;
    op.Init(x, y, z, totalLength);
    op.Process();
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    size_t wBytes = 1024 * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    float *host = nullptr;
    aclrtMallocHost((void **)&host, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        host[i] = 1.0f;
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    void *zDevice = nullptr;
    void *wDevice = nullptr;  // the next kernel's output, allocated right after z
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&wDevice, wBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(yDevice, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemset(wDevice, wBytes, 0, wBytes);

    add_tail<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice, (GM_ADDR)zDevice, TOTAL_LENGTH);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);

    float *w = nullptr;
    aclrtMallocHost((void **)&w, wBytes);
    aclrtMemcpy(w, wBytes, wDevice, wBytes, ACL_MEMCPY_DEVICE_TO_HOST);
    printf("w[0..3] = %.1f %.1f %.1f %.1f (expected 0.0)\n", w[0], w[1], w[2], w[3]);

    aclrtFreeHost(w);
    aclrtFree(wDevice);
    aclrtFree(zDevice);
    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(host);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
