// Device memory freed twice: the second aclrtFree finds no such allocation,
// ACL_ERROR_RT_MEMORY_FREE (207002).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *buffer = nullptr;
    aclrtMalloc(&buffer, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtFree(buffer);
    aclError ret = aclrtFree(buffer);
    printf("second aclrtFree ret = %d\n", ret);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
