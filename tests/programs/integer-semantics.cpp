// C++ integer semantics the interpreter must keep: wrap-around, truncating division, unsigned
// comparison, shifts, casts, sizeof, enums and a switch.
#include <cstdio>

enum class Kind : uint8_t { Small = 1, Large = 4 };
enum Color { RED, GREEN = 5, BLUE };

int main()
{
    int32_t big = 2147483647;
    big = big + 1;
    uint32_t u = 0;
    u = u - 1;
    int32_t q = -7 / 2;
    int32_t r = -7 % 2;
    uint8_t b = (uint8_t)300;
    int64_t one = 1;
    int64_t wide = one << 40;
    bool cmp = -1 < 0u;
    printf("%d %u %d %d %u %ld %d\n", big, u, q, r, b, wide, cmp);
    printf("sizes %zu %zu %zu %zu\n", sizeof(int16_t), sizeof(float), sizeof(uint64_t), sizeof(half));
    Color c = BLUE;
    switch (c) {
    case RED:
        printf("red\n");
        break;
    case BLUE:
        printf("blue %d\n", (int)c);
    default:
        printf("fell through\n");
    }
    int32_t k = static_cast<int32_t>(Kind::Large) * 3;
    int32_t n = 0;
    do {
        n += 2;
    } while (n < k);
    printf("k=%d n=%d %x %05.2f\n", k, n, 255, 3.14159);
    return 0;
}
