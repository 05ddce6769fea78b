// Helper for the shared-card scenario (not a case program): another team's job already running
// on card 0. It holds 24 GiB of device memory and keeps running.
#include <cstdio>
#include <unistd.h>
#include "acl/acl.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *held = nullptr;
    aclrtMalloc(&held, 24ULL * 1024 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("other tenant holds 24 GiB\n");
    sleep(3600);
    aclrtFree(held);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
