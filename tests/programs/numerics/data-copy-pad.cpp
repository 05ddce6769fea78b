// DataCopyPad with padding: three rows of 11 halves, 5 halves apart in GM, each laid in UB as
// 2 halves of padding, the row, and 3 more halves of padding (32 bytes a row); the padded rows
// go to `padded` whole; then the rows unpadded, and out of UB to `rows` end to end.
#include "kernel_operator.h"

constexpr uint32_t ROWS = 3;
constexpr uint32_t ROW = 11;
constexpr uint32_t GAP = 5;

extern "C" __global__ __aicore__ void copy_pad(GM_ADDR x, GM_ADDR padded, GM_ADDR rows)
{
    AscendC::TPipe pipe;
    // VECIN to VECOUT: EnQue/DeQue order the copy in (MTE2) before the copy out (MTE3).
    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> inQueue;
    AscendC::GlobalTensor<half> xGm, paddedGm, rowsGm;
    xGm.SetGlobalBuffer((__gm__ half *)x, ROWS * (ROW + GAP));
    paddedGm.SetGlobalBuffer((__gm__ half *)padded, ROWS * 16);
    rowsGm.SetGlobalBuffer((__gm__ half *)rows, ROWS * ROW);
    pipe.InitBuffer(inQueue, 1, ROWS * 32);

    AscendC::LocalTensor<half> local = inQueue.AllocTensor<half>();
    AscendC::DataCopyExtParams in = {ROWS, ROW * sizeof(half), GAP * sizeof(half), 0, 0};
    AscendC::DataCopyPadExtParams<half> pad = {true, 2, 3, (half)7.0};
    AscendC::DataCopyPad(local, xGm, in, pad);
    inQueue.EnQue(local);
    local = inQueue.DeQue<half>();
    AscendC::DataCopy(paddedGm, local, ROWS * 16);
    inQueue.FreeTensor(local);
    AscendC::PipeBarrier<PIPE_ALL>();
    // The rows again without padding (each starts a 32-byte block in UB), then out of UB with
    // the alignment dropped: the rows end to end in GM.
    local = inQueue.AllocTensor<half>();
    AscendC::DataCopyPadExtParams<half> none = {false, 0, 0, (half)0};
    AscendC::DataCopyPad(local, xGm, in, none);
    inQueue.EnQue(local);
    local = inQueue.DeQue<half>();
    AscendC::DataCopyExtParams out = {ROWS, ROW * sizeof(half), 0, 0, 0};
    AscendC::DataCopyPad(rowsGm, local, out);
    inQueue.FreeTensor(local);
}
