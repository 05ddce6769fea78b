// TBuf temporaries: a half input is widened to float in a VECCALC buffer, added, and cast back.
#include "kernel_operator.h"

constexpr uint32_t LEN = 512;

class KernelCastAdd {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x, LEN);
        zGm.SetGlobalBuffer((__gm__ half *)z, LEN);
        pipe.InitBuffer(inQueue, 1, LEN * sizeof(half));
        pipe.InitBuffer(outQueue, 1, LEN * sizeof(half));
        pipe.InitBuffer(tmpA, LEN * sizeof(float));
        pipe.InitBuffer(tmpB, LEN * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<half> x = inQueue.AllocTensor<half>();
        AscendC::DataCopy(x, xGm, LEN);
        inQueue.EnQue(x);
        AscendC::LocalTensor<half> xIn = inQueue.DeQue<half>();
        AscendC::LocalTensor<float> a = tmpA.Get<float>();
        AscendC::LocalTensor<float> b = tmpB.Get<float>();
        AscendC::Cast(a, xIn, AscendC::RoundMode::CAST_NONE, LEN);
        AscendC::Add(b, a, a, LEN);
        AscendC::LocalTensor<half> z = outQueue.AllocTensor<half>();
        AscendC::Cast(z, b, AscendC::RoundMode::CAST_ROUND, LEN);
        outQueue.EnQue(z);
        inQueue.FreeTensor(xIn);
        AscendC::LocalTensor<half> zOut = outQueue.DeQue<half>();
        AscendC::DataCopy(zGm, zOut, LEN);
        outQueue.FreeTensor(zOut);
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::TBuf<AscendC::TPosition::VECCALC> tmpA;
    AscendC::TBuf<AscendC::TPosition::VECCALC> tmpB;
    AscendC::GlobalTensor<half> xGm, zGm;
};

extern "C" __global__ __aicore__ void cast_add_custom(GM_ADDR x, GM_ADDR z)
{
    KernelCastAdd op;
    op.Init(x, z);
    op.Process();
}
