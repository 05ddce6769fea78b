// The early tik2 style: a class kernel that finds its core's slice with ParamOffset<T>, checks
// its arguments with ASSERT, keeps its sizes in fields set through this->, and a workspace
// argument handled with the workspace helpers.
#include "kernel_operator.h"
using namespace tik2;

constexpr int32_t BUFFER_NUM = 2;

class KernelCopy {
public:
    __aicore__ inline KernelCopy() {}
    __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst, uint32_t cores, uint32_t total, uint32_t tiles)
    {
        ASSERT(cores != 0 && "cores must not be zero");
        this->perCore = total / cores;
        this->tiles = tiles;
        this->tileLen = this->perCore / tiles / BUFFER_NUM;
        srcGm.SetGlobalBuffer((__gm__ half *)ParamOffset<half>(src, this->perCore), this->perCore);
        dstGm.SetGlobalBuffer((__gm__ half *)ParamOffset<half>(dst, this->perCore), this->perCore);
        pipe.InitBuffer(que, BUFFER_NUM, this->tileLen * sizeof(half));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < this->tiles * BUFFER_NUM; i++) {
            LocalTensor<half> t = que.AllocTensor<half>();
            DataCopy(t, srcGm[i * this->tileLen], this->tileLen);
            que.EnQue(t);
            LocalTensor<half> u = que.DeQue<half>();
            DataCopy(dstGm[i * this->tileLen], u, this->tileLen);
            que.FreeTensor(u);
        }
    }

private:
    TPipe pipe;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, BUFFER_NUM> que;
    GlobalTensor<half> srcGm, dstGm;
    uint32_t perCore;
    uint32_t tiles;
    uint32_t tileLen;
};

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR src, GM_ADDR dst, GM_ADDR workspace)
{
    SetSysWorkspace(workspace);
    GM_ADDR usr = GetUserWorkspace(workspace);
    if (usr == nullptr) {
        return;
    }
    KernelCopy op;
    op.Init(src, dst, GetBlockNum(), 8 * 1024, 4);
    op.Process();
}
