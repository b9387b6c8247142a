// The cpu Pad kernel against the reference kernel: every mode, pads on every axis or only the
// last, odd shapes (1, 13, 127), pads wider than the axis (reflect and wrap go round more than
// once), a constant value from the input, opset 2's attributes; declines what it leaves to the
// reference kernel (negative pads, the axes input).
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using kernels::ShapeString;

TEST(PadCpu, MatchesReferenceOnOddShapesInEveryMode) {
  struct Case {
    std::vector<int64_t> x, pads;
  };
  const Case cases[] = {
      {{1, 1, 1, 1536}, {0, 0, 0, 96, 0, 0, 0, 96}},  // silero_vad's reflect pad
      {{1}, {3, 4}},
      {{13}, {0, 5}},
      {{3, 127}, {1, 2, 0, 1}},
      {{2, 13, 5}, {1, 0, 2, 0, 3, 1}},
      {{1, 3, 4, 5}, {0, 1, 7, 9, 0, 2, 6, 11}},  // pads wider than the axis
      {{2, 3, 1, 13}, {0, 0, 2, 3, 1, 0, 1, 0}},
  };
  uint32_t seed = 40;
  for (const char* mode : {"constant", "edge", "reflect", "wrap"})
    for (const Case& c : cases) {
      for (bool with_value : {false, true}) {
        std::vector<std::optional<ir::Tensor>> in = {
            RandomTensor(c.x, seed++), Int64s({static_cast<int64_t>(c.pads.size())}, c.pads)};
        if (with_value) in.push_back(Values<float>(ir::DataType::kFloat, {}, {2.5f}));
        const HostileRun r{"Pad", in, {AString("mode", mode)}, 1, 17, ""};
        ExpectCpuMatchesReference(r, 0, 0,
                                  std::string(mode) + " " + ShapeString(c.x) + " pads " +
                                      ShapeString(c.pads) + (with_value ? " value 2.5" : ""));
      }
    }
}

TEST(PadCpu, TakesOpsetTwoAttributes) {
  Attr pads = AInts("pads", {1, 0, 2, 3});
  Attr value{"value", Attr::Kind::kFloat};
  value.f = -1.f;
  const HostileRun r{"Pad", {RandomTensor({13, 7}, 5)}, {pads, value}, 1, 2, ""};
  ExpectCpuMatchesReference(r, 0, 0, "opset 2");
}

TEST(PadCpu, DeclinesNegativePadsAndTheAxesInput) {
  const HostileRun crop{"Pad", {RandomTensor({4, 5}, 1), Int64s({4}, {0, -1, 0, 0})}, {}, 1, 17,
                        ""};
  auto r = RunKernel(kernels::kCpuProvider, crop, nullptr);
  EXPECT_FALSE(r.ok());
  auto ref = RunKernel(kernels::kReferenceProvider, crop, nullptr);
  ASSERT_TRUE(ref.ok()) << ref.status().message();
  const HostileRun axes{
      "Pad", {RandomTensor({4, 5}, 1), Int64s({2}, {1, 1}), std::nullopt, Int64s({1}, {1})},
      {},    1,
      18,    ""};
  EXPECT_FALSE(RunKernel(kernels::kCpuProvider, axes, nullptr).ok());
}

}  // namespace
}  // namespace onnxlens::testing
