// Matmul-style data movement over the cube positions A1/A2, B1/B2 and CO1/CO2 (queues only:
// the cube instructions themselves are not simulated, the buffers and their limits are).
#include "kernel_operator.h"

constexpr int32_t M = 32;
constexpr int32_t N = 32;
constexpr int32_t K = 32;

class KernelMatmul {
public:
    __aicore__ inline KernelMatmul() {}
    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c)
    {
        aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
        bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
        cGm.SetGlobalBuffer((__gm__ float *)c, M * N);
        pipe.InitBuffer(inQueueA1, 1, M * K * sizeof(half));
        pipe.InitBuffer(inQueueA2, 1, M * K * sizeof(half));
        pipe.InitBuffer(inQueueB1, 1, K * N * sizeof(half));
        pipe.InitBuffer(inQueueB2, 1, K * N * sizeof(half));
        pipe.InitBuffer(outQueueCO1, 1, M * N * sizeof(float));
        pipe.InitBuffer(outQueueCO2, 1, M * N * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<half> a1 = inQueueA1.AllocTensor<half>();
        AscendC::LocalTensor<half> b1 = inQueueB1.AllocTensor<half>();
        AscendC::DataCopy(a1, aGm, M * K);
        AscendC::DataCopy(b1, bGm, K * N);
        inQueueA1.EnQue(a1);
        inQueueB1.EnQue(b1);
        AscendC::LocalTensor<half> a1In = inQueueA1.DeQue<half>();
        AscendC::LocalTensor<half> b1In = inQueueB1.DeQue<half>();
        AscendC::LocalTensor<half> a2 = inQueueA2.AllocTensor<half>();
        AscendC::LocalTensor<half> b2 = inQueueB2.AllocTensor<half>();
        inQueueA2.EnQue(a2);
        inQueueB2.EnQue(b2);
        inQueueA1.FreeTensor(a1In);
        inQueueB1.FreeTensor(b1In);
        AscendC::LocalTensor<half> a2In = inQueueA2.DeQue<half>();
        AscendC::LocalTensor<half> b2In = inQueueB2.DeQue<half>();
        AscendC::LocalTensor<float> c1 = outQueueCO1.AllocTensor<float>();
        outQueueCO1.EnQue(c1);
        inQueueA2.FreeTensor(a2In);
        inQueueB2.FreeTensor(b2In);
        AscendC::LocalTensor<float> c1In = outQueueCO1.DeQue<float>();
        AscendC::LocalTensor<float> c2 = outQueueCO2.AllocTensor<float>();
        outQueueCO2.EnQue(c2);
        outQueueCO1.FreeTensor(c1In);
        AscendC::LocalTensor<float> c2In = outQueueCO2.DeQue<float>();
        outQueueCO2.FreeTensor(c2In);
    }

private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::A1, 1> inQueueA1;
    AscendC::TQue<AscendC::TPosition::A2, 1> inQueueA2;
    AscendC::TQue<AscendC::TPosition::B1, 1> inQueueB1;
    AscendC::TQue<AscendC::TPosition::B2, 1> inQueueB2;
    AscendC::TQue<AscendC::TPosition::CO1, 1> outQueueCO1;
    AscendC::TQue<AscendC::TPosition::CO2, 1> outQueueCO2;
    AscendC::GlobalTensor<half> aGm, bGm;
    AscendC::GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void matmul_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    KernelMatmul op;
    op.Init(a, b, c);
    op.Process();
}
