// A stream created before any device or context is set for the thread:
// ACL_ERROR_RT_CONTEXT_NULL (107002).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtStream stream = nullptr;
    aclError ret = aclrtCreateStream(&stream);
    printf("aclrtCreateStream without a context ret = %d\n", ret);
    aclFinalize();
    return 0;
}
