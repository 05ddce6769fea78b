// A stream of one context used after another context became current:
// ACL_ERROR_RT_STREAM_CONTEXT (107003).
#include "acl/acl.h"
#include <cstdio>

int main()
{
    aclInit(nullptr);
    aclrtContext first = nullptr;
    aclrtContext second = nullptr;
    aclrtCreateContext(&first, 0);
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    aclrtCreateContext(&second, 0);  // the new context is now current
    aclError ret = aclrtSynchronizeStream(stream);
    printf("stream of the first context used in the second ret = %d\n", ret);
    aclrtSetCurrentContext(first);
    aclrtDestroyStream(stream);
    aclrtDestroyContext(second);
    aclrtDestroyContext(first);
    aclFinalize();
    return 0;
}
