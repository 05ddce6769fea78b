// One step of a preprocessing pipeline on Atlas A2: y = x * scale + bias, on 8 vector cores.
// This model has no bias, so the host passes a null bias pointer and expects the kernel to skip it.
// FIXED: the kernel takes a hasBias flag and only reads and adds the bias when there is one.
// (While debugging, an aclrtSynchronizeStream right after the launch would also have shown that
// the kernel, not aclrtRecordEvent, was failing.)
#include <cstdio>
#include <unistd.h>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 2048;
constexpr int32_t TOTAL_LENGTH = BLOCK_NUM * BLOCK_LENGTH;

extern "C" __global__ __aicore__ void scale_bias(GM_ADDR x, GM_ADDR bias, GM_ADDR y, float scale,
                                                  uint32_t hasBias)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf;
    TBuf<TPosition::VECCALC> bBuf;
    GlobalTensor<float> xGm;
    GlobalTensor<float> bGm;
    GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    bGm.SetGlobalBuffer((__gm__ float *)bias + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
    pipe.InitBuffer(xBuf, BLOCK_LENGTH * sizeof(float));
    pipe.InitBuffer(bBuf, BLOCK_LENGTH * sizeof(float));
    LocalTensor<float> xLocal = xBuf.Get<float>();
    LocalTensor<float> bLocal = bBuf.Get<float>();
    DataCopy(xLocal, xGm, BLOCK_LENGTH);
    if (hasBias != 0) {
        DataCopy(bLocal, bGm, BLOCK_LENGTH);
    }
    PipeBarrier<PIPE_ALL>();
    Muls(xLocal, xLocal, scale, BLOCK_LENGTH);
    if (hasBias != 0) {
        Add(xLocal, xLocal, bLocal, BLOCK_LENGTH);
    }
    PipeBarrier<PIPE_ALL>();
    DataCopy(yGm, xLocal, BLOCK_LENGTH);
}

static void PrepareNextBatch()
{
    usleep(2000);   // stands in for tokenising the next request on the host
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    // Stop at the first failed task, as torch_npu sets its streams.
    aclrtSetStreamFailureMode(stream, ACL_STOP_ON_FAILURE);
    aclrtEvent stepDone = nullptr;
    aclrtCreateEvent(&stepDone);

    float *xHost = nullptr;
    float *yHost = nullptr;
    aclrtMallocHost((void **)&xHost, bytes);
    aclrtMallocHost((void **)&yHost, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = 2.0f;
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    void *biasDevice = nullptr;            // this model has no bias

    aclrtMemcpyAsync(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    scale_bias<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)biasDevice, (GM_ADDR)yDevice, 0.5f,
                                            biasDevice != nullptr ? 1U : 0U);
    PrepareNextBatch();
    aclError ret = aclrtRecordEvent(stepDone, stream);   // marks the end of this step
    if (ret != ACL_SUCCESS) {
        printf("aclrtRecordEvent failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    } else {
        ret = aclrtSynchronizeEvent(stepDone);
        aclrtMemcpy(yHost, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        printf("y[0] = %.1f (expected 1.0)\n", yHost[0]);
    }

    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(yHost);
    aclrtFreeHost(xHost);
    aclrtDestroyEvent(stepDone);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
