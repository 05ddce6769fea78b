// An inference service on Atlas A2: the main thread owns the device and the compute stream,
// and a loader thread uploads each request's input to device memory in the background.
// FIXED: the main thread hands its context to the loader, which binds it with
// aclrtSetCurrentContext before its first AscendCL call.
#include <cstdio>
#include <thread>
#include "acl/acl.h"

constexpr int32_t REQUESTS = 4;
constexpr size_t INPUT_BYTES = 1024 * 1024;

static void *g_hostInputs[REQUESTS];
static void *g_deviceInputs[REQUESTS];

static void LoadInputs(aclrtContext context)
{
    aclError bind = aclrtSetCurrentContext(context);   // contexts are per thread
    if (bind != ACL_SUCCESS) {
        printf("loader: aclrtSetCurrentContext failed, ret = %d\n", bind);
        return;
    }
    for (int32_t i = 0; i < REQUESTS; i++) {
        aclError ret = aclrtMalloc(&g_deviceInputs[i], INPUT_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
        if (ret != ACL_SUCCESS) {
            printf("loader: aclrtMalloc failed, ret = %d\n", ret);
            printf("%s\n", aclGetRecentErrMsg());
            g_deviceInputs[i] = nullptr;
            return;
        }
        aclrtMemcpy(g_deviceInputs[i], INPUT_BYTES, g_hostInputs[i], INPUT_BYTES,
                    ACL_MEMCPY_HOST_TO_DEVICE);
    }
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtContext context = nullptr;
    aclrtGetCurrentContext(&context);  // device 0's default context, to share with the loader
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    for (int32_t i = 0; i < REQUESTS; i++) {
        aclrtMallocHost(&g_hostInputs[i], INPUT_BYTES);
    }

    std::thread loader(LoadInputs, context);
    loader.join();

    int32_t ready = 0;
    for (int32_t i = 0; i < REQUESTS; i++) {
        if (g_deviceInputs[i] != nullptr) {
            ready++;
            aclrtFree(g_deviceInputs[i]);
        }
        aclrtFreeHost(g_hostInputs[i]);
    }
    printf("%d of %d inputs on the device\n", ready, REQUESTS);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ready == REQUESTS ? 0 : 1;
}
