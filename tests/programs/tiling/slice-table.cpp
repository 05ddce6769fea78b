// Host tiling code often picks a split from a table of pairs: the first row whose threshold the
// column count reaches gives the rows per loop.
#include <cstdio>
#include <cstdint>
#include <utility>
#include <vector>

const std::vector<std::pair<uint32_t, uint32_t>> ROWS_BY_COLUMNS = {{4096, 1}, {1024, 4}, {256, 16}, {0, 64}};

uint32_t RowsPerLoop(uint32_t columns)
{
    for (auto row : ROWS_BY_COLUMNS) {
        if (columns >= row.first) {
            return row.second;
        }
    }
    return 0;
}

int main()
{
    printf("%u %u %u %u\n", RowsPerLoop(5000), RowsPerLoop(1024), RowsPerLoop(300), RowsPerLoop(8));
    printf("%u\n", 96 / RowsPerLoop(300));
    return 0;
}
