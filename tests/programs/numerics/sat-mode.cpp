// aclrtSetDeviceSatMode: a half Add whose sums overflow (and one NaN input) runs once on the
// default stream, made by aclrtSetDevice before the mode was set, and once on a stream created
// after aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION). Prints the return codes, the mode
// aclrtGetDeviceSatMode reports, and the result bits of both runs.
#include "acl/acl.h"
#include "kernel_operator.h"
#include <cstdio>

constexpr uint32_t N = 16;

extern "C" __global__ __aicore__ void add_half(GM_ADDR x, GM_ADDR y, GM_ADDR z)
{
    AscendC::GlobalTensor<half> xGm, yGm, zGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, N);
    yGm.SetGlobalBuffer((__gm__ half *)y, N);
    zGm.SetGlobalBuffer((__gm__ half *)z, N);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    auto a = ub.Alloc<half, N>();
    auto b = ub.Alloc<half, N>();
    auto c = ub.Alloc<half, N>();
    AscendC::DataCopy(a, xGm, N);
    AscendC::DataCopy(b, yGm, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Add(c, a, b, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(zGm, c, N);
}

void show(const char *name, const uint16_t *bits)
{
    printf("%s", name);
    for (uint32_t i = 0; i < N; i++) {
        printf(" %04x", bits[i]);
    }
    printf("\n");
}

int main()
{
    aclInit(nullptr);
    aclrtSetDevice(0);
    size_t bytes = N * sizeof(uint16_t);
    uint16_t *x, *y, *z;
    aclrtMallocHost((void **)&x, bytes);
    aclrtMallocHost((void **)&y, bytes);
    aclrtMallocHost((void **)&z, bytes);
    for (uint32_t i = 0; i < N; i++) {
        x[i] = 0x7a00 + i;   // 49152 + 32 i: the sums overflow half
        y[i] = 0x7a00;
    }
    x[1] = 0xfa00;           // -49152 + -49152: overflows towards -inf
    y[1] = 0xfa00;
    x[2] = 0x7e00;           // NaN
    x[3] = 0x3c00;           // 1 + 49152 stays finite
    void *dx, *dy, *dz;
    aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dz, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dx, bytes, x, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(dy, bytes, y, bytes, ACL_MEMCPY_HOST_TO_DEVICE);

    aclrtFloatOverflowMode before;
    aclrtGetDeviceSatMode(&before);
    aclError set = aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION);
    aclrtFloatOverflowMode after;
    aclrtGetDeviceSatMode(&after);
    aclError other = aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN);
    aclError bad = aclrtSetDeviceSatMode((aclrtFloatOverflowMode)5);
    printf("before %d set %d after %d infnan %d bad %d\n", (int)before, (int)set, (int)after,
           (int)other, (int)bad);
    aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION);

    add_half<<<1, nullptr, nullptr>>>((uint8_t *)dx, (uint8_t *)dy, (uint8_t *)dz);
    aclrtSynchronizeDevice();
    aclrtMemcpy(z, bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    show("default", z);

    aclrtStream stream;
    aclrtCreateStream(&stream);
    add_half<<<1, nullptr, stream>>>((uint8_t *)dx, (uint8_t *)dy, (uint8_t *)dz);
    aclrtSynchronizeStream(stream);
    aclrtMemcpy(z, bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    show("created", z);

    aclrtDestroyStream(stream);
    aclrtFree(dx);
    aclrtFree(dy);
    aclrtFree(dz);
    aclrtFreeHost(x);
    aclrtFreeHost(y);
    aclrtFreeHost(z);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
