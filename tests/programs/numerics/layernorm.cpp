// LayerNorm in both forms on float rows. [B, S, H] = [2, 2, 16] with originalHLength 12 (the
// last 4 columns are padding): y, the means in m, the variances in v. [A, R] = 3 rows of 10
// elements in a pitch of 16: q, the means in a, the rstd values in r; -D NO_BETA=true and
// -D NO_GAMMA=true set the LayerNormConfig of that call.
#include "kernel_operator.h"

#ifndef NO_BETA
#define NO_BETA false
#endif
#ifndef NO_GAMMA
#define NO_GAMMA false
#endif

extern "C" __global__ __aicore__ void layernorm(GM_ADDR x, GM_ADDR gm, GM_ADDR bt, GM_ADDR y,
                                                GM_ADDR m, GM_ADDR v, GM_ADDR q, GM_ADDR a,
                                                GM_ADDR r)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024 * sizeof(float));
    AscendC::GlobalTensor<float> xGm, gGm, bGm, yGm, mGm, vGm, qGm, aGm, rGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, 64);
    gGm.SetGlobalBuffer((__gm__ float *)gm, 16);
    bGm.SetGlobalBuffer((__gm__ float *)bt, 16);
    yGm.SetGlobalBuffer((__gm__ float *)y, 64);
    mGm.SetGlobalBuffer((__gm__ float *)m, 8);
    vGm.SetGlobalBuffer((__gm__ float *)v, 8);
    qGm.SetGlobalBuffer((__gm__ float *)q, 48);
    aGm.SetGlobalBuffer((__gm__ float *)a, 8);
    rGm.SetGlobalBuffer((__gm__ float *)r, 8);
    AscendC::LocalTensor<float> all = buf.Get<float>();
    AscendC::LocalTensor<float> src = all;
    AscendC::LocalTensor<float> gamma = all[64];
    AscendC::LocalTensor<float> beta = all[80];
    AscendC::LocalTensor<float> out = all[96];
    AscendC::LocalTensor<float> mean = all[160];
    AscendC::LocalTensor<float> var = all[168];
    AscendC::LocalTensor<float> out2 = all[176];
    AscendC::LocalTensor<float> mean2 = all[224];
    AscendC::LocalTensor<float> rstd = all[232];
    AscendC::DataCopy(src, xGm, 64);
    AscendC::DataCopy(gamma, gGm, 16);
    AscendC::DataCopy(beta, bGm, 16);
    AscendC::PipeBarrier<PIPE_ALL>();
    LayerNormTiling tiling;
    tiling.bLength = 2;
    tiling.sLength = 2;
    tiling.hLength = 16;
    tiling.originalHLength = 12;
    AscendC::LayerNorm<float, false>(out, mean, var, src, gamma, beta, (float)0.001, tiling);
    AscendC::LayerNormPara para = {3, 10, 16};
    LayerNormSeparateTiling separate;
    static constexpr AscendC::LayerNormConfig config = {NO_BETA, NO_GAMMA, false, true};
    AscendC::LayerNorm<float, float, false, config>(out2, mean2, rstd, src, gamma, beta, 0.01f,
                                                    para, separate);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, out, 64);
    AscendC::DataCopy(mGm, mean, 8);
    AscendC::DataCopy(vGm, var, 8);
    AscendC::DataCopy(qGm, out2, 48);
    AscendC::DataCopy(aGm, mean2, 8);
    AscendC::DataCopy(rGm, rstd, 8);
}
