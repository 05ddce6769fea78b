// Cast in every round mode: 16 floats of x to half in CAST_NONE, RINT, FLOOR, CEIL, ROUND,
// TRUNC and ODD (16 halves each, in that order, to h), and to int32_t in RINT, FLOOR, CEIL,
// ROUND and TRUNC (16 each, to w).
#include "kernel_operator.h"

constexpr int32_t COUNT = 16;

extern "C" __global__ __aicore__ void cast_modes(GM_ADDR x, GM_ADDR h, GM_ADDR w)
{
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, COUNT * sizeof(float) + 7 * COUNT * sizeof(half) + 5 * COUNT * sizeof(int32_t));
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<half> hGm;
    AscendC::GlobalTensor<int32_t> wGm;
    xGm.SetGlobalBuffer((__gm__ float *)x, COUNT);
    hGm.SetGlobalBuffer((__gm__ half *)h, 7 * COUNT);
    wGm.SetGlobalBuffer((__gm__ int32_t *)w, 5 * COUNT);
    AscendC::LocalTensor<float> src = buf.Get<float>();
    AscendC::LocalTensor<half> halves = src[COUNT].ReinterpretCast<half>();
    AscendC::LocalTensor<int32_t> ints = src[COUNT + 7 * COUNT / 2].ReinterpretCast<int32_t>();

    AscendC::DataCopy(src, xGm, COUNT);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    AscendC::Cast(halves[0 * COUNT], src, AscendC::RoundMode::CAST_NONE, COUNT);
    AscendC::Cast(halves[1 * COUNT], src, AscendC::RoundMode::CAST_RINT, COUNT);
    AscendC::Cast(halves[2 * COUNT], src, AscendC::RoundMode::CAST_FLOOR, COUNT);
    AscendC::Cast(halves[3 * COUNT], src, AscendC::RoundMode::CAST_CEIL, COUNT);
    AscendC::Cast(halves[4 * COUNT], src, AscendC::RoundMode::CAST_ROUND, COUNT);
    AscendC::Cast(halves[5 * COUNT], src, AscendC::RoundMode::CAST_TRUNC, COUNT);
    AscendC::Cast(halves[6 * COUNT], src, AscendC::RoundMode::CAST_ODD, COUNT);
    AscendC::Cast(ints[0 * COUNT], src, AscendC::RoundMode::CAST_RINT, COUNT);
    AscendC::Cast(ints[1 * COUNT], src, AscendC::RoundMode::CAST_FLOOR, COUNT);
    AscendC::Cast(ints[2 * COUNT], src, AscendC::RoundMode::CAST_CEIL, COUNT);
    AscendC::Cast(ints[3 * COUNT], src, AscendC::RoundMode::CAST_ROUND, COUNT);
    AscendC::Cast(ints[4 * COUNT], src, AscendC::RoundMode::CAST_TRUNC, COUNT);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopy(hGm, halves, 7 * COUNT);
    AscendC::DataCopy(wGm, ints, 5 * COUNT);
}
