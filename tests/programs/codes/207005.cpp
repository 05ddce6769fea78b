// Streams created in a loop and never destroyed: past the device's stream limit
// aclrtCreateStream fails with ACL_ERROR_RT_RESOURCE_ALLOC_FAIL (207005), the plog shows
// "Alloc sq cq failed … retCode=0x7020023" and the screen EE1023.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream streams[4096];
    int created = 0;
    aclError ret = ACL_SUCCESS;
    while (created < 4096) {
        ret = aclrtCreateStream(&streams[created]);
        if (ret != ACL_SUCCESS) break;
        created++;
    }
    printf("created %d streams, then aclrtCreateStream ret = %d\n", created, ret);
    for (int i = 0; i < created; i++) aclrtDestroyStream(streams[i]);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
