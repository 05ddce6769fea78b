// UB-to-UB Copy and Transpose on static tensors:
// - c: Copy of an [18, 64] int32 block's first 8 columns into a packed [18, 8] (mask 8,
//   18 repeats, CopyRepeatParams {1, 1, 1, 8}: the reference page's second scenario);
// - t: the 16 × 16 half transpose of h;
// - n: the float tensor f as [N, C, H, W] = [2, 3, 2, 4] rearranged to [N, H, W, C].
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void copy_transpose(GM_ADDR a, GM_ADDR c, GM_ADDR h, GM_ADDR t,
                                                     GM_ADDR f, GM_ADDR n)
{
    AscendC::GlobalTensor<int32_t> aGm, cGm;
    AscendC::GlobalTensor<half> hGm, tGm;
    AscendC::GlobalTensor<float> fGm, nGm;
    aGm.SetGlobalBuffer((__gm__ int32_t *)a, 18 * 64);
    cGm.SetGlobalBuffer((__gm__ int32_t *)c, 18 * 8);
    hGm.SetGlobalBuffer((__gm__ half *)h, 256);
    tGm.SetGlobalBuffer((__gm__ half *)t, 256);
    fGm.SetGlobalBuffer((__gm__ float *)f, 48);
    nGm.SetGlobalBuffer((__gm__ float *)n, 48);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto wide = ub.Alloc<AscendC::TPosition::VECIN, int32_t, 18 * 64>();
    auto packed = ub.Alloc<AscendC::TPosition::VECOUT, int32_t, 18 * 8>();
    auto square = ub.Alloc<half, 256>();
    auto turned = ub.Alloc<half, 256>();
    auto nchw = ub.Alloc<float, 48>();
    auto nhwc = ub.Alloc<float, 48>();
    auto tmp = ub.Alloc<uint8_t, 1024>();
    AscendC::DataCopy(wide, aGm, 18 * 64);
    AscendC::DataCopy(square, hGm, 256);
    AscendC::DataCopy(nchw, fGm, 48);
    AscendC::PipeBarrier<PIPE_ALL>();
    uint64_t mask = 8;
    AscendC::Copy(packed, wide, mask, 18, {1, 1, 1, 8});
    AscendC::Transpose(turned, square);
    AscendC::TransposeParamsExt params(2, 3, 2, 4, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC);
    AscendC::Transpose(nhwc, nchw, tmp, params);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(cGm, packed, 18 * 8);
    AscendC::DataCopy(tGm, turned, 256);
    AscendC::DataCopy(nGm, nhwc, 48);
}
