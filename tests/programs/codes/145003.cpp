// aclmdlGetDesc with a model id no loaded model has: ACL_ERROR_GE_EXEC_MODEL_ID_INVALID (145003).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclmdlDesc *desc = aclmdlCreateDesc();
    aclError ret = aclmdlGetDesc(desc, 512);
    printf("aclmdlGetDesc ret = %d\n", ret);
    aclmdlDestroyDesc(desc);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
