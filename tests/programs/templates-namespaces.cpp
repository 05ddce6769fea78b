// Namespaces, a class template used with explicit arguments, a template function with a
// non-type parameter, static constexpr members, references and a function-like macro.
#include <cstdio>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

namespace tiling {
constexpr uint32_t ALIGN = 32;

template <typename T, uint32_t N>
struct Buffer {
    static constexpr uint32_t CAPACITY = N;
    uint32_t used = 0;
    uint32_t Bytes() const { return used * sizeof(T); }
};

template <uint32_t ALIGNMENT>
uint32_t AlignUp(uint32_t bytes)
{
    return CEIL_DIV(bytes, ALIGNMENT) * ALIGNMENT;
}
} // namespace tiling

void Grow(uint32_t &count, uint32_t by) { count += by; }

int main()
{
    tiling::Buffer<float, 100> buf;
    Grow(buf.used, 7);
    Grow(buf.used, 3);
    uint32_t aligned = tiling::AlignUp<tiling::ALIGN>(buf.Bytes());
    printf("used %u of %u, %u bytes, aligned %u\n", buf.used, buf.CAPACITY, buf.Bytes(), aligned);
    return 0;
}
