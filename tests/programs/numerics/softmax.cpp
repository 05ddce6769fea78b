// SoftMax over 4 rows of 16 floats (SoftMaxShapeInfo {4, 16, 4, 16}), with the row sums and
// maxima in their own 32-byte blocks: y gets the result, s the sums, m the maxima.
#include "kernel_operator.h"

constexpr uint32_t M = 4;
constexpr uint32_t K = 16;

extern "C" __global__ __aicore__ void softmax_rows(GM_ADDR x, GM_ADDR y, GM_ADDR s, GM_ADDR m)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, (2 * M * K + 2 * M * 8) * sizeof(float));
    AscendC::GlobalTensor<float> xGm, yGm, sGm, mGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, M * K);
    yGm.SetGlobalBuffer((__gm__ float *)y, M * K);
    sGm.SetGlobalBuffer((__gm__ float *)s, M * 8);
    mGm.SetGlobalBuffer((__gm__ float *)m, M * 8);
    AscendC::LocalTensor<float> all = buf.Get<float>();
    AscendC::LocalTensor<float> src = all;
    AscendC::LocalTensor<float> dst = all[M * K];
    AscendC::LocalTensor<float> sum = all[2 * M * K];
    AscendC::LocalTensor<float> max = all[2 * M * K + M * 8];
    AscendC::DataCopy(src, xGm, M * K);
    AscendC::PipeBarrier<PIPE_ALL>();
    SoftMaxTiling tiling;
    AscendC::SoftMaxShapeInfo shape = {M, K, M, K};
    AscendC::SoftMax<float>(dst, sum, max, src, tiling, shape);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, dst, M * K);
    AscendC::DataCopy(sGm, sum, M * 8);
    AscendC::DataCopy(mGm, max, M * 8);
}
