// Allocates the activation arena of a model on Atlas A2 at start-up.
// FIXED: the arena is requested with ACL_MEM_MALLOC_HUGE_FIRST: huge pages while they last, then
// normal pages, so the allocation succeeds whenever the card has the memory at all.
#include <cstdio>
#include "acl/acl.h"

constexpr size_t ARENA_BYTES = 40ULL * 1024 * 1024 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *arena = nullptr;
    aclError ret = aclrtMalloc(&arena, ARENA_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);   // huge pages first, normal pages if they run out
    if (ret != ACL_SUCCESS) {
        printf("arena allocation failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclrtResetDevice(0);
        aclFinalize();
        return 1;
    }
    printf("arena ready\n");
    aclrtFree(arena);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
