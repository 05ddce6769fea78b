/**
 * A test program: a kernel with one VECIN queue and one tensor allocated from it, then `body`
 * (at line 11). The check's unit tests and the CLI's tests add one statement to reach a rule.
 */
export function oneQueueKernel(body: string): string {
	return `#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void k(GM_ADDR x)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> q;
    GlobalTensor<half> g;
    g.SetGlobalBuffer((__gm__ half *)x, 1024);
    pipe.InitBuffer(q, 1, 256);
    LocalTensor<half> t = q.AllocTensor<half>();
${body}
}
`;
}
