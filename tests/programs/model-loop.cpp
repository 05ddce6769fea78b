// A model-execution loop: load, build datasets, execute synchronously N times, release.
#include "acl/acl.h"
#include <cstdio>

#define INFO_LOG(fmt, ...) printf("[INFO]  " fmt "\n", ##__VA_ARGS__)

constexpr int32_t RUNS = 20;

int main()
{
    uint32_t modelId = 0;
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclError ret = aclmdlLoadFromFile("resnet50.om", &modelId);
    void *in = nullptr;
    void *out = nullptr;
    aclrtMalloc(&in, 602112, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&out, 4000, ACL_MEM_MALLOC_HUGE_FIRST);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    aclDataBuffer *inBuf = aclCreateDataBuffer(in, 602112);
    aclDataBuffer *outBuf = aclCreateDataBuffer(out, 4000);
    aclmdlAddDatasetBuffer(input, inBuf);
    aclmdlAddDatasetBuffer(output, outBuf);
    int32_t ok = 0;
    for (int32_t i = 0; i < RUNS; ++i) {
        if (aclmdlExecute(modelId, input, output) == ACL_SUCCESS) ok++;
    }
    printf("model %u: %d of %d runs succeeded\n", modelId, ok, RUNS);
    aclDestroyDataBuffer(inBuf);
    aclDestroyDataBuffer(outBuf);
    aclmdlDestroyDataset(input);
    aclmdlDestroyDataset(output);
    aclrtFree(in);
    aclrtFree(out);
    aclmdlUnload(modelId);
    aclrtResetDevice(0);
    aclFinalize();
    return ret;
}
