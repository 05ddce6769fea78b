// Every block adds its own 64 floats of x (block b reads x[64·b …]) into the same 64 floats of
// z with SetAtomicAdd<float>; with RESET defined, InitSocState turns the accumulation off again
// before the copy, so each block overwrites z.
#include "kernel_operator.h"

constexpr int32_t N = 64;

extern "C" __global__ __aicore__ void atomic_sum(GM_ADDR x, GM_ADDR z)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    AscendC::GlobalTensor<float> xGm, zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + N * AscendC::GetBlockIdx(), N);
    zGm.SetGlobalBuffer((__gm__ float *)z, N);
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::DataCopy(t, xGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::SetAtomicAdd<float>();
#ifdef RESET
    AscendC::InitSocState();
#endif
    AscendC::DataCopy(zGm, t, N);
    AscendC::SetAtomicNone();
}
