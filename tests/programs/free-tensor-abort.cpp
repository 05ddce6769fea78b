// Five VECIN buffers taken in a row on the Atlas training series, then freed: the FreeTensor
// needs a fifth event id, which CPU debug reports and aborts on (the NPU hangs).
#include "kernel_operator.h"

constexpr uint32_t LEN = 256;

class KernelFive {
public:
    __aicore__ inline void Init()
    {
        pipe.InitBuffer(q0, 1, LEN);
        pipe.InitBuffer(q1, 1, LEN);
        pipe.InitBuffer(q2, 1, LEN);
        pipe.InitBuffer(q3, 1, LEN);
        pipe.InitBuffer(q4, 1, LEN);
    }
    __aicore__ inline void Compute(int32_t round)
    {
        AscendC::LocalTensor<half> t0 = q0.AllocTensor<half>();
        AscendC::LocalTensor<half> t1 = q1.AllocTensor<half>();
        AscendC::LocalTensor<half> t2 = q2.AllocTensor<half>();
        AscendC::LocalTensor<half> t3 = q3.AllocTensor<half>();
        AscendC::LocalTensor<half> t4 = q4.AllocTensor<half>();
        q0.FreeTensor(t0);
        q1.FreeTensor(t1);
        q2.FreeTensor(t2);
        q3.FreeTensor(t3);
        q4.FreeTensor(t4);
    }
    __aicore__ inline void Process()
    {
        for (int32_t i = 0; i < 2; i++) {
            Compute(i);
        }
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q0, q1, q2, q3, q4;
};

extern "C" __global__ __aicore__ void five_custom()
{
    KernelFive op;
    op.Init();
    op.Process();
}
