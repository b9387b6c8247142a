// RoiAlign reference kernel: a constant image averages to its value, max mode, and the errors
// for boxes, batch indices and attributes the backend tests leave out; the bounds on the work
// the file's sampling_ratio, output size and boxes may ask for.
#include <gtest/gtest.h>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

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

TEST(RoiAlignReference, WorkFromTheFileIsBounded) {
  const ir::Tensor x = F({1, 2, 4, 4}, std::vector<float>(32, 1.0f));
  const ir::Tensor box = F({1, 4}, {0, 0, 3, 3});
  // sampling_ratio 5000: more than 4096 samples along an axis of a bin
  ExpectStatusError(
      ComputeDirect(
          "reference",
          {"RoiAlign", {x, box, Int64s({1}, {0})}, {AInt("sampling_ratio", 5000)}, 1, 16, ""}),
      "rois[0] needs 5000 x 5000 samples per bin (sampling_ratio 5000), more than "
      "the 65536 a bin may take");
  // 300 x 300 samples per bin: within the per-axis bound, past the per-bin one
  ExpectStatusError(
      ComputeDirect(
          "reference",
          {"RoiAlign", {x, box, Int64s({1}, {0})}, {AInt("sampling_ratio", 300)}, 1, 16, ""}),
      "rois[0] needs 300 x 300 samples per bin");
  // adaptive sampling of a huge box: ceil(1e6 / 1) samples along each axis
  ExpectStatusError(
      ComputeDirect(
          "reference",
          {"RoiAlign", {x, F({1, 4}, {0, 0, 1e6f, 1e6f}), Int64s({1}, {0})}, {}, 1, 16, ""}),
      "samples per bin (sampling_ratio 0), more than the 65536 a bin may take");
  // 200 regions x 2 channels x 128 x 128 bins x 256 samples: 1.7e9 each is fine, 64 x more is not
  const int64_t R = 200;
  std::vector<float> boxes;
  for (int64_t r = 0; r < R; ++r) boxes.insert(boxes.end(), {0, 0, 3, 3});
  ExpectStatusError(
      ComputeDirect("reference", {"RoiAlign",
                                  {x, F({R, 4}, boxes), Int64s({R}, std::vector<int64_t>(R, 0))},
                                  {AInt("sampling_ratio", 128), AInt("output_height", 128),
                                   AInt("output_width", 128)},
                                  1,
                                  16,
                                  ""}),
      "the 200 regions need 107374182400 bilinear samples (2 channels x 128 x 128 "
      "bins x the samples per bin), more than the 4294967296 a RoiAlign may take");
}

}  // namespace
}  // namespace onnxlens::testing
