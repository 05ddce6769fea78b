// z = x + y over 64 floats on one block, through one TBuf split in three.
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void add(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * 64 * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    zGm.SetGlobalBuffer((__gm__ float *)z, 64);
    AscendC::LocalTensor<float> a = buf.Get<float>();
    AscendC::DataCopy(a, xGm, 64);
    AscendC::DataCopy(a[64], yGm, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Add(a[128], a, a[64], 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, a[128], 64);
}
