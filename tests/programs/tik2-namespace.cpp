// The older `tik2` namespace spelling of the same APIs, with a launch wrapper guarded by
// __CCE_KT_TEST__ as the early samples wrote it.
#include "kernel_operator.h"
using namespace tik2;

constexpr int32_t LEN = 1024;

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR src, GM_ADDR dst)
{
    tik2::TPipe pipe;
    tik2::TQueBind<tik2::QuePosition::VECIN, tik2::QuePosition::VECOUT, 1> que;
    tik2::GlobalTensor<half> srcGm, dstGm;
    srcGm.SetGlobalBuffer((__gm__ half *)src, LEN);
    dstGm.SetGlobalBuffer((__gm__ half *)dst, LEN);
    pipe.InitBuffer(que, 1, LEN * sizeof(half));
    tik2::LocalTensor<half> t = que.AllocTensor<half>();
    tik2::DataCopy(t, srcGm, LEN);
    que.EnQue(t);
    tik2::LocalTensor<half> u = que.DeQue<half>();
    tik2::DataCopy(dstGm, u, LEN);
    que.FreeTensor(u);
}

#ifndef __CCE_KT_TEST__
void copy_custom_do(uint32_t blockDim, void *l2ctrl, void *stream, uint8_t *src, uint8_t *dst)
{
    copy_custom<<<blockDim, l2ctrl, stream>>>(src, dst);
}
#endif
