// An inference server on a 64 GB Atlas A2 card sizes its KV cache at start-up.
// FIXED: the cache size comes from the memory that is actually free on the card (aclrtGetMemInfo),
// keeps 10 % headroom for workspaces and other processes, and is capped at the size it wants.
#include <algorithm>
#include <cstdio>
#include "acl/acl.h"

constexpr size_t GiB = 1024ULL * 1024 * 1024;
constexpr size_t KV_CACHE_WANTED = 48 * GiB;
constexpr size_t BLOCK_BYTES = 2 * 1024 * 1024;
constexpr double USABLE_SHARE = 0.9;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    size_t freeBytes = 0;
    size_t totalBytes = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes);
    size_t budget = static_cast<size_t>(freeBytes * USABLE_SHARE);
    size_t kvBytes = std::min(KV_CACHE_WANTED, budget) / BLOCK_BYTES * BLOCK_BYTES;
    printf("free %zu of %zu bytes, KV cache gets %zu\n", freeBytes, totalBytes, kvBytes);

    void *kvCache = nullptr;
    aclError ret = aclrtMalloc(&kvCache, kvBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret != ACL_SUCCESS) {
        printf("KV cache allocation of %zu bytes failed, ret = %d\n", kvBytes, ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclrtResetDevice(0);
        aclFinalize();
        return 1;
    }
    printf("KV cache: %zu blocks\n", kvBytes / BLOCK_BYTES);
    aclrtFree(kvCache);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
