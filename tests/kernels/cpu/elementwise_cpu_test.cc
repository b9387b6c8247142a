// The cpu element-wise family's kernels called directly against the reference kernels (a
// run-time decline fails here instead of falling back): ReduceMean / ReduceSum over one
// contiguous run of axes, leading, middle or trailing, on odd shapes; Transpose of uint8, int64
// and float16 tensors (the quantized attention's), bit for bit.
#include <random>
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

TEST(ElementwiseCpu, TransposeOfOtherTypesMovesTheSameBytes) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> u(0, 255);
  std::vector<uint8_t> bytes(1 * 13 * 4 * 7);
  for (auto& b : bytes) b = static_cast<uint8_t>(u(rng));
  const std::vector<int64_t> dims = {1, 13, 4, 7};
  const ir::Tensor u8 = ir::Tensor::FromVector<uint8_t>(ir::DataType::kUint8, dims, bytes);
  std::vector<int64_t> longs(bytes.begin(), bytes.end());
  const ir::Tensor i64 = ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, dims, longs);
  std::vector<uint16_t> halves(bytes.begin(), bytes.end());
  const ir::Tensor f16 = ir::Tensor::FromVector<uint16_t>(ir::DataType::kFloat16, dims, halves);
  for (const ir::Tensor* t : {&u8, &i64, &f16})
    for (const std::vector<int64_t>& perm :
         {std::vector<int64_t>{0, 2, 1, 3}, {0, 2, 3, 1}, {3, 2, 1, 0}, {0, 1, 2, 3}}) {
      HostileRun r{"Transpose", {*t}, {AInts("perm", perm)}, 1, 13, ""};
      ExpectCpuMatchesReference(
          r, 0, 0, std::string(ir::DataTypeName(t->dtype())) + " " + ShapeString(perm));
    }
}

// ONNX Runtime's global pooling sums four lanes (element i into lane i % 4 while a whole group
// of four remains), adds the lanes as (l0 + l2) + (l1 + l3), then the rest one by one, and divides
// by the plane's size: the cpu kernel gives those bits.
TEST(ElementwiseCpu, GlobalAveragePoolSumsInOnnxRuntimesOrder) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(-3.f, 3.f);
  for (const std::vector<int64_t>& dims : {std::vector<int64_t>{1, 5, 7, 9}, {2, 3, 160, 160}}) {
    const int64_t plane = dims[2] * dims[3], nc = dims[0] * dims[1];
    std::vector<float> x(static_cast<size_t>(nc * plane));
    for (float& v : x) v = u(rng);
    HostileRun r{"GlobalAveragePool",
                 {ir::Tensor::FromVector<float>(ir::DataType::kFloat, dims, x)},
                 {},
                 1,
                 13,
                 ""};
    auto y = RunKernel(kernels::kCpuProvider, r, nullptr);
    ASSERT_TRUE(y.ok()) << y.status().message();
    for (int64_t c = 0; c < nc; ++c) {
      const float* p = x.data() + c * plane;
      float lane[4] = {0, 0, 0, 0};
      int64_t i = 0;
      for (; i + 4 <= plane; i += 4)
        for (int k = 0; k < 4; ++k) lane[k] += p[i + k];
      float sum = (lane[0] + lane[2]) + (lane[1] + lane[3]);
      for (; i < plane; ++i) sum += p[i];
      const float want = sum / static_cast<float>(plane);
      EXPECT_EQ(y->tensor.data<float>()[c], want) << "channel " << c << " of " << ShapeString(dims);
    }
  }
}

}  // namespace
}  // namespace onnxlens::testing
