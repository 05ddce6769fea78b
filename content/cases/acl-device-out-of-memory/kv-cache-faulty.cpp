// An inference server on a 64 GB Atlas A2 card sizes its KV cache at start-up.
// FAULTY: the cache size is a constant worked out for an empty card (48 GiB). Another process on
// the same card already holds 24 GiB, so aclrtMalloc returns 207001
// (ACL_ERROR_RT_MEMORY_ALLOCATION) and the screen shows EL0004.
#include <cstdio>
#include "acl/acl.h"

constexpr size_t GiB = 1024ULL * 1024 * 1024;
constexpr size_t KV_CACHE_BYTES = 48 * GiB;   // "the card has 64 GB"
constexpr size_t BLOCK_BYTES = 2 * 1024 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *kvCache = nullptr;
    aclError ret = aclrtMalloc(&kvCache, KV_CACHE_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret != ACL_SUCCESS) {
        printf("KV cache allocation of %zu bytes failed, ret = %d\n", KV_CACHE_BYTES, ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclrtResetDevice(0);
        aclFinalize();
        return 1;
    }
    printf("KV cache: %zu blocks\n", KV_CACHE_BYTES / BLOCK_BYTES);
    aclrtFree(kvCache);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
