// A runtime call before aclInit: ACL_ERROR_UNINITIALIZE (100001).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclError ret = aclrtSetDevice(0);
    printf("aclrtSetDevice before aclInit ret = %d\n", ret);
    return 0;
}
