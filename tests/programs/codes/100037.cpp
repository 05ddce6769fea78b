// aclFinalize without aclInit (or a second time): ACL_ERROR_REPEAT_FINALIZE (100037).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclError ret = aclFinalize();
    printf("aclFinalize without aclInit ret = %d\n", ret);
    return 0;
}
