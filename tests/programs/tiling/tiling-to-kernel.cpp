// A host tiling class filled by the host, saved to a buffer and copied to the device; the
// kernel reads it into its own plain struct word by word and scales a ramp by it.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include "acl/acl.h"
#include "kernel_operator.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaleTiling)
TILING_DATA_FIELD_DEF(uint32_t, count);
TILING_DATA_FIELD_DEF(float, scale);
TILING_DATA_FIELD_DEF_ARR(int32_t, 2, offsets);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ScaleOp, ScaleTiling)
} // namespace optiling

struct KernelTiling {
    uint32_t count;
    float scale;
    int32_t offsets[2];
};

__aicore__ inline void ReadTiling(KernelTiling* t, __gm__ uint8_t* gm)
{
    uint32_t* words = reinterpret_cast<uint32_t*>(t);
    __gm__ uint32_t* src = reinterpret_cast<__gm__ uint32_t*>(gm);
    for (uint32_t i = 0; i < sizeof(KernelTiling) / sizeof(uint32_t); i++) {
        words[i] = src[i];
    }
}

extern "C" __global__ __aicore__ void scale_ramp(__gm__ uint8_t* out, __gm__ uint8_t* tiling)
{
    KernelTiling t;
    ReadTiling(&t, tiling);
    __gm__ float* dst = reinterpret_cast<__gm__ float*>(out);
    for (uint32_t i = 0; i < t.count; i++) {
        dst[i] = static_cast<float>(i) * t.scale + static_cast<float>(t.offsets[i % 2]);
    }
}

int main()
{
    optiling::ScaleTiling tiling;
    int32_t offsets[2] = {100, -100};
    tiling.set_count(4);
    tiling.set_scale(0.5f);
    tiling.set_offsets(offsets);
    size_t size = tiling.GetDataSize();
    uint8_t* buf = (uint8_t*)malloc(size);
    tiling.SaveToBuffer(buf, size);

    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream stream;
    aclrtCreateStream(&stream);
    void* out;
    void* tilingDev;
    aclrtMalloc(&out, 4 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&tilingDev, size, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(tilingDev, size, buf, size, ACL_MEMCPY_HOST_TO_DEVICE);
    scale_ramp<<<1, nullptr, stream>>>((uint8_t*)out, (uint8_t*)tilingDev);
    aclrtSynchronizeStream(stream);
    float* host;
    aclrtMallocHost((void**)&host, 4 * sizeof(float));
    aclrtMemcpy(host, 4 * sizeof(float), out, 4 * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    printf("size %zu\n", size);
    for (int i = 0; i < 4; i++) printf("%.2f\n", host[i]);
    free(buf);
    aclrtFreeHost(host);
    aclrtFree(out);
    aclrtFree(tilingDev);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
