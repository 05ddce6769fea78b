// Inference service: loads an offline model and runs it in a loop on one stream.
// FIXED: no signal handlers. If the process is killed or crashes, the host driver notices
// the exit and releases the process's device resources itself; the next run starts clean.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_ID = 0;
constexpr int32_t LOOP_COUNT = 1000;
constexpr size_t IO_BYTES = 4 * 1024 * 1024;

uint32_t g_modelId = 0;
aclrtStream g_stream = nullptr;

int main()
{
    aclError ret = aclInit(nullptr);
    if (ret == ACL_SUCCESS) ret = aclrtSetDevice(DEVICE_ID);
    if (ret == ACL_SUCCESS) ret = aclrtCreateStream(&g_stream);
    if (ret == ACL_SUCCESS) ret = aclmdlLoadFromFile("resnet50.om", &g_modelId);
    if (ret != ACL_SUCCESS) {
        printf("init failed, ret = %d\n", ret);
        return 1;
    }
    void *devIn = nullptr;
    void *devOut = nullptr;
    aclrtMalloc(&devIn, IO_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devOut, IO_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    aclDataBuffer *inBuf = aclCreateDataBuffer(devIn, IO_BYTES);
    aclDataBuffer *outBuf = aclCreateDataBuffer(devOut, IO_BYTES);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    aclmdlAddDatasetBuffer(input, inBuf);
    aclmdlAddDatasetBuffer(output, outBuf);

    for (int32_t i = 0; i < LOOP_COUNT && ret == ACL_SUCCESS; ++i) {
        ret = aclmdlExecuteAsync(g_modelId, input, output, g_stream);
        if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(g_stream);
    }
    if (ret != ACL_SUCCESS) printf("inference failed, ret = %d\n", ret);

    // Normal exit: release everything in reverse order
    aclmdlDestroyDataset(output);
    aclmdlDestroyDataset(input);
    aclDestroyDataBuffer(outBuf);
    aclDestroyDataBuffer(inBuf);
    aclrtFree(devOut);
    aclrtFree(devIn);
    aclmdlUnload(g_modelId);
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(DEVICE_ID);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
