// The A2/A3 sort pipeline on 128 float scores: Concat, Sort of four 32-score repeats, MrgSort of
// the four sorted lists into one, Extract of the values and indices. With -D EXHAUSTED the merge
// stops when the first list runs out and writes what it took from each list into n.
#include "kernel_operator.h"

#ifdef EXHAUSTED
constexpr bool STOP_EARLY = true;
#else
constexpr bool STOP_EARLY = false;
#endif

extern "C" __global__ __aicore__ void sort_merge(GM_ADDR s, GM_ADDR ix, GM_ADDR v, GM_ADDR i2, GM_ADDR n)
{
    AscendC::GlobalTensor<float> sGm, vGm;
    AscendC::GlobalTensor<uint32_t> iGm, i2Gm, nGm;
    sGm.SetGlobalBuffer((__gm__ float *)s, 128);
    iGm.SetGlobalBuffer((__gm__ uint32_t *)ix, 128);
    vGm.SetGlobalBuffer((__gm__ float *)v, 128);
    i2Gm.SetGlobalBuffer((__gm__ uint32_t *)i2, 128);
    nGm.SetGlobalBuffer((__gm__ uint32_t *)n, 8);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto value = ub.Alloc<float, 128>();
    auto index = ub.Alloc<uint32_t, 128>();
    auto sorted = ub.Alloc<float, 256>();
    auto merged = ub.Alloc<float, 256>();
    auto tmp = ub.Alloc<float, 256>();
    auto outV = ub.Alloc<float, 128>();
    auto outI = ub.Alloc<uint32_t, 128>();
    auto counts = ub.Alloc<uint32_t, 8>();
    AscendC::LocalTensor<float> concat;
    AscendC::DataCopy(value, sGm, 128);
    AscendC::DataCopy(index, iGm, 128);
    AscendC::Duplicate(outV, 0.0f, 128);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Concat(concat, value, tmp, 8);
    AscendC::Sort<float, false>(sorted, concat, index, tmp, 4);
    uint32_t off = AscendC::GetSortOffset<float>(32);
    AscendC::MrgSortSrcList<float> list(sorted[0], sorted[off], sorted[2 * off], sorted[3 * off]);
    const uint16_t lengths[4] = {32, 32, 32, 32};
    uint32_t sortedNum[4] = {0, 0, 0, 0};
    AscendC::MrgSort<float, STOP_EARLY>(merged, list, lengths, sortedNum, 0b1111, 1);
    AscendC::Extract(outV, outI, merged, 4);
    for (int q = 0; q < 4; q++) {
        counts.SetValue(q, sortedNum[q]);
    }
    counts.SetValue(4, AscendC::GetSortLen<half>(32));
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(vGm, outV, 128);
    AscendC::DataCopy(i2Gm, outI, 128);
    AscendC::DataCopy(nGm, counts, 8);
}
