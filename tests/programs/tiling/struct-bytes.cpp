// A plain struct copied into malloc'ed bytes with memcpy, and a tiling object saved into a
// buffer smaller than its data (SaveToBuffer copies nothing then).
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>

struct Header {
    uint16_t tag;
    uint32_t length;
    float ratio;
};

namespace optiling {
BEGIN_TILING_DATA_DEF(SmallTiling)
TILING_DATA_FIELD_DEF(uint32_t, a);
TILING_DATA_FIELD_DEF(uint32_t, b);
TILING_DATA_FIELD_DEF(uint32_t, c);
END_TILING_DATA_DEF;
} // namespace optiling

int main()
{
    Header h;
    h.tag = 0x0102;
    h.length = 300;
    h.ratio = 1.5f;
    uint8_t* bytes = (uint8_t*)malloc(sizeof(Header));
    memcpy(bytes, &h, sizeof(Header));
    printf("header %zu:", sizeof(Header));
    for (size_t i = 0; i < sizeof(Header); i++) printf(" %02x", bytes[i]);
    printf("\n");

    optiling::SmallTiling t;
    t.set_a(1);
    t.set_b(2);
    t.set_c(3);
    uint8_t small[8] = {0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee};
    t.SaveToBuffer(small, sizeof(small));
    printf("small %zu: %02x %02x\n", t.GetDataSize(), small[0], small[4]);
    free(bytes);
    return 0;
}
