// An int8 x int8 -> int32 matrix multiply on the cube, M = N = 32, K = 64. A comes from GM as
// M x K rows, B as its transpose (N x K rows); both go to L1 as NZ by strided DataCopy (one
// 32-byte column block at a time), then to L0A as ZZ and to L0B as ZN by LoadData; Mmad writes
// C to L0C and Fixpipe moves it to GM as M x N int32 rows.
#include "kernel_operator.h"

constexpr uint16_t M = 32;
constexpr uint16_t N = 32;
constexpr uint16_t K = 64;
constexpr uint16_t K0 = 32;

__aicore__ inline void CopyToNz(const AscendC::LocalTensor<int8_t> &dst,
    const AscendC::GlobalTensor<int8_t> &src, uint16_t rows, uint16_t cols)
{
    for (int32_t c = 0; c < cols / K0; ++c) {
        AscendC::DataCopyParams p;
        p.blockCount = rows;
        p.blockLen = 1;
        p.srcStride = cols / K0 - 1;
        p.dstStride = 0;
        AscendC::DataCopy(dst[c * K0 * rows], src[c * K0], p);
    }
}

extern "C" __global__ __aicore__ void mmad_int8(GM_ADDR a, GM_ADDR bt, GM_ADDR c)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::A1, 1> qA1;
    AscendC::TQue<AscendC::TPosition::B1, 1> qB1;
    AscendC::TQue<AscendC::TPosition::A2, 1> qA2;
    AscendC::TQue<AscendC::TPosition::B2, 1> qB2;
    AscendC::TQue<AscendC::TPosition::CO1, 1> qC1;
    AscendC::GlobalTensor<int8_t> aGm, bGm;
    AscendC::GlobalTensor<int32_t> cGm;
    aGm.SetGlobalBuffer((__gm__ int8_t *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ int8_t *)bt, N * K);
    cGm.SetGlobalBuffer((__gm__ int32_t *)c, M * N);
    pipe.InitBuffer(qA1, 1, M * K);
    pipe.InitBuffer(qB1, 1, N * K);
    pipe.InitBuffer(qA2, 1, M * K);
    pipe.InitBuffer(qB2, 1, N * K);
    pipe.InitBuffer(qC1, 1, M * N * sizeof(int32_t));

    AscendC::LocalTensor<int8_t> a1 = qA1.AllocTensor<int8_t>();
    AscendC::LocalTensor<int8_t> b1 = qB1.AllocTensor<int8_t>();
    CopyToNz(a1, aGm, M, K);
    CopyToNz(b1, bGm, N, K);
    qA1.EnQue(a1);
    qB1.EnQue(b1);

    a1 = qA1.DeQue<int8_t>();
    b1 = qB1.DeQue<int8_t>();
    AscendC::LocalTensor<int8_t> a2 = qA2.AllocTensor<int8_t>();
    AscendC::LocalTensor<int8_t> b2 = qB2.AllocTensor<int8_t>();
    // NZ -> ZZ: for each 16-row band of A, its K / K0 fractals, M / 16 fractals apart in L1.
    for (int32_t band = 0; band < M / 16; ++band) {
        AscendC::LoadData2DParams lp;
        lp.startIndex = band;
        lp.repeatTimes = K / K0;
        lp.srcStride = M / 16;
        lp.ifTranspose = false;
        AscendC::LoadData(a2[band * 16 * K], a1, lp);
    }
    // B transposed in NZ is already ZN: one contiguous run of fractals.
    AscendC::LoadData2DParams lb;
    lb.repeatTimes = (K / K0) * (N / 16);
    lb.srcStride = 1;
    AscendC::LoadData(b2, b1, lb);
    qA2.EnQue(a2);
    qB2.EnQue(b2);
    qA1.FreeTensor(a1);
    qB1.FreeTensor(b1);

    a2 = qA2.DeQue<int8_t>();
    b2 = qB2.DeQue<int8_t>();
    AscendC::LocalTensor<int32_t> c1 = qC1.AllocTensor<int32_t>();
    AscendC::MmadParams mp;
    mp.m = M;
    mp.n = N;
    mp.k = K;
    AscendC::Mmad(c1, a2, b2, mp);
    qC1.EnQue(c1);
    qA2.FreeTensor(a2);
    qB2.FreeTensor(b2);

    c1 = qC1.DeQue<int32_t>();
    AscendC::FixpipeParamsV220 fp;
    fp.nSize = N;
    fp.mSize = M;
    fp.srcStride = M;
    fp.dstStride = N;
    AscendC::Fixpipe(cGm, c1, fp);
    qC1.FreeTensor(c1);
}
