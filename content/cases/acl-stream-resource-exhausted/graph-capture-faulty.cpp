// Piecewise ACL graph capture, the way a serving engine warms up: one graph per (batch size,
// model piece). Each captured graph keeps a stream of its own until it is destroyed, and all
// processes on the device share the stream pool (1984 streams on Atlas A2).
// FAULTY: 48 batch sizes x 45 pieces = 2160 graphs, all kept alive: the pool runs out during
// warm-up and aclmdlRICaptureBegin fails.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t PIECES = 45;              // 44 decoder layers + the head
constexpr int32_t SIZE_COUNT = 48;
constexpr int32_t MAX_BATCH = 48;
constexpr int32_t HIDDEN = 1024;            // floats per token

extern "C" __global__ __aicore__ void piece_forward(GM_ADDR hidden, uint32_t tokens)
{
    // Stands in for one decoder layer; graph capture records the launch without running it
    GlobalTensor<float> h;
    h.SetGlobalBuffer((__gm__ float *)hidden, tokens * HIDDEN);
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *hidden = nullptr;
    aclrtMalloc(&hidden, MAX_BATCH * HIDDEN * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);

    // Capture sizes 1..48: every batch size the scheduler may use
    int32_t sizes[SIZE_COUNT];
    for (int32_t i = 0; i < SIZE_COUNT; i++) {
        sizes[i] = i + 1;
    }
    aclmdlRI graphs[SIZE_COUNT * PIECES];
    int32_t captured = 0;
    aclError ret = ACL_SUCCESS;
    for (int32_t s = 0; s < SIZE_COUNT && ret == ACL_SUCCESS; s++) {
        for (int32_t p = 0; p < PIECES; p++) {
            ret = aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
            if (ret != ACL_SUCCESS) {
                printf("aclmdlRICaptureBegin failed at size %d piece %d, ret = %d\n", sizes[s], p, ret);
                printf("%s\n", aclGetRecentErrMsg());
                break;
            }
            piece_forward<<<1, nullptr, stream>>>((GM_ADDR)hidden, (uint32_t)sizes[s]);
            aclmdlRICaptureEnd(stream, &graphs[captured]);
            captured++;
        }
    }
    printf("captured %d graphs\n", captured);

    // Replay the graph of batch size 1, piece 0
    if (ret == ACL_SUCCESS) {
        aclmdlRIExecuteAsync(graphs[0], stream);
        aclrtSynchronizeStream(stream);
    }
    for (int32_t i = 0; i < captured; i++) {
        aclmdlRIDestroy(graphs[i]);
    }
    aclrtFree(hidden);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
