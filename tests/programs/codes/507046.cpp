// A synchronisation with a 100 ms timeout on a stream whose kernel never finishes:
// ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046).
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
    aclError ret = aclrtSynchronizeStreamWithTimeout(stream, 100);
    printf("aclrtSynchronizeStreamWithTimeout(100 ms) ret = %d\n", ret);
    return 0;
}
