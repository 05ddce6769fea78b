// Allocates the activation arena of a model on Atlas A2 at start-up.
// FAULTY: the arena is requested with ACL_MEM_MALLOC_HUGE_ONLY. When the card does not have that
// many huge pages left, aclrtMalloc fails with 207001 even though npu-smi shows plenty of free
// memory; the policy forbids falling back to normal pages.
#include <cstdio>
#include "acl/acl.h"

constexpr size_t ARENA_BYTES = 40ULL * 1024 * 1024 * 1024;

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    void *arena = nullptr;
    aclError ret = aclrtMalloc(&arena, ARENA_BYTES, ACL_MEM_MALLOC_HUGE_ONLY);
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
