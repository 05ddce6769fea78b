// Every stream slot is taken before a capture forks: the sub stream cannot get one (207005),
// the capture is invalidated and aclmdlRICaptureEnd returns 507903.
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
    // Take every stream slot, then give one back for the capture's own stream.
    aclrtStream last = nullptr;
    for (int i = 0; i < 100000; ++i) {
        aclrtStream extra = nullptr;
        if (aclrtCreateStream(&extra) != ACL_SUCCESS) break;
        last = extra;
    }
    aclrtDestroyStream(last);
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
    aclrtRecordEvent(join, side);
    aclrtStreamWaitEvent(origin, join);
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
