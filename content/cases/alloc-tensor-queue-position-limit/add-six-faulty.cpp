// add_six: z = x1 + x2 + x3 + x4 + x5 + x6 in fp16, launched on one core.
// The six inputs are stored back to back in x.
// FAULTY: one VECIN queue per input, so six buffers are in use on VECIN at the same time.
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
        // Six inputs, six queues, one block each: six buffers on VECIN
        pipe.InitBuffer(que0, 1, len);
        pipe.InitBuffer(que1, 1, len);
        pipe.InitBuffer(que2, 1, len);
        pipe.InitBuffer(que3, 1, len);
        pipe.InitBuffer(que4, 1, len);
        pipe.InitBuffer(que5, 1, len);
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
        AscendC::LocalTensor<half> local1 = que0.AllocTensor<half>();
        AscendC::LocalTensor<half> local2 = que1.AllocTensor<half>();
        AscendC::LocalTensor<half> local3 = que2.AllocTensor<half>();
        AscendC::LocalTensor<half> local4 = que3.AllocTensor<half>();
        // The fifth buffer on VECIN: over the limit of 4 on Atlas training series
        AscendC::LocalTensor<half> local5 = que4.AllocTensor<half>();
        AscendC::LocalTensor<half> local6 = que5.AllocTensor<half>();
        DataCopy(local1, xGm[0 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local2, xGm[1 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local3, xGm[2 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local4, xGm[3 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local5, xGm[4 * TOTAL_LENGTH + base], TILE_LENGTH);
        DataCopy(local6, xGm[5 * TOTAL_LENGTH + base], TILE_LENGTH);
        que0.EnQue(local1);
        que1.EnQue(local2);
        que2.EnQue(local3);
        que3.EnQue(local4);
        que4.EnQue(local5);
        que5.EnQue(local6);
    }
    __aicore__ inline void Compute()
    {
        LocalTensor<half> local1 = que0.DeQue<half>();
        LocalTensor<half> local2 = que1.DeQue<half>();
        LocalTensor<half> local3 = que2.DeQue<half>();
        LocalTensor<half> local4 = que3.DeQue<half>();
        LocalTensor<half> local5 = que4.DeQue<half>();
        LocalTensor<half> local6 = que5.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
        Add(zLocal, local1, local2, TILE_LENGTH);
        Add(zLocal, zLocal, local3, TILE_LENGTH);
        Add(zLocal, zLocal, local4, TILE_LENGTH);
        Add(zLocal, zLocal, local5, TILE_LENGTH);
        Add(zLocal, zLocal, local6, TILE_LENGTH);
        outQueueZ.EnQue(zLocal);
        que0.FreeTensor(local1);
        que1.FreeTensor(local2);
        que2.FreeTensor(local3);
        que3.FreeTensor(local4);
        que4.FreeTensor(local5);
        que5.FreeTensor(local6);
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
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que2;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que3;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que4;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> que5;
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
