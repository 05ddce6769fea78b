#include <cstdio>
#include <cstdint>
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(InnerTiling)
TILING_DATA_FIELD_DEF(uint32_t, rows);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(DemoTiling)
TILING_DATA_FIELD_DEF(uint8_t, flag);
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF_ARR(uint16_t, 3, dims);
TILING_DATA_FIELD_DEF(uint64_t, big);
TILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);
TILING_DATA_FIELD_DEF(uint32_t, tail);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Demo, DemoTiling)
}

int main() {
    optiling::DemoTiling t;
    uint16_t dims[3] = {10, 20, 30};
    t.set_flag(7);
    t.set_total(0x01020304);
    t.set_dims(dims);
    t.set_big(5000000000ULL);
    t.inner.set_rows(9);
    t.set_tail(0xAABBCCDD);
    uint8_t buf[48] = {0};
    t.SaveToBuffer(buf, sizeof(buf));
    printf("size %zu inner %zu total %u dims2 %u\n", t.GetDataSize(), t.inner.GetDataSize(), t.get_total(), t.get_dims()[2]);
    for (int i = 0; i < 40; i++) printf("%02x%s", buf[i], (i % 8 == 7) ? "\n" : " ");
    return 0;
}
