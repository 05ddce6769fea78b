// add_tail: z = x + y in float on 8 blocks, for a length that is not a multiple of the block size
// (16328 elements: the last block has 1992 instead of 2048). Another output buffer, w, is
// allocated right after z.
// FIXED: the last block processes only what is left (1992 floats), with a shorter last tile.
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
        // Blocks get the length rounded up to whole tiles; the last block gets what is left
        uint32_t perBlock = (totalLength + BLOCK_NUM - 1) / BLOCK_NUM;
        uint32_t fullLength = (perBlock + TILE_LENGTH - 1) / TILE_LENGTH * TILE_LENGTH;
        uint32_t start = GetBlockIdx() * fullLength;
        blockLength = (start + fullLength <= totalLength) ? fullLength : totalLength - start;
        tileNum = (blockLength + TILE_LENGTH - 1) / TILE_LENGTH;
        lastTileLength = blockLength - (tileNum - 1) * TILE_LENGTH;
        xGm.SetGlobalBuffer((__gm__ float *)x + start, blockLength);
        yGm.SetGlobalBuffer((__gm__ float *)y + start, blockLength);
        zGm.SetGlobalBuffer((__gm__ float *)z + start, blockLength);
        pipe.InitBuffer(inQueueX, 2, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(inQueueY, 2, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(outQueueZ, 2, TILE_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < tileNum; i++) {
            uint32_t length = (i == tileNum - 1) ? lastTileLength : TILE_LENGTH;
            CopyIn(i, length);
            Compute(length);
            CopyOut(i, length);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t progress, uint32_t length)
    {
        LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
        LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
        // length * sizeof(float) stays a multiple of 32 bytes (1992 = 7 * 256 + 200)
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], length);
        DataCopy(yLocal, yGm[progress * TILE_LENGTH], length);
        inQueueX.EnQue(xLocal);
        inQueueY.EnQue(yLocal);
    }
    __aicore__ inline void Compute(uint32_t length)
    {
        LocalTensor<float> xLocal = inQueueX.DeQue<float>();
        LocalTensor<float> yLocal = inQueueY.DeQue<float>();
        LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
        Add(zLocal, xLocal, yLocal, length);
        outQueueZ.EnQue(zLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }
    __aicore__ inline void CopyOut(uint32_t progress, uint32_t length)
    {
        LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, length);
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
    uint32_t tileNum;
    uint32_t lastTileLength;
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
