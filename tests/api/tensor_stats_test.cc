// Tensor statistics against values worked out by hand (numpy gives the same: population std).
#include "api/tensor_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/tensor.h"
#include "kernels/float16.h"

namespace onnxlens::api {
namespace {

using ir::DataType;
using ir::Tensor;

TEST(TensorStats, MomentsSparsityAndHistogramOfFloats) {
  const Tensor t = Tensor::FromVector<float>(DataType::kFloat, {2, 3}, {0, 1, 2, 3, 0, 6});
  const TensorStats s = ComputeTensorStats(t, 4, 3);
  EXPECT_EQ(s.dtype, "float32");
  EXPECT_EQ(s.numel, 6);
  EXPECT_EQ(s.bytes, 24u);
  EXPECT_TRUE(s.numeric);
  EXPECT_EQ(s.first_values, (std::vector<std::string>{"0", "1", "2", "3"}));
  EXPECT_DOUBLE_EQ(s.min, 0);
  EXPECT_DOUBLE_EQ(s.max, 6);
  EXPECT_DOUBLE_EQ(s.mean, 2);
  EXPECT_NEAR(s.stddev * s.stddev, 50.0 / 6 - 4, 1e-12);  // E[x²] − mean²
  EXPECT_DOUBLE_EQ(s.sparsity, 2.0 / 6);
  // bins of width 2 over [0, 6]: [0,2) {0,1,0} [2,4) {2,3} [4,6] {6}
  EXPECT_EQ(s.bins, (std::vector<int64_t>{3, 2, 1}));
  EXPECT_DOUBLE_EQ(s.hist_min, 0);
  EXPECT_DOUBLE_EQ(s.hist_max, 6);
}

TEST(TensorStats, NanAndInfAreCountedNotAveraged) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const Tensor t = Tensor::FromVector<float>(DataType::kFloat, {4}, {1, nan, inf, 3});
  const TensorStats s = ComputeTensorStats(t);
  EXPECT_EQ(s.nan_count, 1);
  EXPECT_EQ(s.inf_count, 1);
  EXPECT_EQ(s.finite, 2);
  EXPECT_DOUBLE_EQ(s.mean, 2);
  EXPECT_EQ(s.first_values[1], "nan");
  EXPECT_EQ(s.first_values[2], "inf");
}

// The bin width (hi - lo) / bins overflowed to inf for [-1e308, 1e308] and underflowed to 0 for a
// span of denormals, and the bin index conversion was undefined (found by fuzz_tensor_file).
TEST(TensorStats, HistogramOfExtremeAndDenormalSpansPutsEveryValueInABin) {
  const Tensor wide = Tensor::FromVector<double>(DataType::kDouble, {3}, {-1e308, 0, 1e308});
  const TensorStats w = ComputeTensorStats(wide, 4, 4);
  ASSERT_EQ(w.bins.size(), 4u);
  EXPECT_EQ(w.bins[0], 1);
  EXPECT_EQ(w.bins[2], 1);
  EXPECT_EQ(w.bins[3], 1);
  const double tiny = std::numeric_limits<double>::denorm_min();
  const Tensor narrow = Tensor::FromVector<double>(DataType::kDouble, {3}, {0, tiny, tiny});
  const TensorStats n = ComputeTensorStats(narrow, 4, 64);
  ASSERT_EQ(n.bins.size(), 64u);
  EXPECT_EQ(n.bins[0], 1);
  EXPECT_EQ(n.bins[63], 2);
}

TEST(TensorStats, ConstantTensorHasOneBin) {
  const Tensor t = Tensor::FromVector<float>(DataType::kFloat, {3}, {5, 5, 5});
  const TensorStats s = ComputeTensorStats(t, 64, 16);
  EXPECT_EQ(s.bins, (std::vector<int64_t>{3}));
  EXPECT_DOUBLE_EQ(s.stddev, 0);
}

TEST(TensorStats, IntegersPrintEveryDigitAndHalfFloatsConvert) {
  const Tensor i = Tensor::FromVector<int64_t>(DataType::kInt64, {2}, {1234567890123, -1});
  const TensorStats si = ComputeTensorStats(i);
  EXPECT_EQ(si.first_values, (std::vector<std::string>{"1234567890123", "-1"}));
  EXPECT_DOUBLE_EQ(si.min, -1);
  const Tensor h = Tensor::FromVector<uint16_t>(
      DataType::kFloat16, {2}, {kernels::FloatToHalf(0.5f), kernels::FloatToHalf(-2.0f)});
  const TensorStats sh = ComputeTensorStats(h);
  EXPECT_EQ(sh.first_values, (std::vector<std::string>{"0.5", "-2"}));
  EXPECT_DOUBLE_EQ(sh.mean, -0.75);
  const Tensor b = Tensor::FromVector<uint8_t>(DataType::kBool, {3}, {1, 0, 1});
  const TensorStats sb = ComputeTensorStats(b);
  EXPECT_EQ(sb.first_values, (std::vector<std::string>{"true", "false", "true"}));
  EXPECT_DOUBLE_EQ(sb.sparsity, 1.0 / 3);
}

TEST(TensorStats, StringsListValuesWithoutMoments) {
  auto t = Tensor::FromStrings({2}, {"a", "b\"c"});
  ASSERT_TRUE(t.ok());
  const TensorStats s = ComputeTensorStats(*t);
  EXPECT_FALSE(s.numeric);
  EXPECT_TRUE(s.bins.empty());
  ASSERT_EQ(s.first_values.size(), 2u);
  EXPECT_EQ(s.first_values[0], "\"a\"");
}

TEST(TensorStats, EmptyTensor) {
  const Tensor t = Tensor::FromVector<float>(DataType::kFloat, {0, 3}, {});
  const TensorStats s = ComputeTensorStats(t);
  EXPECT_EQ(s.numel, 0);
  EXPECT_EQ(s.finite, 0);
  EXPECT_TRUE(s.bins.empty());
  EXPECT_TRUE(s.first_values.empty());
}

}  // namespace
}  // namespace onnxlens::api
