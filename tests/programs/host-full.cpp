// A complete AscendCL host program: init → device → stream → malloc → launch → sync → free →
// finalize, with the kernel in the same file (a simple scalar-style vector kernel).
#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>

#define CHECK_ACL(expr)                                                     \
    do {                                                                    \
        aclError __ret = (expr);                                            \
        if (__ret != ACL_SUCCESS) {                                         \
            printf("%s:%d aclError:%d\n", __FILE__, __LINE__, __ret);      \
        }                                                                   \
    } while (0)

constexpr uint32_t BLOCK_DIM = 8;
constexpr uint32_t TOTAL_LENGTH = 8 * 1024;
constexpr uint32_t TILE_LENGTH = TOTAL_LENGTH / BLOCK_DIM;

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR y)
{
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::GlobalTensor<float> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ float *)x + TILE_LENGTH * AscendC::GetBlockIdx(), TILE_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float *)y + TILE_LENGTH * AscendC::GetBlockIdx(), TILE_LENGTH);
    pipe.InitBuffer(inQueue, 1, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(outQueue, 1, TILE_LENGTH * sizeof(float));
    AscendC::LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    AscendC::DataCopy(xLocal, xGm, TILE_LENGTH);
    inQueue.EnQue(xLocal);
    xLocal = inQueue.DeQue<float>();
    AscendC::LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
    AscendC::Muls(yLocal, xLocal, 2.0f, TILE_LENGTH);
    outQueue.EnQue(yLocal);
    inQueue.FreeTensor(xLocal);
    yLocal = outQueue.DeQue<float>();
    AscendC::DataCopy(yGm, yLocal, TILE_LENGTH);
    outQueue.FreeTensor(yLocal);
}

int main(int argc, char *argv[])
{
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(deviceId));
    CHECK_ACL(aclrtCreateStream(&stream));

    void *xHost = nullptr;
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    CHECK_ACL(aclrtMallocHost(&xHost, bytes));
    CHECK_ACL(aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE));

    scale_custom<<<BLOCK_DIM, nullptr, stream>>>((uint8_t *)xDevice, (uint8_t *)yDevice);
    CHECK_ACL(aclrtSynchronizeStream(stream));
    CHECK_ACL(aclrtMemcpy(xHost, bytes, yDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    printf("scale_custom done on %u blocks\n", BLOCK_DIM);

    CHECK_ACL(aclrtFree(xDevice));
    CHECK_ACL(aclrtFree(yDevice));
    CHECK_ACL(aclrtFreeHost(xHost));
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(deviceId));
    CHECK_ACL(aclFinalize());
    return 0;
}
