// GridSample reference kernel: cases the backend tests leave out (identity grids, one-pixel
// images under reflection, far-away and NaN grid points) and attribute / shape errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

std::vector<float> Sample(const ir::Tensor& x, const ir::Tensor& grid, std::vector<Attr> attrs) {
  auto outs = ComputeDirectOutputs("reference", {"GridSample", {x, grid}, attrs, 1, 16, ""});
  EXPECT_TRUE(outs.ok()) << outs.status().message();
  if (!outs.ok()) return {};
  const ir::Tensor& t = (*outs)[0].tensor;
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

TEST(GridSampleReference, IdentityGridWithAlignedCornersReproducesTheImage) {
  // 2 x 3 image; the grid hits every pixel centre exactly when align_corners = 1.
  const ir::Tensor x = F({1, 1, 2, 3}, {1, 2, 3, 4, 5, 6});
  const ir::Tensor grid = F({1, 2, 3, 2}, {-1, -1, 0, -1, 1, -1, -1, 1, 0, 1, 1, 1});
  for (const char* mode : {"bilinear", "nearest", "bicubic"}) {
    const auto y = Sample(x, grid, {AInt("align_corners", 1), AString("mode", mode)});
    ASSERT_EQ(y.size(), 6u) << mode;
    for (int i = 0; i < 6; ++i) EXPECT_NEAR(y[i], float(i + 1), 1e-5) << mode << " " << i;
  }
}

TEST(GridSampleReference, PaddingModesOutsideTheImage) {
  const ir::Tensor x = F({1, 1, 1, 2}, {10, 20});
  // x = 3 (far right), y = 0.
  const ir::Tensor grid = F({1, 1, 1, 2}, {3, 0});
  EXPECT_EQ(Sample(x, grid, {AString("padding_mode", "zeros")}), std::vector<float>({0}));
  EXPECT_EQ(Sample(x, grid, {AString("padding_mode", "border")}), std::vector<float>({20}));
  // align_corners 0: x = ((3 + 1) * 2 - 1) / 2 = 3.5, reflected in [-0.5, 1.5] to -0.5 + 0 ...
  const auto refl = Sample(x, grid, {AString("padding_mode", "reflection")});
  ASSERT_EQ(refl.size(), 1u);
  EXPECT_GE(refl[0], 10.0f);
  EXPECT_LE(refl[0], 20.0f);
}

TEST(GridSampleReference, OnePixelImagesAndNonFiniteGridsStayInside) {
  const ir::Tensor x = F({1, 1, 1, 1}, {7});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const ir::Tensor grid = F({1, 1, 3, 2}, {1e30f, -1e30f, nan, 0, 0.3f, 0.9f});
  for (const char* pad : {"zeros", "border", "reflection"})
    for (const char* mode : {"bilinear", "nearest", "bicubic"})
      for (int ac : {0, 1}) {
        const auto y = Sample(
            x, grid,
            {AString("padding_mode", pad), AString("mode", mode), AInt("align_corners", ac)});
        ASSERT_EQ(y.size(), 3u);
        EXPECT_EQ(y[1], 0.0f) << "a NaN grid point samples nothing";
      }
}

TEST(GridSampleReference, BadAttributesAndShapesAreErrors) {
  const ir::Tensor x = F({1, 1, 2, 2}, {1, 2, 3, 4});
  const ir::Tensor grid = F({1, 1, 1, 2}, {0, 0});
  ExpectStatusError(
      ComputeDirect("reference", {"GridSample", {x, grid}, {AString("mode", "area")}, 1, 16, ""}),
      "mode 'area' is not one of bilinear, nearest, bicubic");
  ExpectStatusError(
      ComputeDirect("reference",
                    {"GridSample", {x, grid}, {AString("padding_mode", "wrap")}, 1, 16, ""}),
      "padding_mode 'wrap' is not one of zeros, border, reflection");
  ExpectStatusError(
      ComputeDirect("reference", {"GridSample", {x, F({1, 1, 1, 3}, {0, 0, 0})}, {}, 1, 16, ""}),
      "input grid has shape [1,1,1,3], expected [1, H_out, W_out, 2]");
  ExpectStatusError(
      ComputeDirect("reference", {"GridSample", {F({2, 2}, {1, 2, 3, 4}), grid}, {}, 1, 16, ""}),
      "input X has shape [2,2], expected [N, C, H, W]");
}

}  // namespace
}  // namespace onnxlens::testing
