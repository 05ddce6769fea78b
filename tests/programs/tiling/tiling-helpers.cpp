// The host tiling functions of LayerNorm, SoftMax and Sort over ge::Shape, filling a tiling
// class that nests the library's LayerNormTiling.
#include <cstdio>
#include <cstdint>
#include <vector>
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(NormTiling)
TILING_DATA_FIELD_DEF(uint32_t, tmpSize);
TILING_DATA_FIELD_DEF_STRUCT(LayerNormTiling, ln);
END_TILING_DATA_DEF;
} // namespace optiling

int main()
{
    std::vector<int64_t> dims = {2, 16, 64, 60};
    ge::Shape bsh(dims);
    printf("shape %zu %ld %ld %ld\n", bsh.GetDimNum(), bsh.GetDim(3), bsh.GetDim(9), bsh.GetShapeSize());
    uint32_t maxSize = 0;
    uint32_t minSize = 0;
    AscendC::GetLayerNormMaxMinTmpSize(bsh, sizeof(float), false, maxSize, minSize);
    optiling::NormTiling tiling;
    tiling.set_tmpSize(minSize);
    AscendC::GetLayerNormNDTilingInfo(bsh, minSize, sizeof(float), false, tiling.ln);
    printf("layernorm %u %u | %u %u %u %u | %zu\n", minSize, maxSize, tiling.ln.bLength, tiling.ln.sLength,
        tiling.ln.hLength, tiling.ln.originalHLength, tiling.GetDataSize());

    ge::Shape ar({4, 24});
    AscendC::GetLayerNormMaxMinTmpSize(ar, sizeof(float), false, true, false, maxSize, minSize);
    AscendC::tiling::LayerNormSeparateTiling separate;
    AscendC::GetLayerNormNDTilingInfo(ar, minSize, sizeof(float), false, true, separate);
    printf("separate %u %u | %u %u\n", minSize, maxSize, separate.aLength, separate.rLength);

    ge::Shape rows({2, 4, 32});
    SoftMaxTiling softmax;
    uint32_t smMin = AscendC::GetSoftMaxMinTmpSize(rows, sizeof(float), false);
    uint32_t smMax = AscendC::GetSoftMaxMaxTmpSize(rows, sizeof(float), false);
    AscendC::SoftMaxTilingFunc(rows, sizeof(float), smMin, softmax);
    printf("softmax %u %u | %u %u\n", smMin, smMax, softmax.srcM, softmax.srcK);

    AscendC::SortConfig config;
    ge::Shape flat({128});
    AscendC::GetSortMaxMinTmpSize(flat, ge::DT_FLOAT, ge::DT_UINT32, false, config, maxSize, minSize);
    printf("sort %u %u | %d %d\n", minSize, maxSize, (int)ge::DT_UINT32, (int)ge::DT_BF16);
    return 0;
}
