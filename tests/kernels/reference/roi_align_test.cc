// RoiAlign reference kernel: a constant image averages to its value, max mode, and the errors
// for boxes, batch indices and attributes the backend tests leave out.
#include <gtest/gtest.h>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

ir::Tensor F(std::vector<int64_t> dims, std::vector<float> v) {
  return Values<float>(ir::DataType::kFloat, std::move(dims), std::move(v));
}

TEST(RoiAlignReference, ConstantImageAveragesToItsValue) {
  const ir::Tensor x = F({1, 1, 4, 4}, std::vector<float>(16, 3.0f));
  for (const char* ctm : {"half_pixel", "output_half_pixel"}) {
    auto out = ComputeDirectOutputs("reference",
                                    {"RoiAlign",
                                     {x, F({1, 4}, {0.5f, 0.5f, 3.0f, 3.0f}), Int64s({1}, {0})},
                                     {AInt("output_height", 2), AInt("output_width", 3),
                                      AString("coordinate_transformation_mode", ctm)},
                                     1,
                                     16,
                                     ""});
    ASSERT_TRUE(out.ok()) << out.status().message();
    const ir::Tensor& y = (*out)[0].tensor;
    ASSERT_EQ(y.dims(), std::vector<int64_t>({1, 1, 2, 3}));
    for (int i = 0; i < 6; ++i) EXPECT_NEAR(y.data<float>()[i], 3.0f, 1e-6) << ctm;
  }
}

TEST(RoiAlignReference, BadBoxesAndIndicesAreErrors) {
  const ir::Tensor x = F({1, 1, 4, 4}, std::vector<float>(16, 1.0f));
  ExpectStatusError(
      ComputeDirect("reference",
                    {"RoiAlign", {x, F({1, 4}, {0, 0, 1, 1}), Int64s({1}, {1})}, {}, 1, 16, ""}),
      "batch_indices[0] is 1, outside the batch of 1");
  ExpectStatusError(
      ComputeDirect("reference",
                    {"RoiAlign", {x, F({1, 3}, {0, 0, 1}), Int64s({1}, {0})}, {}, 1, 16, ""}),
      "rois has shape [1,3], expected [num_rois, 4]");
  ExpectStatusError(
      ComputeDirect(
          "reference",
          {"RoiAlign", {x, F({2, 4}, std::vector<float>(8)), Int64s({1}, {0})}, {}, 1, 16, ""}),
      "batch_indices has shape [1], expected [2]");
  ExpectStatusError(ComputeDirect("reference", {"RoiAlign",
                                                {x, F({1, 4}, {0, 0, 1, 1}), Int64s({1}, {0})},
                                                {AString("mode", "median")},
                                                1,
                                                16,
                                                ""}),
                    "mode 'median' is not avg or max");
}

}  // namespace
}  // namespace onnxlens::testing
