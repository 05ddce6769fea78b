// Video analytics service on an edge device: runs a detection model on every camera frame.
// FAULTY: nothing stops it before the system suspends. It has no way to wind down on
// kill -2, and in the scenario it is simply left running when the suspend request comes.
#include <cstdio>
#include "acl/acl.h"

constexpr int32_t DEVICE_ID = 0;
constexpr int32_t FRAME_COUNT = 100000;              // a camera feed: hours of frames
constexpr size_t FRAME_BYTES = 1920 * 1080 * 3 / 2;  // one 1080p NV12 frame
constexpr size_t RESULT_BYTES = 64 * 1024;

int main()
{
    uint32_t modelId = 0;
    aclrtStream stream = nullptr;
    aclError ret = aclInit(nullptr);
    if (ret == ACL_SUCCESS) ret = aclrtSetDevice(DEVICE_ID);
    if (ret == ACL_SUCCESS) ret = aclrtCreateStream(&stream);
    if (ret == ACL_SUCCESS) ret = aclmdlLoadFromFile("yolov5s.om", &modelId);
    if (ret != ACL_SUCCESS) {
        printf("init failed, ret = %d\n", ret);
        return 1;
    }
    void *devFrame = nullptr;
    void *devResult = nullptr;
    aclrtMalloc(&devFrame, FRAME_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&devResult, RESULT_BYTES, ACL_MEM_MALLOC_HUGE_FIRST);
    aclDataBuffer *frameBuf = aclCreateDataBuffer(devFrame, FRAME_BYTES);
    aclDataBuffer *resultBuf = aclCreateDataBuffer(devResult, RESULT_BYTES);
    aclmdlDataset *input = aclmdlCreateDataset();
    aclmdlDataset *output = aclmdlCreateDataset();
    aclmdlAddDatasetBuffer(input, frameBuf);
    aclmdlAddDatasetBuffer(output, resultBuf);

    // Every frame keeps tasks flowing to the device's task scheduler (hwts)
    for (int32_t frame = 0; frame < FRAME_COUNT && ret == ACL_SUCCESS; ++frame) {
        ret = aclmdlExecuteAsync(modelId, input, output, stream);
        if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
    }

    aclmdlDestroyDataset(output);
    aclmdlDestroyDataset(input);
    aclDestroyDataBuffer(resultBuf);
    aclDestroyDataBuffer(frameBuf);
    aclrtFree(devResult);
    aclrtFree(devFrame);
    aclmdlUnload(modelId);
    aclrtDestroyStream(stream);
    aclrtResetDevice(DEVICE_ID);
    aclFinalize();
    return ret == ACL_SUCCESS ? 0 : 1;
}
