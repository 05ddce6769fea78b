// The host launches a kernel that waits on a flag nobody sets: on the NPU the core waits
// forever and the host sees the timeout at aclrtSynchronizeStream.
#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>

extern "C" __global__ __aicore__ void wait_custom(GM_ADDR x)
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
    wait_custom<<<1, nullptr, stream>>>((uint8_t *)x);
    aclError ret = aclrtSynchronizeStream(stream);
    printf("aclrtSynchronizeStream ret = %d\n", ret);
    aclrtFree(x);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
