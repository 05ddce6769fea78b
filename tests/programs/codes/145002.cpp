// A model file that is not among the program's files: GE finds no real path and
// aclmdlLoadFromFile returns ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID (145002).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    uint32_t modelId = 0;
    aclError ret = aclmdlLoadFromFile("./model/resnet50.om", &modelId);
    printf("aclmdlLoadFromFile ret = %d\n", ret);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
