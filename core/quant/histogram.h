// Calibration collectors: one per tensor, fed one sample at a time so that calibration holds a
// histogram per tensor, never the tensors themselves. MinMax (optionally averaged over samples),
// and the histograms behind Entropy (KL divergence) and Percentile, with ONNX Runtime's
// calibrators' bins, merging and thresholds.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace onnxlens::quant {

enum class CalibrationMethod { kMinMax, kEntropy, kPercentile };

struct CalibrationOptions {
  CalibrationMethod method = CalibrationMethod::kMinMax;
  /// MinMax: the mean of each sample's min and max instead of the extremes over all samples.
  bool moving_average = false;
  /// The range made [-absmax, absmax] (MinMax, Entropy); Percentile: a histogram of |x| and a
  /// symmetric threshold (ONNX Runtime's default for Percentile).
  bool symmetric = false;
  double percentile = 99.999;
  int num_bins = 0;  ///< 0: the method's default (Entropy 128, Percentile 2048)
  int num_quantized_bins = 128;
};

/// A real range [rmin, rmax] for a tensor.
struct TensorRange {
  float rmin = 0;
  float rmax = 0;
};

/// Collects one tensor over samples.
class RangeCollector {
 public:
  virtual ~RangeCollector() = default;
  /// One sample's values (NaNs ignored).
  virtual void Add(const float* x, int64_t n) = 0;
  virtual TensorRange Result() const = 0;
};

std::unique_ptr<RangeCollector> MakeCollector(const CalibrationOptions& options);

/// A histogram over [lo, hi] with equal bins (the value histogram: [-t, t]).
struct Histogram {
  std::vector<int64_t> counts;
  double lo = 0, hi = 0;
  double Edge(size_t i) const { return lo + (hi - lo) * static_cast<double>(i) / counts.size(); }
};

/// ONNX Runtime's entropy threshold over a value histogram: the [edge, edge] window around the
/// zero bin whose quantization to `num_quantized_bins` bins loses the least (KL divergence),
/// clamped to [min, max] seen.
TensorRange EntropyThreshold(const Histogram& h, float min_seen, float max_seen,
                             int num_quantized_bins);

/// The threshold leaving (100 - percentile) % of the histogram's mass outside, clamped to
/// [min, max] seen; symmetric: `h` holds |x| and the range is [-t, t].
TensorRange PercentileThreshold(const Histogram& h, float min_seen, float max_seen,
                                double percentile, bool symmetric);

}  // namespace onnxlens::quant
