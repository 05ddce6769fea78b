// A serving process that pre-reserves device memory for its cache at start-up, so that later
// requests never have to call aclrtMalloc.
// FAULTY: it reserves all but 64 KB of what aclrtGetMemInfo reports free. Any other process that opens the
// same card afterwards (a monitoring or evaluation job, see eval-job.cpp) fails already in
// aclrtSetDevice: the runtime needs a little device memory to set the card up, gets none, and
// returns 507033 (ACL_ERROR_RT_DEV_SETUP_ERROR).
#include <cstdio>
#include <unistd.h>
#include "acl/acl.h"

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    size_t freeBytes = 0;
    size_t totalBytes = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes);
    size_t reserve = freeBytes - 64 * 1024;     // everything free but a 64 KB margin
    void *cache = nullptr;
    aclError ret = aclrtMalloc(&cache, reserve, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("cache reserve: %zu of %zu bytes, ret = %d\n", reserve, totalBytes, ret);
    sleep(600);                                 // serving requests
    aclrtFree(cache);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
