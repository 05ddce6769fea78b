// An event recorded after a kernel that never finishes, waited on with a 100 ms timeout:
// ACL_ERROR_RT_EVENT_SYNC_TIMEOUT (507047).
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
    aclrtEvent done = nullptr;
    aclrtCreateEventWithFlag(&done, ACL_EVENT_SYNC);
    wait_forever<<<1, nullptr, stream>>>((uint8_t *)x);
    aclrtRecordEvent(done, stream);
    aclError ret = aclrtSynchronizeEventWithTimeout(done, 100);
    printf("aclrtSynchronizeEventWithTimeout(100 ms) ret = %d\n", ret);
    return 0;
}
