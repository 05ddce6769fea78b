// Device memory allocated in 1 GiB blocks and never freed until aclrtMalloc fails with
// ACL_ERROR_RT_MEMORY_ALLOCATION (207001); the driver prints EL0004 on the screen.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    const size_t block = 1024UL * 1024 * 1024;
    void *blocks[256];
    int taken = 0;
    aclError ret = ACL_SUCCESS;
    while (taken < 256) {
        ret = aclrtMalloc(&blocks[taken], block, ACL_MEM_MALLOC_HUGE_FIRST);
        if (ret != ACL_SUCCESS) break;
        taken++;
    }
    printf("allocated %d GiB, then aclrtMalloc ret = %d\n", taken, ret);
    for (int i = 0; i < taken; i++) aclrtFree(blocks[i]);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
