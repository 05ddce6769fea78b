/**
 * The host loop the benches time through the interpreter: `iterations` × (aclrtMalloc, a launch
 * of an empty kernel on the new buffer, aclrtFree), between the usual set-up and tear-down.
 */
export function hostLoopProgram(iterations: number): string {
	return `extern "C" __global__ __aicore__ void noop(GM_ADDR x) {}
int main() {
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    for (int32_t i = 0; i < ${iterations}; i++) {
        void *p = nullptr;
        aclrtMalloc(&p, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
        noop<<<1, nullptr, s>>>((uint8_t *)p);
        aclrtFree(p);
    }
    aclrtSynchronizeStream(s);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
`;
}
