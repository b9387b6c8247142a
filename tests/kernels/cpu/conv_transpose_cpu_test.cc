// The cpu ConvTranspose kernel (one GEMM per image and group, then col2im) against the reference
// kernel on odd shapes: 1 / 13 / 127 channels, kernel equal to stride (ppocr_det's upsampling),
// overlapping taps, groups, dilations, asymmetric pads, output_padding, output_shape and
// auto_pad, 1-D, a 1x1 input, inputs of several row blocks; inline and split over two threads.
// Tolerance: |cpu - ref| <= 1e-4 + 1e-4 |ref| (float GEMM sums vs the reference's double).
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using kernels::ShapeString;

struct ConvTransposeCase {
  std::vector<int64_t> x, w;
  int64_t group;
  std::vector<int64_t> strides, pads, dilations, output_padding, output_shape;
  std::string auto_pad;
  bool bias;
};

TEST(ConvTransposeCpu, MatchesReference) {
  const std::vector<ConvTransposeCase> cases = {
      {{1, 24, 13, 11}, {24, 24, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {}, {}, "", true},
      {{1, 24, 9, 7}, {24, 1, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {}, {}, "", true},
      {{2, 13, 7, 5}, {13, 5, 4, 4}, 1, {2, 2}, {1, 1, 1, 1}, {1, 1}, {}, {}, "", false},
      {{1, 127, 3, 3}, {127, 3, 3, 3}, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}, {}, {}, "", true},
      {{1, 8, 6, 5}, {8, 3, 3, 3}, 4, {2, 1}, {0, 1, 2, 0}, {1, 1}, {1, 0}, {}, "", true},
      {{1, 4, 5, 5}, {4, 2, 3, 3}, 2, {3, 3}, {2, 2, 2, 2}, {2, 2}, {}, {}, "", true},
      {{1, 3, 4, 6}, {3, 2, 3, 3}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {}, {9, 13}, "", false},
      {{1, 3, 4, 6}, {3, 2, 3, 3}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {}, {}, "SAME_LOWER", true},
      {{1, 1, 1, 1}, {1, 13, 3, 3}, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}, {}, {}, "", true},
      {{2, 5, 127}, {5, 3, 7}, 1, {3}, {3, 2}, {1}, {}, {}, "", true},
      {{1, 6, 13}, {6, 1, 4}, 6, {2}, {1, 1}, {2}, {1}, {}, "", false},
      // several blocks of input rows: threads take whole blocks (taps reach <= stride) ...
      {{1, 4, 70, 33}, {4, 8, 2, 2}, 1, {2, 2}, {0, 0, 0, 0}, {1, 1}, {}, {}, "", true},
      // ... or blocks one after another when taps of neighbouring blocks overlap
      {{1, 4, 70, 33}, {4, 8, 3, 3}, 1, {2, 2}, {1, 1, 1, 1}, {1, 1}, {}, {}, "", true},
  };
  uint32_t seed = 1;
  for (const ConvTransposeCase& c : cases) {
    std::vector<std::optional<ir::Tensor>> in = {RandomTensor(c.x, seed++, -1, 1),
                                                 RandomTensor(c.w, seed++, -1, 1)};
    if (c.bias) in.push_back(RandomTensor({c.w[1] * c.group}, seed++, -1, 1));
    std::vector<Attr> a = {AInt("group", c.group), AInts("strides", c.strides),
                           AInts("dilations", c.dilations)};
    if (c.auto_pad.empty()) a.push_back(AInts("pads", c.pads));
    if (!c.auto_pad.empty()) a.push_back(AString("auto_pad", c.auto_pad));
    if (!c.output_padding.empty()) a.push_back(AInts("output_padding", c.output_padding));
    if (!c.output_shape.empty()) a.push_back(AInts("output_shape", c.output_shape));
    const std::string what = "ConvTranspose X " + ShapeString(c.x) + " W " + ShapeString(c.w) +
                             " group " + std::to_string(c.group);
    ExpectCpuMatchesReference({"ConvTranspose", in, a, 1, 17, ""}, 1e-4, 1e-4, what);
  }
}

TEST(ConvTransposeCpu, DeclinesThreeDAndNonFloat) {
  const HostileRun three_d{
      "ConvTranspose",
      {RandomTensor({1, 2, 3, 3, 3}, 1, -1, 1), RandomTensor({2, 2, 2, 2, 2}, 2, -1, 1)},
      {},
      1,
      17,
      ""};
  auto r = RunKernel(kernels::kCpuProvider, three_d, nullptr);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kUnsupported) << r.status().message();
  EXPECT_NE(r.status().message().find("1-D and 2-D"), std::string::npos) << r.status().message();
}

}  // namespace
}  // namespace onnxlens::testing
