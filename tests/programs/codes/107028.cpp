// An event recorded while its stream is being captured belongs to the graph, not to the stream:
// waiting for it on the host gives ACL_ERROR_RT_EVENT_CAPTURED (107028).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtEvent done = nullptr;
    aclrtCreateEvent(&done);

    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    aclrtRecordEvent(done, stream);
    aclError ret = aclrtSynchronizeEvent(done);
    printf("aclrtSynchronizeEvent on an event recorded during capture ret = %d\n", ret);
    aclmdlRICaptureEnd(stream, &graph);

    aclmdlRIDestroy(graph);
    aclrtDestroyEvent(done);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
