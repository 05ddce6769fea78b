// A small evaluation job started on card 0 while the serving process is running.
// Not a faulty/fixed pair: the scenario runs it after reserve-all-*.cpp.
#include <cstdio>
#include "acl/acl.h"

int main()
{
    aclInit(nullptr);
    aclError ret = aclrtSetDevice(0);
    if (ret != ACL_SUCCESS) {
        printf("aclrtSetDevice(0) failed, ret = %d\n", ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclFinalize();
        return 1;
    }
    void *scratch = nullptr;
    ret = aclrtMalloc(&scratch, 64 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("evaluation %s\n", ret == ACL_SUCCESS ? "started" : "could not allocate");
    if (scratch != nullptr) {
        aclrtFree(scratch);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
