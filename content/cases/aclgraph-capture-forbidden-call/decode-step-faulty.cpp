// A decode step that first ran eagerly and is now captured into an ACL graph for replay (Atlas A2).
// FAULTY: the step ends with aclrtSynchronizeStream, which was fine in eager mode. Inside
// aclmdlRICaptureBegin/End the stream is being captured, not executed, and synchronizing it is
// forbidden: aclrtSynchronizeStream returns 107027 (ACL_ERROR_RT_STREAM_CAPTURED).
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t HIDDEN = 4096;

extern "C" __global__ __aicore__ void rms_scale(GM_ADDR h, float eps)
{
    // Stands in for one decoder layer of the step
    GlobalTensor<float> hGm;
    hGm.SetGlobalBuffer((__gm__ float *)h + GetBlockIdx() * (HIDDEN / BLOCK_NUM), HIDDEN / BLOCK_NUM);
}

static aclError DecodeStep(aclrtStream stream, void *hidden, void *logitsDev, void *logitsHost)
{
    rms_scale<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)hidden, 1e-6f);
    aclrtMemcpyAsync(logitsHost, HIDDEN * sizeof(float), logitsDev, HIDDEN * sizeof(float),
                     ACL_MEMCPY_DEVICE_TO_HOST, stream);
    return aclrtSynchronizeStream(stream);   // "wait until the logits are on the host"
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *hidden = nullptr;
    void *logitsDev = nullptr;
    void *logitsHost = nullptr;
    aclrtMalloc(&hidden, HIDDEN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&logitsDev, HIDDEN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMallocHost(&logitsHost, HIDDEN * sizeof(float));

    aclError ret = DecodeStep(stream, hidden, logitsDev, logitsHost);   // eager warm-up
    printf("eager step: ret = %d\n", ret);

    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    ret = DecodeStep(stream, hidden, logitsDev, logitsHost);
    if (ret != ACL_SUCCESS) {
        printf("step failed during capture, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    }
    aclmdlRICaptureEnd(stream, &graph);

    if (ret == ACL_SUCCESS) {
        for (int32_t i = 0; i < 16; i++) {
            aclmdlRIExecuteAsync(graph, stream);
            aclrtSynchronizeStream(stream);
        }
        printf("16 steps replayed\n");
    }
    if (graph != nullptr) {
        aclmdlRIDestroy(graph);
    }
    aclrtFreeHost(logitsHost);
    aclrtFree(logitsDev);
    aclrtFree(hidden);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
