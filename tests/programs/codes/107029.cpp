// Ending a capture on a stream that never began one: ACL_ERROR_RT_STREAM_NOT_CAPTURED (107029),
// inner code 0x703001b; CANN 9.1 also prints EE1018.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclmdlRI graph = nullptr;
    aclError ret = aclmdlRICaptureEnd(stream, &graph);
    printf("aclmdlRICaptureEnd without aclmdlRICaptureBegin ret = %d\n", ret);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
