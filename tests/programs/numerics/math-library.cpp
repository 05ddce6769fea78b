// The math library on 64 floats of x: Sigmoid (framework temporary space), Log with calCount,
// Gelu with a temporary buffer, Power tensor-scalar (x^2) and Round; each result to its own
// 64-float row of y.
#include "kernel_operator.h"

constexpr int32_t N = 64;

extern "C" __global__ __aicore__ void math_rows(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    AscendC::TBuf<AscendC::TPosition::VECCALC> tmpBuf;
    pipe.InitBuffer(buf, 6 * N * sizeof(float));
    pipe.InitBuffer(tmpBuf, 1024);
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, 5 * N);
    AscendC::LocalTensor<float> src = buf.Get<float>(N);
    AscendC::LocalTensor<float> out = buf.Get<float>()[N];
    AscendC::LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    AscendC::DataCopy(src, xGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Sigmoid<float, false>(out, src);
    AscendC::Log(out[N], src, N);
    AscendC::Gelu(out[2 * N], src, tmp, N);
    AscendC::Power(out[3 * N], src, 2.0f, N);
    AscendC::Round(out[4 * N], src, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, out, 5 * N);
}
