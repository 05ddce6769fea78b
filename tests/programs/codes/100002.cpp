// aclInit called twice: the second call returns ACL_ERROR_REPEAT_INITIALIZE (100002), which
// the runtime FAQ says may be ignored.
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclError ret = aclInit(nullptr);
    printf("second aclInit ret = %d\n", ret);
    aclFinalize();
    return 0;
}
