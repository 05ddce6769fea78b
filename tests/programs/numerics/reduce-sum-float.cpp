// ReduceSum over LENGTH floats in its count form: one block copies x into UB, reduces it into
// one float with a work buffer, and copies the 32-byte block holding the sum out to z.
#include "kernel_operator.h"

constexpr int32_t LENGTH = 2560;

extern "C" __global__ __aicore__ void reduce_sum(GM_ADDR x, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::TBuf<AscendC::TPosition::VECCALC> workBuf;
    AscendC::GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, LENGTH);
    zGm.SetGlobalBuffer((__gm__ float *)z, 8);
    pipe.InitBuffer(inQueue, 1, LENGTH * sizeof(float));
    pipe.InitBuffer(outQueue, 1, 8 * sizeof(float));
    pipe.InitBuffer(workBuf, LENGTH / 64 * sizeof(float));

    AscendC::LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    AscendC::DataCopy(xLocal, xGm, LENGTH);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    AscendC::LocalTensor<float> zLocal = outQueue.AllocTensor<float>();
    AscendC::LocalTensor<float> work = workBuf.Get<float>();
    AscendC::Duplicate(zLocal, 0.0f, 8);
    AscendC::ReduceSum<float>(zLocal, xLocal, work, LENGTH);
    outQueue.EnQue(zLocal);
    inQueue.FreeTensor(xLocal);
    zLocal = outQueue.DeQue<float>();
    AscendC::DataCopy(zGm, zLocal, 8);
    outQueue.FreeTensor(zLocal);
}
