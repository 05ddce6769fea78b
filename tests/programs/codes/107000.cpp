// A stream destroyed twice: the second aclrtDestroyStream gets a handle that is no longer a
// live stream, ACL_ERROR_RT_PARAM_INVALID (107000).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtDestroyStream(stream);
    aclError ret = aclrtDestroyStream(stream);
    printf("second aclrtDestroyStream ret = %d\n", ret);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
