// add_tbuf: z = x + y in float, 2048 elements per block on 8 blocks (Atlas A2).
// The kernel uses TBuf scratch instead of TQue, so it has to order the pipes by hand:
// MTE2 (GM -> UB) must finish before V reads the data, V must finish before MTE3 (UB -> GM).
// FAULTY: the V -> MTE3 sync is there, the MTE2 -> V sync is missing. Add may read xLocal and
// yLocal before the copy-in has landed; the CPU twin runs in program order and never notices.
#include <cstdio>
#include "acl/acl.h"
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BLOCK_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 2048;
constexpr int32_t TOTAL_LENGTH = BLOCK_LENGTH * BLOCK_NUM;

class KernelAddTbuf {
public:
    __aicore__ inline KernelAddTbuf() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z)
    {
        xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        zGm.SetGlobalBuffer((__gm__ float *)z + GetBlockIdx() * BLOCK_LENGTH, BLOCK_LENGTH);
        pipe.InitBuffer(xBuf, BLOCK_LENGTH * sizeof(float));
        pipe.InitBuffer(yBuf, BLOCK_LENGTH * sizeof(float));
        pipe.InitBuffer(zBuf, BLOCK_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        LocalTensor<float> xLocal = xBuf.Get<float>();
        LocalTensor<float> yLocal = yBuf.Get<float>();
        LocalTensor<float> zLocal = zBuf.Get<float>();

        DataCopy(xLocal, xGm, BLOCK_LENGTH);
        DataCopy(yLocal, yGm, BLOCK_LENGTH);
        // Missing: SetFlag/WaitFlag<HardEvent::MTE2_V> so that Add waits for both copies
        Add(zLocal, xLocal, yLocal, BLOCK_LENGTH);

        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(zGm, zLocal, BLOCK_LENGTH);
    }

private:
    TPipe pipe;
    TBuf<TPosition::VECCALC> xBuf;
    TBuf<TPosition::VECCALC> yBuf;
    TBuf<TPosition::VECCALC> zBuf;
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> zGm;
};

extern "C" __global__ __aicore__ void add_tbuf(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    KernelAddTbuf op;
    op.Init(x, y, z);
    op.Process();
}

int main()
{
    size_t bytes = TOTAL_LENGTH * sizeof(float);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);

    float *xHost = nullptr;
    float *yHost = nullptr;
    float *zHost = nullptr;
    aclrtMallocHost((void **)&xHost, bytes);
    aclrtMallocHost((void **)&yHost, bytes);
    aclrtMallocHost((void **)&zHost, bytes);
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        xHost[i] = (float)i;
        yHost[i] = 1.0f;
    }
    void *xDevice = nullptr;
    void *yDevice = nullptr;
    void *zDevice = nullptr;
    aclrtMalloc(&xDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&yDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&zDevice, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xDevice, bytes, xHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(yDevice, bytes, yHost, bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    add_tbuf<<<BLOCK_NUM, nullptr, stream>>>((GM_ADDR)xDevice, (GM_ADDR)yDevice, (GM_ADDR)zDevice);
    aclError ret = aclrtSynchronizeStream(stream);
    aclrtMemcpy(zHost, bytes, zDevice, bytes, ACL_MEMCPY_DEVICE_TO_HOST);

    int32_t wrong = 0;
    for (int32_t i = 0; i < TOTAL_LENGTH; i++) {
        if (zHost[i] != xHost[i] + yHost[i]) {
            wrong++;
        }
    }
    printf("sync ret = %d, wrong elements: %d of %d\n", ret, wrong, TOTAL_LENGTH);

    aclrtFree(zDevice);
    aclrtFree(yDevice);
    aclrtFree(xDevice);
    aclrtFreeHost(zHost);
    aclrtFreeHost(yHost);
    aclrtFreeHost(xHost);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return wrong == 0 ? 0 : 1;
}
