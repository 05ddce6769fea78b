// A program that returns without freeing its device memory and stream: the process end reports
// the leak and the driver reclaims what was left.
#include "acl/acl.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *buffers[4];
    for (int i = 0; i < 4; ++i) {
        buffers[i] = nullptr;
        aclrtMalloc(&buffers[i], 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    aclrtFree(buffers[0]);
    return 0;
}
