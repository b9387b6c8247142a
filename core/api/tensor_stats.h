// What the sidebar shows of a tensor (an initializer or a Constant's value): its first values as
// text, min / max / mean / standard deviation, sparsity (the share of exact zeros), NaN and Inf
// counts and a histogram of the finite values. One pass over the data for the moments, one for
// the histogram; nothing is copied or converted wholesale (a 1 GiB weight costs no extra memory).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace onnxlens::ir {
class Tensor;
}

namespace onnxlens::api {

struct TensorStats {
  std::string dtype;  ///< "float32", ...
  std::vector<int64_t> dims;
  int64_t numel = 0;
  uint64_t bytes = 0;
  /// First values as text ("0.0123", "7", "true", "\"abc\""), at most `first` of them.
  std::vector<std::string> first_values;
  bool numeric = false;  ///< false for strings and undefined types: no moments, no histogram
  int64_t finite = 0;    ///< elements counted in the moments and the histogram
  int64_t nan_count = 0, inf_count = 0;
  double min = 0, max = 0, mean = 0, stddev = 0;  ///< over the finite values (population std)
  double sparsity = 0;                            ///< zeros / numel
  /// Histogram of the finite values: `bins.size()` equal bins over [hist_min, hist_max] (one bin
  /// holding everything when min == max).
  double hist_min = 0, hist_max = 0;
  std::vector<int64_t> bins;
};

/// `first` values listed, `bins` histogram bins (at least 1).
TensorStats ComputeTensorStats(const ir::Tensor& t, int first = 64, int bins = 64);

/// A short text of a number as the sidebar prints it (up to 6 significant digits).
std::string FormatStat(double v);

}  // namespace onnxlens::api
