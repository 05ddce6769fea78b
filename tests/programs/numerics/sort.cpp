// Sort of 64 float scores in two repeats (A2/A3 layout: 8-byte (score, index) pairs into d),
// each repeat on its own, or all 64 with -D FULL.
#include "kernel_operator.h"

#ifdef FULL
constexpr bool FULL_SORT = true;
#else
constexpr bool FULL_SORT = false;
#endif

extern "C" __global__ __aicore__ void sort_scores(GM_ADDR s, GM_ADDR ix, GM_ADDR d)
{
    AscendC::GlobalTensor<float> sGm, dGm;
    AscendC::GlobalTensor<uint32_t> iGm;
    sGm.SetGlobalBuffer((__gm__ float *)s, 64);
    iGm.SetGlobalBuffer((__gm__ uint32_t *)ix, 64);
    dGm.SetGlobalBuffer((__gm__ float *)d, 128);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto scores = ub.Alloc<float, 64>();
    auto index = ub.Alloc<uint32_t, 64>();
    auto sorted = ub.Alloc<float, 128>();
    auto tmp = ub.Alloc<float, 512>();
    AscendC::DataCopy(scores, sGm, 64);
    AscendC::DataCopy(index, iGm, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Sort<float, FULL_SORT>(sorted, scores, index, tmp, 2);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(dGm, sorted, 128);
}
