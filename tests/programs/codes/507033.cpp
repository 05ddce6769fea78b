// Opening a card the process cannot use (run with the card marked unusable: not mapped into the
// container, or faulty): aclrtSetDevice gives ACL_ERROR_RT_DEV_SETUP_ERROR (507033), with
// EL0003 and "Failed to open device, retCode=0x7020014".
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclError ret = aclrtSetDevice(0);
    printf("aclrtSetDevice(0) ret = %d\n", ret);
    aclFinalize();
    return 0;
}
