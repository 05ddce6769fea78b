// A kernel driven by a tiling struct passed by value from the host, as the operator samples
// pass tiling data (inputs, outputs, workspace, tiling).
#include "kernel_operator.h"
#include "acl/acl.h"

struct AddTiling {
    uint32_t totalLength;
    uint32_t tileNum;
};

extern "C" __global__ __aicore__ void add_tiled(GM_ADDR x, GM_ADDR z, GM_ADDR workspace, AddTiling tiling)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 2> inQueue;
    AscendC::GlobalTensor<half> xGm;
    uint32_t blockLength = tiling.totalLength / AscendC::GetBlockNum();
    uint32_t tileLength = blockLength / tiling.tileNum / 2;
    xGm.SetGlobalBuffer((__gm__ half *)x + blockLength * AscendC::GetBlockIdx(), blockLength);
    pipe.InitBuffer(inQueue, 2, tileLength * sizeof(half));
    for (uint32_t i = 0; i < tiling.tileNum * 2; ++i) {
        AscendC::LocalTensor<half> t = inQueue.AllocTensor<half>();
        AscendC::DataCopy(t, xGm[i * tileLength], tileLength);
        inQueue.EnQue(t);
        AscendC::LocalTensor<half> u = inQueue.DeQue<half>();
        inQueue.FreeTensor(u);
    }
}

int main()
{
    AddTiling tiling{8 * 2048, 8};
    void *x = nullptr;
    void *z = nullptr;
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtMalloc(&x, tiling.totalLength * sizeof(uint16_t), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&z, tiling.totalLength * sizeof(uint16_t), ACL_MEM_MALLOC_HUGE_FIRST);
    printf("tiling: totalLength %u, tileNum %u, sizeof %zu\n", tiling.totalLength, tiling.tileNum, sizeof(AddTiling));
    add_tiled<<<8, nullptr, stream>>>((uint8_t *)x, (uint8_t *)z, nullptr, tiling);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("sync ret = %d\n", ret);
    aclrtFree(x);
    aclrtFree(z);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
