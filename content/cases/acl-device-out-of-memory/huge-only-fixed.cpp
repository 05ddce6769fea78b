// Serves requests on Atlas A2: every request takes a 768 KB scratch buffer, and a request that
// finishes gives its buffer back. After a while the model asks for one large arena.
// FIXED: the arena is requested with ACL_MEM_MALLOC_HUGE_FIRST: huge pages while whole 2 MB
// frames last, then normal pages, so it succeeds whenever the card has the memory at all.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t REQUESTS = 2400;
constexpr size_t SCRATCH_BYTES = 768 * 1024;
constexpr size_t ARENA_BYTES = 512 * 1024 * 1024;

static void *scratch[REQUESTS];

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    for (int32_t i = 0; i < REQUESTS; i++) {
        aclrtMalloc(&scratch[i], SCRATCH_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    }
    // Every second request has finished.
    for (int32_t i = 0; i < REQUESTS; i += 2) {
        aclrtFree(scratch[i]);
        scratch[i] = nullptr;
    }
    size_t freeBytes = 0;
    size_t totalBytes = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &totalBytes);
    printf("free %zu MB of %zu MB\n", freeBytes / (1024 * 1024), totalBytes / (1024 * 1024));

    void *arena = nullptr;
    aclError ret = aclrtMalloc(&arena, ARENA_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret != ACL_SUCCESS) {
        printf("arena allocation failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
    } else {
        printf("arena ready\n");
        aclrtFree(arena);
    }
    for (int32_t i = 1; i < REQUESTS; i += 2) {
        aclrtFree(scratch[i]);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
