// A decode step whose attention runs on a second stream, captured into one ACL graph (Atlas A2).
// FAULTY: the side stream is forked from the main stream with an event (record on main, wait on
// side), so it joins the capture as a sub stream. It is never joined back: nothing recorded on it
// is waited on by the main stream. aclmdlRICaptureEnd refuses the capture with 107025
// (ACL_ERROR_RT_STREAM_UNJOINED) and returns no graph.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t HIDDEN = 4096;

extern "C" __global__ __aicore__ void rms_scale(GM_ADDR h, float eps)
{
    // Stands in for the layer norm of the step
    GlobalTensor<float> hGm;
    hGm.SetGlobalBuffer((__gm__ float *)h + GetBlockIdx() * (HIDDEN / BLOCK_NUM), HIDDEN / BLOCK_NUM);
}

extern "C" __global__ __aicore__ void attention(GM_ADDR h, GM_ADDR kv)
{
    // Stands in for the attention of the step
    GlobalTensor<float> hGm;
    hGm.SetGlobalBuffer((__gm__ float *)h + GetBlockIdx() * (HIDDEN / BLOCK_NUM), HIDDEN / BLOCK_NUM);
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream mainStream = nullptr;
    aclrtStream sideStream = nullptr;
    aclrtCreateStream(&mainStream);
    aclrtCreateStream(&sideStream);
    aclrtEvent fork = nullptr;
    aclrtCreateEventExWithFlag(&fork, ACL_EVENT_SYNC);
    void *hidden = nullptr;
    void *kvCache = nullptr;
    aclrtMalloc(&hidden, HIDDEN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&kvCache, HIDDEN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);

    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(mainStream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    rms_scale<<<BLOCK_NUM, nullptr, mainStream>>>((GM_ADDR)hidden, 1e-6f);
    aclrtRecordEvent(fork, mainStream);          // fork: the side stream starts after the norm
    aclrtStreamWaitEvent(sideStream, fork);
    attention<<<BLOCK_NUM, nullptr, sideStream>>>((GM_ADDR)hidden, (GM_ADDR)kvCache);
    aclError ret = aclmdlRICaptureEnd(mainStream, &graph);
    if (ret != ACL_SUCCESS) {
        printf("capture end failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    } else {
        for (int32_t i = 0; i < 16; i++) {
            aclmdlRIExecuteAsync(graph, mainStream);
            aclrtSynchronizeStream(mainStream);
        }
        printf("16 steps replayed\n");
        aclmdlRIDestroy(graph);
    }
    aclrtFree(kvCache);
    aclrtFree(hidden);
    aclrtDestroyEvent(fork);
    aclrtDestroyStream(sideStream);
    aclrtDestroyStream(mainStream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
