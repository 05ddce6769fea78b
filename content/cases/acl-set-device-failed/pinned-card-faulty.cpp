// A worker process started by a launcher that pins it to physical card 1 of a two-card server:
//   ASCEND_RT_VISIBLE_DEVICES=1 ./worker
// FAULTY: the worker still opens "card 1". With the variable set, the process sees one device,
// numbered 0, so aclrtSetDevice(1) returns 107001 (ACL_ERROR_RT_INVALID_DEVICEID).
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t CARD = 1;   // the card the deployment assigned to this worker

int main()
{
    aclInit(nullptr);
    aclError ret = aclrtSetDevice(CARD);
    if (ret != ACL_SUCCESS) {
        printf("aclrtSetDevice(%d) failed, ret = %d\n", CARD, ret);
        printf("%s\n", aclGetRecentErrMsg());
        aclFinalize();
        return 1;
    }
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    void *buffer = nullptr;
    aclrtMalloc(&buffer, 64 * 1024 * 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    printf("worker ready on card %d\n", CARD);

    aclrtFree(buffer);
    aclrtDestroyStream(stream);
    aclrtResetDevice(CARD);
    aclFinalize();
    return 0;
}
