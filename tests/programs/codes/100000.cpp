// aclrtMalloc with a size of 0: the runtime rejects the argument with
// ACL_ERROR_INVALID_PARAM (100000).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *buffer = nullptr;
    aclError ret = aclrtMalloc(&buffer, 0, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("aclrtMalloc(size 0) ret = %d\n", ret);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
