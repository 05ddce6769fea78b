// BlockReduceSum over two repeats of 64 floats: every 32-byte DataBlock (8 floats) of the source
// becomes one float, so 128 inputs give 16 sums, the second repeat's 8 right after the first's.
#include "kernel_operator.h"

constexpr int32_t LENGTH = 128;
constexpr int32_t SUMS = LENGTH / 8;

extern "C" __global__ __aicore__ void block_reduce(GM_ADDR x, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LENGTH);
    zGm.SetGlobalBuffer((__gm__ float *)z, SUMS);
    pipe.InitBuffer(inQueue, 1, LENGTH * sizeof(float));
    pipe.InitBuffer(outQueue, 1, SUMS * sizeof(float));

    AscendC::LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    AscendC::DataCopy(xLocal, xGm, LENGTH);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    AscendC::LocalTensor<float> zLocal = outQueue.AllocTensor<float>();
    // repeatTime 2, mask 64 (every lane), dstRepStride 1, srcBlkStride 1, srcRepStride 8.
    AscendC::BlockReduceSum<float>(zLocal, xLocal, 2, 64, 1, 1, 8);
    outQueue.EnQue(zLocal);
    inQueue.FreeTensor(xLocal);
    zLocal = outQueue.DeQue<float>();
    AscendC::DataCopy(zGm, zLocal, SUMS);
    outQueue.FreeTensor(zLocal);
}
