// Float saturation: x + y in half (z), f cast to half (h), and f + f in float (g). With -D SAT
// the kernel turns float saturation on (SetSaturationFlag, A2/A3 only).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void saturation(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR f,
                                                 GM_ADDR h, GM_ADDR g)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 16 * 2 * 4 + 16 * 4 * 2 + 16 * 2);
    AscendC::GlobalTensor<half> xGm, yGm, zGm, hGm;
    AscendC::GlobalTensor<float> fGm, gGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, 16);
    yGm.SetGlobalBuffer((__gm__ half *)y, 16);
    zGm.SetGlobalBuffer((__gm__ half *)z, 16);
    fGm.SetGlobalBuffer((__gm__ float *)f, 16);
    hGm.SetGlobalBuffer((__gm__ half *)h, 16);
    gGm.SetGlobalBuffer((__gm__ float *)g, 16);
    AscendC::LocalTensor<half> a = buf.Get<half>();
    AscendC::LocalTensor<half> b = a[16];
    AscendC::LocalTensor<half> sum = a[32];
    AscendC::LocalTensor<half> cast = a[48];
    AscendC::LocalTensor<float> wide = a[64].ReinterpretCast<float>();
    AscendC::LocalTensor<float> twice = wide[16];
#ifdef SAT
    AscendC::SetSaturationFlag<AscendC::SaturationMode::FLOAT>(true);
#endif
    AscendC::DataCopy(a, xGm, 16);
    AscendC::DataCopy(b, yGm, 16);
    AscendC::DataCopy(wide, fGm, 16);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Add(sum, a, b, 16);
    AscendC::Cast(cast, wide, AscendC::RoundMode::CAST_RINT, 16);
    AscendC::Add(twice, wide, wide, 16);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, sum, 16);
    AscendC::DataCopy(hGm, cast, 16);
    AscendC::DataCopy(gGm, twice, 16);
}
