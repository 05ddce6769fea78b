// ASCEND_RT_VISIBLE_DEVICES lists its ids out of order (run with ASCEND_RT_VISIBLE_DEVICES=1,0):
// aclrtGetDeviceCount gives ACL_ERROR_RT_NO_DEVICE (207004) and the screen code EE2002.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    uint32_t count = 0;
    aclError ret = aclrtGetDeviceCount(&count);
    printf("aclrtGetDeviceCount ret = %d, count = %u\n", ret, count);
    aclFinalize();
    return 0;
}
