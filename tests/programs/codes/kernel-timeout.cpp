// A kernel that waits on a flag nobody sets: on the NPU the core waits until the device's
// timeout, and aclrtSynchronizeStream reports it — ACL_ERROR_RT_AICORE_TIMEOUT (507014) on an
// AI Core product, ACL_ERROR_RT_VECTOR_CORE_TIMEOUT (507034) on a vector-core one — with EH9999.
#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>

extern "C" __global__ __aicore__ void wait_forever(GM_ADDR x)
{
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *x = nullptr;
    aclrtMalloc(&x, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    wait_forever<<<1, nullptr, stream>>>((uint8_t *)x);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    aclrtFree(x);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
