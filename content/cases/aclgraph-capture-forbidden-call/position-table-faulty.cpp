// Captures the attention step of a model into an ACL graph (Atlas A2). The step needs a small
// rotary-position table on the device, which the code uploads while it builds the step.
// FAULTY: the upload uses the blocking aclrtMemcpy between aclmdlRICaptureBegin and End. In
// ACL_MODEL_RI_CAPTURE_MODE_GLOBAL a synchronous copy is not allowed while a capture is running,
// so aclrtMemcpy returns 107030 (ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT).
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t POSITIONS = 2048;

extern "C" __global__ __aicore__ void rope_apply(GM_ADDR q, GM_ADDR table)
{
    // Stands in for applying the rotary table to the queries
    GlobalTensor<float> tGm;
    tGm.SetGlobalBuffer((__gm__ float *)table, POSITIONS);
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *q = nullptr;
    void *table = nullptr;
    aclrtMalloc(&q, POSITIONS * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&table, POSITIONS * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    static float tableHost[POSITIONS];
    for (int32_t i = 0; i < POSITIONS; i++) {
        tableHost[i] = 0.5f;
    }

    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclError ret = aclrtMemcpy(table, POSITIONS * sizeof(float), tableHost,
                               POSITIONS * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    if (ret != ACL_SUCCESS) {
        printf("table upload failed during capture, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    }
    rope_apply<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)q, (GM_ADDR)table);
    aclmdlRICaptureEnd(stream, &graph);

    if (ret == ACL_SUCCESS) {
        aclmdlRIExecuteAsync(graph, stream);
        aclrtSynchronizeStream(stream);
        printf("attention step replayed\n");
    }
    if (graph != nullptr) {
        aclmdlRIDestroy(graph);
    }
    aclrtFree(table);
    aclrtFree(q);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
