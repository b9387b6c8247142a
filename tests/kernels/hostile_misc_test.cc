// The smaller kernel families on hostile inputs (issue 17): MaxUnpool, Einsum, losses,
// quantization, sequences, and output sizes from input values past the cap on one tensor (an
// error before any allocation, not a failed one).
#include "kernels/hostile_model.h"

#include <cmath>
#include <limits>

namespace onnxlens::testing {
namespace {

class HostileMisc : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Run(const HostileRun& r) { return RunOn(GetParam(), r); }
  static ir::Tensor U8(std::vector<int64_t> dims, std::vector<uint8_t> v) {
    return Values<uint8_t>(ir::DataType::kUint8, std::move(dims), std::move(v));
  }
  static ir::Tensor F(std::vector<int64_t> dims, std::vector<float> v) {
    return Values<float>(ir::DataType::kFloat, std::move(dims), std::move(v));
  }
};

TEST_P(HostileMisc, MaxUnpoolIndicesNotShapedLikeX) {
  const std::vector<Attr> a = {AInts("kernel_shape", {2, 2}), AInts("strides", {2, 2})};
  ExpectRunError(Run({"MaxUnpool", {Floats({1, 1, 2, 2}), Int64s({1, 1, 3}, {0, 1, 2})}, a}),
                 "indices I has shape [1,1,3], expected [1,1,2,2]");
  ExpectRunError(Run({"MaxUnpool", {Floats({1, 1, 1, 1}), Int64s({1, 1, 1, 1}, {100})}, a}),
                 "index 100 is out of range");
  ExpectRunError(
      Run({"MaxUnpool", {Floats({1, 1, 1, 1}), Int64s({1, 1, 1, 1}, {0}), Int64s({2}, {2, 2})}, a}),
      "output_shape [2,2] does not have the rank of X [1,1,1,1]");
}

TEST_P(HostileMisc, EinsumEllipsisOnTooFewDimensions) {
  ExpectRunError(Run({"Einsum", {Floats({3})}, {AString("equation", "...ij->...ji")}}),
                 "operand 0 has rank 1, fewer than the 2 indices of ...ij");
  ExpectRunError(Run({"Einsum", {Floats({2, 3})}, {AString("equation", "ij->ik")}}),
                 "output index k appears in no operand");
}

TEST_P(HostileMisc, LossWeightShorterThanTheClasses) {
  ExpectRunError(
      Run({"NegativeLogLikelihoodLoss", {Floats({2, 3}), Int64s({2}, {0, 2}), Floats({2})}}),
      "weight has 2 values for 3 classes");
}

TEST_P(HostileMisc, QuantizationParameters) {
  ExpectRunError(Run({"QuantizeLinear", {Floats({2, 3}), Floats({3}), U8({2}, {0, 0})}}),
                 "zero point has 2 values for 3 scales");
  ExpectRunError(Run({"DequantizeLinear", {U8({3}, {1, 2, 3}), Floats({0})}}), "scale is empty");
  ExpectRunError(Run({"DequantizeLinear", {U8({}, {1}), Floats({2}), U8({2}, {0, 0})}}),
                 "x with a per-axis scale has shape [], needs rank >= 1");
  ExpectRunError(
      Run({"MatMulInteger",
           {U8({2, 3}, {1, 2, 3, 4, 5, 6}), U8({3, 2}, {1, 2, 3, 4, 5, 6}), U8({3}, {0, 0, 0})}}),
      "a_zero_point has 3 values for 2 rows of A");
  const ir::Tensor a = U8({1, 2}, {1, 2}), b = U8({2, 1}, {3, 4});
  ExpectRunError(
      Run({"QLinearMatMul",
           {a, Floats({0}), U8({}, {0}), b, F({}, {1}), U8({}, {0}), F({}, {1}), U8({}, {0})}}),
      "a_scale has 0 values, needs 1");
  ExpectRunError(Run({"QLinearMatMul",
                      {a, F({}, {1}), U8({}, {0}), b, F({3}, {1, 1, 1}), U8({}, {0}), F({}, {1}),
                       U8({}, {0})}}),
                 "b_scale has 3 values, needs 1 or 1 (one per column of B)");
}

TEST_P(HostileMisc, SplitToSequenceSplitsOutsideTheAxis) {
  ExpectRunError(Run({"SplitToSequence", {Floats({4}), Int64s({}, {0})}}),
                 "split 0 is not positive");
  ExpectRunError(Run({"SplitToSequence", {Floats({4}), Int64s({2}, {3, 3})}}),
                 "split [3,3] does not fit axis 0 of size 4");
  ExpectRunError(Run({"SplitToSequence", {Floats({4}), Int64s({2}, {-1, 5})}}),
                 "split [-1,5] does not fit axis 0 of size 4");
}

TEST_P(HostileMisc, SplitToSequenceSplitsThatLeaveSomeOfTheAxisOut) {
  ExpectRunError(Run({"SplitToSequence", {Floats({4}), Int64s({2}, {1, 2})}}),
                 "split [1,2] sums to 3, not the 4 of axis 0");
}

// Answers that were silently wrong, now right (issue 17).
const ir::Tensor& Output(const runtime::NamedValues& out, const std::string& name) {
  for (const auto& [n, v] : out)
    if (n == name) return v.tensor;
  ADD_FAILURE() << "no output " << name;
  static const ir::Tensor none;
  return none;
}

template <typename T>
std::vector<T> Elements(const runtime::NamedValues& out, const std::string& name) {
  const ir::Tensor& t = Output(out, name);
  return t.numel() ? std::vector<T>(t.data<T>(), t.data<T>() + t.numel()) : std::vector<T>{};
}

TEST_P(HostileMisc, EinsumUpperCaseLettersAreNotTakenForTheEllipsis) {
  // 'A' was also the first placeholder of '...': "...A,...A->..." summed the wrong axes.
  const ir::Tensor a = F({2, 3}, {1, 2, 3, 4, 5, 6}), b = F({2, 3}, {1, 1, 1, 2, 2, 2});
  auto out = Run({"Einsum", {a, b}, {AString("equation", "...A,...A->...")}});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(Elements<float>(*out, "out0"), (std::vector<float>{6, 30}));
  ExpectRunError(Run({"Einsum", {a}, {AString("equation", "i.j->ij")}}),
                 "character 1 is not a letter, ',', '->' or '...'");
}

TEST_P(HostileMisc, UniqueKeepsInt64ValuesADoubleCannotTellApart) {
  const int64_t big = (int64_t{1} << 53) + 1;
  auto out = Run({"Unique", {Int64s({4}, {big, big - 1, big, big + 2})}, {}, 4});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(Elements<int64_t>(*out, "out0"), (std::vector<int64_t>{big - 1, big, big + 2}));
  EXPECT_EQ(Elements<int64_t>(*out, "out3"), (std::vector<int64_t>{1, 2, 1}));
  EXPECT_EQ(Elements<int64_t>(*out, "out2"), (std::vector<int64_t>{1, 0, 1, 2}));
}

TEST_P(HostileMisc, UniqueCollapsesNansAndSortsThemLast) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto out = Run({"Unique", {F({5}, {nan, 2, nan, 1, 2})}, {}, 4});
  ASSERT_TRUE(out.ok()) << out.status().message();
  const std::vector<float> y = Elements<float>(*out, "out0");
  ASSERT_EQ(y.size(), 3u);
  EXPECT_EQ(y[0], 1);
  EXPECT_EQ(y[1], 2);
  EXPECT_TRUE(std::isnan(y[2]));
  EXPECT_EQ(Elements<int64_t>(*out, "out3"), (std::vector<int64_t>{1, 2, 2}));
}

TEST_P(HostileMisc, GatherNdWithEmptyIndexTuplesTakesWholeSlices) {
  // indices [2, 0]: two empty tuples, each selecting all of data [2, 2]: output [2, 2, 2].
  auto out = Run({"GatherND", {F({2, 2}, {1, 2, 3, 4}), Int64s({2, 0}, {})}});
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(Output(*out, "out0").dims(), (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(Elements<float>(*out, "out0"), (std::vector<float>{1, 2, 3, 4, 1, 2, 3, 4}));
}

TEST_P(HostileMisc, OutputSizesPastTheTensorCap) {
  const int64_t g = int64_t{1} << 31;
  ExpectRunError(Run({"Tile", {Floats({1, 1}), Int64s({2}, {g, g})}}),
                 "the tiled shape [2147483648,2147483648] has 4611686018427387904 elements, more "
                 "than the");
  ExpectRunError(Run({"Expand", {Floats({1}), Int64s({3}, {1 << 20, 1 << 20, 1 << 10})}}),
                 "the expanded shape [1048576,1048576,1024] has");
  ExpectRunError(Run({"OneHot", {Int64s({4}, {0, 1, 2, 3}), Int64s({}, {g - 1}), Floats({2})}}),
                 "the output [4,2147483647] has");
  ExpectRunError(Run({"Resize",
                      {Floats({1, 1, 2, 2}), Floats({0}), Floats({0}), Int64s({4}, {1, 1, g, g})},
                      {},
                      1,
                      13}),
                 "the resized output [1,1,2147483648,2147483648] has");
  ExpectRunError(Run({"HannWindow", {Int64s({}, {int64_t{1} << 40})}, {}, 1, 17}),
                 "the window [1099511627776] has");
  ExpectRunError(Run({"Pad", {Floats({1}), Int64s({2}, {0, int64_t{1} << 40})}}),
                 "the padded output [1099511627777] has");
}

TEST_P(HostileMisc, SpectralSizesFromTensors) {
  const int64_t huge = int64_t{1} << 40;
  ExpectRunError(Run({"DFT", {Floats({1, 8, 1}), Int64s({}, {huge})}}),
                 "output [1,1099511627776,2] has");
  ExpectRunError(Run({"DFT", {Floats({1, 8, 1}), Int64s({}, {-3})}}),
                 "dft_length must be positive, got -3");
  ExpectRunError(Run({"DFT", {Floats({1, 8, 1}), Int64s({2}, {4, 4})}}),
                 "dft_length must be a scalar, has shape [2]");
  // No signals: an empty output, however long dft_length (nothing of that length is allocated).
  auto empty = Run({"DFT", {Floats({0, 8, 1}), Int64s({}, {huge})}});
  ASSERT_TRUE(empty.ok()) << empty.status().message();
  EXPECT_EQ(Output(*empty, "out0").dims(), (std::vector<int64_t>{0, huge, 2}));
  ExpectRunError(Run({"STFT", {Floats({1, 16, 1}), Int64s({}, {0}), Floats({4})}}),
                 "frame_step must be positive, got 0");
  ExpectRunError(Run({"STFT", {Floats({1, 16, 1}), Int64s({}, {-2}), Floats({4})}}),
                 "frame_step must be positive, got -2");
  ExpectRunError(
      Run({"STFT", {Floats({1, 16, 1}), Int64s({}, {1}), std::nullopt, Int64s({}, {huge})}}),
      "frame_length 1099511627776 is longer than the signal (16)");
  ExpectRunError(Run({"STFT", {Floats({1, 16, 1}), Int64s({}, {1}), Floats({4}), Int64s({}, {5})}}),
                 "window has 4 values for frame_length 5");
  ExpectRunError(Run({"STFT", {Floats({1, 16, 3}), Int64s({}, {1}), Floats({4})}}),
                 "expected rank >= 3 with a last dimension of 1 (real) or 2 (complex)");
}

TEST_P(HostileMisc, GridSampleShapes) {
  ExpectRunError(Run({"GridSample", {Floats({1, 2, 3, 3}), Floats({1, 4, 4, 3})}, {}, 1, 16}),
                 "input grid has shape [1,4,4,3], expected [1, H_out, W_out, 2]");
  ExpectRunError(Run({"GridSample", {Floats({2, 2, 3, 3}), Floats({1, 4, 4, 2})}, {}, 1, 16}),
                 "expected [2, H_out, W_out, 2]");
  ExpectRunError(Run({"GridSample", {Floats({1, 2, 0, 3}), Floats({1, 4, 4, 2})}, {}, 1, 16}),
                 "nothing to sample");
  const int64_t g = int64_t{1} << 20;
  ExpectRunError(Run({"GridSample", {Floats({1, g, 1, 1}), Floats({1, 1, g, 2})}, {}, 1, 16}),
                 "output Y [1,1048576,1,1048576] has");
}

TEST_P(HostileMisc, GemmOperandsOfAnotherTypeAtTheKernel) {
  const ir::Tensor d = Values<double>(ir::DataType::kDouble, {2, 2}, {1, 2, 3, 4});
  ExpectStatusError(ComputeDirect(GetParam(), {"Gemm", {Floats({2, 2}), d}}),
                    "B is float64, expected float32");
}

TEST(HostileSequence, ConcatFromSequenceOfTensorsThatDoNotConcatenate) {
  // The chunks are copied by the first tensor's sizes: a longer second tensor was read past.
  auto model = HostileModel("ConcatFromSequence", {Floats({1})}, {AInt("axis", 0)}, 1, 17, "");
  const ir::Node& node = *model->graph->nodes()[0];
  kernels::KernelRegistry registry;
  kernels::RegisterReferenceKernels(registry);
  const kernels::KernelDef* def = registry.Find(node, 17, kernels::kReferenceProvider);
  ASSERT_NE(def, nullptr);
  auto kernel = def->factory(kernels::KernelInfo{node, 17});
  ASSERT_TRUE(kernel.ok());
  const kernels::RtValue seq =
      kernels::RtValue::FromSequence({Floats({2, 3}), Floats({2, 5})}, ir::DataType::kFloat);
  std::vector<kernels::RtValue> outs(1);
  kernels::OpKernelContext ctx(node, {&seq}, &outs, nullptr, nullptr);
  ExpectStatusError((*kernel)->Compute(ctx), "which do not concatenate along axis 0");
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileMisc, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
