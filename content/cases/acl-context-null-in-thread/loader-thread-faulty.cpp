// An inference service on Atlas A2: the main thread owns the device and the compute stream,
// and a loader thread uploads each request's input to device memory in the background.
// FAULTY: the loader thread never binds a context. The context made by aclrtSetDevice belongs to
// the main thread only, so the loader's first aclrtMalloc returns 107002 (ACL_ERROR_RT_CONTEXT_NULL).
#include <cstdio>
#include <thread>
#include "acl/acl.h"

constexpr int32_t REQUESTS = 4;
constexpr size_t INPUT_BYTES = 1024 * 1024;

static void *g_hostInputs[REQUESTS];
static void *g_deviceInputs[REQUESTS];

static void LoadInputs()
{
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
    aclrtSetDevice(0);                 // binds device 0's default context to the main thread
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    for (int32_t i = 0; i < REQUESTS; i++) {
        aclrtMallocHost(&g_hostInputs[i], INPUT_BYTES);
    }

    std::thread loader(LoadInputs);
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
