// Calibration collectors: MinMax (extremes, moving average, symmetric), Percentile and Entropy
// thresholds over histograms merged across samples.
#include "quant/histogram.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace onnxlens::quant {
namespace {

TensorRange Collect(const CalibrationOptions& o, const std::vector<std::vector<float>>& samples) {
  auto c = MakeCollector(o);
  for (const auto& s : samples) c->Add(s.data(), static_cast<int64_t>(s.size()));
  return c->Result();
}

TEST(HistogramTest, MinMaxTakesTheExtremesOverSamples) {
  CalibrationOptions o;
  const TensorRange r = Collect(o, {{-1, 0.5f, 2}, {-3, 1}});
  EXPECT_FLOAT_EQ(r.rmin, -3);
  EXPECT_FLOAT_EQ(r.rmax, 2);
}

TEST(HistogramTest, MinMaxMovingAverageAveragesTheSamplesRanges) {
  CalibrationOptions o;
  o.moving_average = true;
  const TensorRange r = Collect(o, {{-1, 0.5f, 2}, {-3, 1}});
  EXPECT_FLOAT_EQ(r.rmin, -2);
  EXPECT_FLOAT_EQ(r.rmax, 1.5f);
}

TEST(HistogramTest, MinMaxSymmetricMirrorsTheLargerSide) {
  CalibrationOptions o;
  o.symmetric = true;
  const TensorRange r = Collect(o, {{-1, 0.5f, 2}, {-3, 1}});
  EXPECT_FLOAT_EQ(r.rmin, -3);
  EXPECT_FLOAT_EQ(r.rmax, 3);
}

TEST(HistogramTest, NansAreIgnored) {
  CalibrationOptions o;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const TensorRange r = Collect(o, {{nan, -1, 1}});
  EXPECT_FLOAT_EQ(r.rmin, -1);
  EXPECT_FLOAT_EQ(r.rmax, 1);
}

std::vector<float> Uniform(int n, float scale, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-scale, scale);
  std::vector<float> v(n);
  for (float& x : v) x = u(rng);
  return v;
}

TEST(HistogramTest, SymmetricPercentileCutsARareOutlier) {
  CalibrationOptions o;
  o.method = CalibrationMethod::kPercentile;
  o.symmetric = true;
  o.percentile = 99.9;
  std::vector<float> a = Uniform(20000, 1.0f, 1);
  a.push_back(100.0f);  // one value in 20001
  const TensorRange r = Collect(o, {a});
  EXPECT_GT(r.rmax, 0.9f);
  EXPECT_LT(r.rmax, 1.2f);
  EXPECT_FLOAT_EQ(r.rmin, -r.rmax);
}

TEST(HistogramTest, SymmetricPercentileGrowsItsBinsForALargerSample) {
  CalibrationOptions o;
  o.method = CalibrationMethod::kPercentile;
  o.symmetric = true;
  o.percentile = 99.0;
  // The second sample is ten times wider and as large: the threshold must reach past the first.
  const TensorRange r = Collect(o, {Uniform(5000, 1.0f, 2), Uniform(5000, 10.0f, 3)});
  EXPECT_GT(r.rmax, 5.0f);
  EXPECT_LE(r.rmax, 10.0f);
}

TEST(HistogramTest, AsymmetricPercentileClampsToTheSeenRange) {
  CalibrationOptions o;
  o.method = CalibrationMethod::kPercentile;
  o.percentile = 100.0;
  std::vector<float> a = Uniform(1000, 1.0f, 4);
  for (float& x : a) x = x * 0.5f + 1.5f;  // [1, 2]
  const TensorRange r = Collect(o, {a});
  EXPECT_GE(r.rmin, 1.0f);
  EXPECT_LE(r.rmax, 2.0f);
}

TEST(HistogramTest, EntropyWithAsManyBinsAsQuantizedBinsKeepsTheWholeRange) {
  // ONNX Runtime's defaults (128 bins, 128 quantized bins) leave one candidate: the full
  // histogram, clamped to what was seen.
  CalibrationOptions o;
  o.method = CalibrationMethod::kEntropy;
  const TensorRange r = Collect(o, {{-1, 0, 0.5f, 3}});
  EXPECT_FLOAT_EQ(r.rmin, -1);
  EXPECT_FLOAT_EQ(r.rmax, 3);
}

TEST(HistogramTest, EntropyWithFinerBinsCutsTheTail) {
  CalibrationOptions o;
  o.method = CalibrationMethod::kEntropy;
  o.num_bins = 2048;
  std::mt19937 rng(5);
  std::normal_distribution<float> n(0.0f, 1.0f);
  std::vector<float> a(50000);
  for (float& x : a) x = n(rng);
  a.push_back(40.0f);
  const TensorRange r = Collect(o, {a});
  EXPECT_LT(r.rmax, 20.0f);  // the lone outlier is not worth the resolution it costs
  EXPECT_GT(r.rmax, 2.0f);
}

TEST(HistogramTest, EntropyMergesSamplesOfDifferentWidths) {
  CalibrationOptions o;
  o.method = CalibrationMethod::kEntropy;
  const TensorRange narrow_first = Collect(o, {Uniform(1000, 1.0f, 6), Uniform(1000, 4.0f, 7)});
  EXPECT_GT(narrow_first.rmax, 3.0f);
  EXPECT_LT(narrow_first.rmin, -3.0f);
  const TensorRange zero_first = Collect(o, {{0, 0, 0}, Uniform(1000, 2.0f, 8)});
  EXPECT_GT(zero_first.rmax, 1.5f);
}

TEST(HistogramTest, ThresholdFunctionsOnAHandMadeHistogram) {
  Histogram h;
  h.counts = {0, 10, 70, 20};  // edges -2, -1, 0, 1, 2
  h.lo = -2;
  h.hi = 2;
  const TensorRange p = PercentileThreshold(h, -1.5f, 1.5f, 80.0, false);
  // 10% cut on each side: the left edge where the cdf reaches 0.1, the right where it reaches 0.9
  EXPECT_FLOAT_EQ(p.rmin, -1.0f);
  EXPECT_FLOAT_EQ(p.rmax, 1.0f);
}

}  // namespace
}  // namespace onnxlens::quant
