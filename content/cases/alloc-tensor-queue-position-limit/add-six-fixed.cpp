// add_six: z = x1 + x2 + x3 + x4 + x5 + x6 in fp16, launched on one core.
// The six inputs are stored back to back in x.
// FIXED: the six inputs share two VECIN buffers of three tiles each, used by offset.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t INPUT_NUM = 6;
constexpr int32_t TOTAL_LENGTH = 2048;                   // elements per input
constexpr int32_t TILE_NUM = 8;
constexpr int32_t TILE_LENGTH = TOTAL_LENGTH / TILE_NUM; // 256 halfs = 512 bytes

class KernelAddSix {
public:
    __aicore__ inline KernelAddSix() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x, INPUT_NUM * TOTAL_LENGTH);
        zGm.SetGlobalBuffer((__gm__ half *)z, TOTAL_LENGTH);
        uint32_t len = TILE_LENGTH * sizeof(half);
        // Two buffers on VECIN, each holding three input tiles
        pipe.InitBuffer(que0, 1, len * 3);
        pipe.InitBuffer(que1, 1, len * 3);
        pipe.InitBuffer(outQueueZ, 1, len);
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
        int32_t base = progress * TILE_LENGTH;
        // Offsets count elements; InitBuffer lengths count bytes
        int32_t offset1 = TILE_LENGTH;
        int32_t offset2 = TILE_LENGTH * 2;
        AscendC::LocalTensor<half> local1 = que0.AllocTensor<half>();
        AscendC::LocalTensor<half> local2 = local1[offset1];
        AscendC::LocalTensor<half> local3 = local1[offset2];
        AscendC::LocalTensor<half> local4 = que1.AllocTensor<half>();
        AscendC::LocalTensor<half> local5 = local4[offset1];
        AscendC::LocalTensor<half> local6 = local4[offset2];
        DataCopy(local1, xGm[0 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local2, xGm[1 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local3, xGm[2 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local4, xGm[3 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local5, xGm[4 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local6, xGm[5 * TOTAL_LENGTH + base], TILE_LENGTH);
        // One EnQue per buffer covers all three tiles in it
        que0.EnQue(local1);
        que1.EnQue(local4);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<half> local1 = que0.DeQue<half>();
        LocalTensor<half> local4 = que1.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
        Add(zLocal, local1, local1[TILE_LENGTH], TILE_LENGTH);
        Add(zLocal, zLocal, local1[TILE_LENGTH * 2], TILE_LENGTH);
        Add(zLocal, zLocal, local4, TILE_LENGTH);
        Add(zLocal, zLocal, local4[TILE_LENGTH], TILE_LENGTH);
        Add(zLocal, zLocal, local4[TILE_LENGTH * 2], TILE_LENGTH);
        outQueueZ.EnQue(zLocal);
        que0.FreeTensor(local1);
        que1.FreeTensor(local4);
    }
    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<half> zLocal = outQueueZ.DeQue<half>();
        DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
        outQueueZ.FreeTensor(zLocal);
    }

    TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que0;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que1;
    TQue<TPosition::VECOUT, 1> outQueueZ;
    GlobalTensor<half> xGm;
    GlobalTensor<half> zGm;
};

extern "C" __global__ __aicore__ void add_six_custom(GM_ADDR x, GM_ADDR z)
{
    KernelAddSix op;
    op.Init(x, z);
    op.Process();
}
