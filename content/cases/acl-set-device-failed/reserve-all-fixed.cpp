// A serving process that pre-reserves device memory for its cache at start-up, so that later
// requests never have to call aclrtMalloc.
// FIXED: it reserves a share of the free memory (90 %, like a memory-utilisation setting) and
// leaves the rest for the runtime and for other processes on the card.
#include <cstdio>
#include <unistd.h>
#include "acl/acl.h"

constexpr double RESERVE_SHARE = 0.9;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    size_t freeBytes = 0;
    size_t totalBytes = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes);
    size_t reserve = static_cast<size_t>(freeBytes * RESERVE_SHARE);
    void *cache = nullptr;
    aclError ret = aclrtMalloc(&cache, reserve, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("cache reserve: %zu of %zu bytes, ret = %d\n", reserve, totalBytes, ret);
    sleep(600);                                 // serving requests
    aclrtFree(cache);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
