// A cross-stream capture whose sub stream never joins back to the origin stream:
// aclmdlRICaptureEnd returns 107025 (inner 0x703001f) with the EE1017 reason (CANN 9.1 wording).
#include <cstdio>
#include "acl/acl.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream origin = nullptr;
    aclrtStream side = nullptr;
    aclrtCreateStream(&origin);
    aclrtCreateStream(&side);
    aclrtEvent fork = nullptr;
    aclrtEvent join = nullptr;
    aclrtCreateEventExWithFlag(&fork, ACL_EVENT_SYNC);
    aclrtCreateEventExWithFlag(&join, ACL_EVENT_SYNC);
    void *dev = nullptr;
    aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(origin, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclrtRecordEvent(fork, origin);
    aclrtStreamWaitEvent(side, fork);
    aclrtMemsetAsync(dev, 4096, 0, 4096, side);
    printf("aclmdlRICaptureEnd ret = %d\n", aclmdlRICaptureEnd(origin, &graph));
    if (graph != nullptr) aclmdlRIDestroy(graph);
    aclrtDestroyEvent(join);
    aclrtDestroyEvent(fork);
    aclrtFree(dev);
    aclrtDestroyStream(side);
    aclrtDestroyStream(origin);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
