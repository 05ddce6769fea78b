// Static tensors (LocalMemAllocator, no TPipe) and Brcb: 16 floats of x are spread over the
// DataBlocks of y with a block stride of 2 and a repeat stride of 16; the blocks Brcb skips keep
// the -1 that Duplicate wrote first. z gets the allocator's address after the three tiles.
#include "kernel_operator.h"

constexpr uint32_t N = 16;
constexpr uint32_t OUT = 31 * 8;

extern "C" __global__ __aicore__ void brcb_static(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    AscendC::GlobalTensor<float> xGm, yGm;
    AscendC::GlobalTensor<uint32_t> zGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, OUT);
    zGm.SetGlobalBuffer((__gm__ uint32_t *)z, 8);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> src = ub.Alloc<float, N>();
    AscendC::LocalTensor<float> dst = ub.Alloc<AscendC::TPosition::VECOUT, float>(OUT);
    AscendC::LocalTensor<uint32_t> addr = ub.Alloc<uint32_t, 8>();
    AscendC::DataCopy(src, xGm, N);
    AscendC::Duplicate(dst, -1.0f, OUT);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Brcb(dst, src, 2, {2, 16});
    AscendC::Duplicate(addr, (uint32_t)ub.GetCurAddr(), 8);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, dst, OUT);
    AscendC::DataCopy(zGm, addr, 8);
}
