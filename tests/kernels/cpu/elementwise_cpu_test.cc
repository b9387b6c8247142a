// The cpu element-wise family's kernels called directly against the reference kernels (a
// run-time decline fails here instead of falling back): ReduceMean / ReduceSum over one
// contiguous run of axes, leading, middle or trailing, on odd shapes.
#include <string>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using kernels::ShapeString;

TEST(ElementwiseCpu, ReductionsOverAContiguousRunOfAxes) {
  struct Case {
    std::vector<int64_t> x, axes;
  };
  const Case cases[] = {
      {{1, 129, 24}, {1}},      // silero_vad's mean over the channels
      {{3, 13, 127}, {-1}},     // trailing
      {{3, 13, 127}, {1, 2}},   // trailing run
      {{13, 1, 127}, {0}},      // leading
      {{2, 13, 5, 7}, {1, 2}},  // middle run
      {{1}, {0}},               // a single element
      {{127, 13}, {0, 1}},      // every axis
  };
  uint32_t seed = 70;
  for (const char* op : {"ReduceMean", "ReduceSum"})
    for (const Case& c : cases)
      for (int keep : {0, 1}) {
        // opset 12: axes is an attribute of both ops.
        const HostileRun r{
            op, {RandomTensor(c.x, seed++)}, {AInts("axes", c.axes), AInt("keepdims", keep)}, 1, 12,
            ""};
        ExpectCpuMatchesReference(r, 1e-5, 1e-6,
                                  std::string(op) + " " + ShapeString(c.x) + " axes " +
                                      ShapeString(c.axes) + " keepdims " + std::to_string(keep));
      }
}

TEST(ElementwiseCpu, ReductionOverSeparatedAxesIsDeclined) {
  const HostileRun r{
      "ReduceMean", {RandomTensor({2, 3, 4}, 1)}, {AInts("axes", {0, 2})}, 1, 12, ""};
  EXPECT_FALSE(RunKernel(kernels::kCpuProvider, r, nullptr).ok());
}

}  // namespace
}  // namespace onnxlens::testing
