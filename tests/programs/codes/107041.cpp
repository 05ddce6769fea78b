// During a GLOBAL-mode capture, an async copy from pageable host memory (malloc, not
// aclrtMallocHost) on another stream becomes a blocking copy, which the mode forbids:
// ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC (107041) in CANN 9.1, inner code 0x7030027.
#include "acl/acl.h"
#include <cstdio>
#include <cstdlib>

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream captured = nullptr;
    aclrtStream other = nullptr;
    aclrtCreateStream(&captured);
    aclrtCreateStream(&other);
    const size_t bytes = 4096;
    void *dev = nullptr;
    aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    void *pageable = malloc(bytes);

    aclmdlRI graph = nullptr;
    aclmdlRICaptureBegin(captured, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    aclError ret = aclrtMemcpyAsync(dev, bytes, pageable, bytes, ACL_MEMCPY_HOST_TO_DEVICE, other);
    printf("pageable aclrtMemcpyAsync on another stream during capture ret = %d\n", ret);
    aclmdlRICaptureEnd(captured, &graph);

    aclmdlRIDestroy(graph);
    free(pageable);
    aclrtFree(dev);
    aclrtDestroyStream(other);
    aclrtDestroyStream(captured);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
