// One host file for both builds, as the kernel-invocation samples do: under ASCENDC_CPU_DEBUG
// the kernel runs through ICPU_RUN_KF on GmAlloc'd buffers; otherwise through AscendCL and <<<>>>.
#include "data_utils.h"
#ifndef ASCENDC_CPU_DEBUG
#include "acl/acl.h"
#else
#include "tikicpulib.h"
#endif
#include "kernel_operator.h"

constexpr uint32_t BLOCK_DIM = 4;
constexpr uint32_t TOTAL = 4 * 1024;
constexpr uint32_t PER_BLOCK = TOTAL / BLOCK_DIM;

extern "C" __global__ __aicore__ void neg_custom(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQue;
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + PER_BLOCK * AscendC::GetBlockIdx(), PER_BLOCK);
    yGm.SetGlobalBuffer((__gm__ float *)y + PER_BLOCK * AscendC::GetBlockIdx(), PER_BLOCK);
    pipe.InitBuffer(inQue, 1, PER_BLOCK * sizeof(float));
    pipe.InitBuffer(outQue, 1, PER_BLOCK * sizeof(float));
    AscendC::LocalTensor<float> t = inQue.AllocTensor<float>();
    AscendC::DataCopy(t, xGm, PER_BLOCK);
    inQue.EnQue(t);
    t = inQue.DeQue<float>();
    AscendC::LocalTensor<float> u = outQue.AllocTensor<float>();
    AscendC::Muls(u, t, -1.0f, PER_BLOCK);
    outQue.EnQue(u);
    inQue.FreeTensor(t);
    u = outQue.DeQue<float>();
    AscendC::DataCopy(yGm, u, PER_BLOCK);
    outQue.FreeTensor(u);
}

int32_t main(int32_t argc, char *argv[])
{
    size_t bytes = TOTAL * sizeof(float);
#ifdef ASCENDC_CPU_DEBUG
    uint8_t *x = (uint8_t *)AscendC::GmAlloc(bytes);
    uint8_t *y = (uint8_t *)AscendC::GmAlloc(bytes);
    ReadFile("./input/input_x.bin", bytes, x, bytes);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(neg_custom, BLOCK_DIM, x, y);
    WriteFile("./output/output_y.bin", y, bytes);
    AscendC::GmFree((void *)x);
    AscendC::GmFree((void *)y);
    printf("cpu debug run done\n");
#else
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    void *y = nullptr;
    aclrtMalloc(&x, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    neg_custom<<<BLOCK_DIM, nullptr, stream>>>((uint8_t *)x, (uint8_t *)y);
    aclrtSynchronizeStream(stream);
    aclrtFree(x);
    aclrtFree(y);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    printf("npu run done\n");
#endif
    return 0;
}
