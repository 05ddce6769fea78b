// A flat kernel with no class: one TPipe, two queues, a template kernel body.
#include "kernel_operator.h"
using namespace AscendC;

constexpr uint32_t TILE = 256;

template <typename T>
__aicore__ inline void ReluTile(GlobalTensor<T> &src, GlobalTensor<T> &dst, TPipe &pipe)
{
    TQue<TPosition::VECIN, 1> inQ;
    TQue<TPosition::VECOUT, 1> outQ;
    pipe.InitBuffer(inQ, 1, TILE * sizeof(T));
    pipe.InitBuffer(outQ, 1, TILE * sizeof(T));
    LocalTensor<T> x = inQ.AllocTensor<T>();
    DataCopy(x, src, TILE);
    inQ.EnQue(x);
    LocalTensor<T> xIn = inQ.DeQue<T>();
    LocalTensor<T> y = outQ.AllocTensor<T>();
    Relu(y, xIn, TILE);
    outQ.EnQue<T>(y);
    inQ.FreeTensor(xIn);
    LocalTensor<T> yOut = outQ.DeQue<T>();
    DataCopy(dst, yOut, TILE);
    outQ.FreeTensor(yOut);
}

extern "C" __global__ __aicore__ void relu_custom(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * TILE, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * TILE, TILE);
    ReluTile<float>(xGm, yGm, pipe);
}
