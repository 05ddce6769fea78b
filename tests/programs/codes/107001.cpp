// A device id beyond the devices present: ACL_ERROR_RT_INVALID_DEVICEID (107001).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    uint32_t count = 0;
    aclrtGetDeviceCount(&count);
    aclError ret = aclrtSetDevice(8);
    printf("%u device(s); aclrtSetDevice(8) ret = %d\n", count, ret);
    aclFinalize();
    return 0;
}
