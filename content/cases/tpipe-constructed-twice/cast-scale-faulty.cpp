// cast_scale: stage 1 casts x (half) to float into a GM workspace, stage 2 scales it into y.
// Each stage is a class that owns its own TPipe, the way many first kernels are written.
// FAULTY: both stage objects live in the kernel's scope, so the second TPipe is constructed
// while the first one is still alive. Only one TPipe may exist at a time.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 4096;
constexpr int32_t TOTAL_LENGTH = BLOCK_LENGTH * BLOCK_NUM;

class KernelCast {
public:
    __aicore__ inline KernelCast() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR work)
    {
        xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        workGm.SetGlobalBuffer((__gm__ float *)work + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        pipe.InitBuffer(inQueue, 1, BLOCK_LENGTH * sizeof(half));
        pipe.InitBuffer(outQueue, 1, BLOCK_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<half> xLocal = inQueue.AllocTensor<half>();
        DataCopy(xLocal, xGm, BLOCK_LENGTH);
        inQueue.EnQue(xLocal);
        xLocal = inQueue.DeQue<half>();
        LocalTensor<float> wLocal = outQueue.AllocTensor<float>();
        Cast(wLocal, xLocal, RoundMode::CAST_NONE, BLOCK_LENGTH);
        outQueue.EnQue(wLocal);
        inQueue.FreeTensor(xLocal);
        wLocal = outQueue.DeQue<float>();
        DataCopy(workGm, wLocal, BLOCK_LENGTH);
        outQueue.FreeTensor(wLocal);
    }

private:
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    GlobalTensor<half> xGm;
    GlobalTensor<float> workGm;
};

class KernelScale {
public:
    __aicore__ inline KernelScale() {}
    __aicore__ inline void Init(GM_ADDR work, GM_ADDR y)
    {
        workGm.SetGlobalBuffer((__gm__ float *)work + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        pipe.InitBuffer(inQueue, 1, BLOCK_LENGTH * sizeof(float));
        pipe.InitBuffer(outQueue, 1, BLOCK_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> wLocal = inQueue.AllocTensor<float>();
        DataCopy(wLocal, workGm, BLOCK_LENGTH);
        inQueue.EnQue(wLocal);
        wLocal = inQueue.DeQue<float>();
        LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
        Muls(yLocal, wLocal, 0.25f, BLOCK_LENGTH);
        outQueue.EnQue(yLocal);
        inQueue.FreeTensor(wLocal);
        yLocal = outQueue.DeQue<float>();
        DataCopy(yGm, yLocal, BLOCK_LENGTH);
        outQueue.FreeTensor(yLocal);
    }

private:
    TPipe pipe;
    TQue<TPosition::VECIN, 1> inQueue;
    TQue<TPosition::VECOUT, 1> outQueue;
    GlobalTensor<float> workGm;
    GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void cast_scale(GM_ADDR x, GM_ADDR work, GM_ADDR y)
{
    KernelCast castOp;
    castOp.Init(x, work);
    castOp.Process();
    // The workspace written by MTE3 above is read by MTE2 below
    PipeBarrier<PIPE_ALL>();
    // Bug: castOp and its TPipe are still alive here
    KernelScale scaleOp;
    scaleOp.Init(work, y);
    scaleOp.Process();
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    size_t inBytes = TOTAL_LENGTH * sizeof(half);
    size_t outBytes = TOTAL_LENGTH * sizeof(float);
    half *xHost = nullptr;
    aclrtMallocHost((void **)&xHost, inBytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = (half)4.0f;
    }
    void *xDevice = nullptr;
    void *workDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, inBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&workDevice, outBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, outBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, inBytes, xHost, inBytes, ACL_MEMCPY_HOST_TO_DEVICE);

    cast_scale<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)workDevice, (GM_ADDR)yDevice);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);

    aclrtFree(yDevice);
    aclrtFree(workDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
