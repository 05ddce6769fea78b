// scale_tiles: y = 2 * x in float on 4 blocks, each block in tiles of 16 floats.
// FIXED: the tile counter is a uint32_t like tileNum, so the loop ends after 256 tiles.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 4;
constexpr int32_t TILE_LENGTH = 16;   // floats per tile = 64 bytes
constexpr int32_t TILES_PER_BLOCK = 256;
constexpr int32_t TOTAL_LENGTH = BLOCK_NUM * TILES_PER_BLOCK * TILE_LENGTH;

class KernelScaleTiles {
public:
    __aicore__ inline KernelScaleTiles() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t tileNum)
    {
        this->tileNum = tileNum;
        uint32_t blockLength = tileNum * TILE_LENGTH;
        xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * blockLength, blockLength);
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * blockLength, blockLength);
        pipe.InitBuffer(inQueue, 2, TILE_LENGTH * sizeof(float));
        pipe.InitBuffer(outQueue, 2, TILE_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        // The counter has the type of tileNum, so it reaches every tile count
        for (uint32_t i = 0; i < tileNum; i++) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t progress)
    {
        LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
        DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
        inQueue.EnQue(xLocal);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<float> xLocal = inQueue.DeQue<float>();
        LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
        Muls(yLocal, xLocal, 2.0f, TILE_LENGTH);
        outQueue.EnQue(yLocal);
        inQueue.FreeTensor(xLocal);
    }
    __aicore__ inline void CopyOut(uint32_t progress)
    {
        LocalTensor<float> yLocal = outQueue.DeQue<float>();
        DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);
        outQueue.FreeTensor(yLocal);
    }

    TPipe pipe;
    TQue<TPosition::VECIN, 2> inQueue;
    TQue<TPosition::VECOUT, 2> outQueue;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    uint32_t tileNum;
};

extern "C" __global__ __aicore__ void scale_tiles(GM_ADDR x, GM_ADDR y, uint32_t tileNum)
{
    KernelScaleTiles op;
    op.Init(x, y, tileNum);
    op.Process();
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    float *host = nullptr;
    aclrtMallocHost((void **)&host, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        host[i] = 1.5f;
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    scale_tiles<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice, TILES_PER_BLOCK);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    if (ret != ACL_SUCCESS) {
        printf("%s\n", aclGetRecentErrMsg());
    } else {
        aclrtMemcpy(host, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        printf("y[0] = %.1f, y[%d] = %.1f (expected 3.0)\n", host[0], TOTAL_LENGTH - 1, host[TOTAL_LENGTH - 1]);
    }

    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(host);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
