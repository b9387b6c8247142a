// Tensor statistics.
#include "api/tensor_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/strings.h"
#include "ir/tensor.h"
#include "kernels/float16.h"

namespace onnxlens::api {

namespace {

// Calls f(index -> double) with an element reader for numeric types; false otherwise.
template <typename F>
bool WithReader(const ir::Tensor& t, F&& f) {
  using ir::DataType;
  const void* p = t.raw();
  switch (t.dtype()) {
    case DataType::kFloat:
      f([p](int64_t i) { return double(static_cast<const float*>(p)[i]); });
      return true;
    case DataType::kDouble:
      f([p](int64_t i) { return static_cast<const double*>(p)[i]; });
      return true;
    case DataType::kFloat16:
      f([p](int64_t i) {
        return double(kernels::HalfToFloat(static_cast<const uint16_t*>(p)[i]));
      });
      return true;
    case DataType::kBFloat16:
      f([p](int64_t i) {
        return double(kernels::BFloat16ToFloat(static_cast<const uint16_t*>(p)[i]));
      });
      return true;
    case DataType::kInt8:
      f([p](int64_t i) { return double(static_cast<const int8_t*>(p)[i]); });
      return true;
    case DataType::kUint8:
    case DataType::kBool:
      f([p](int64_t i) { return double(static_cast<const uint8_t*>(p)[i]); });
      return true;
    case DataType::kInt16:
      f([p](int64_t i) { return double(static_cast<const int16_t*>(p)[i]); });
      return true;
    case DataType::kUint16:
      f([p](int64_t i) { return double(static_cast<const uint16_t*>(p)[i]); });
      return true;
    case DataType::kInt32:
      f([p](int64_t i) { return double(static_cast<const int32_t*>(p)[i]); });
      return true;
    case DataType::kUint32:
      f([p](int64_t i) { return double(static_cast<const uint32_t*>(p)[i]); });
      return true;
    case DataType::kInt64:
      f([p](int64_t i) { return double(static_cast<const int64_t*>(p)[i]); });
      return true;
    case DataType::kUint64:
      f([p](int64_t i) { return double(static_cast<const uint64_t*>(p)[i]); });
      return true;
    default:
      return false;
  }
}

bool IsIntegral(ir::DataType t) { return !ir::IsFloatingPoint(t) && t != ir::DataType::kBool; }

}  // namespace

std::string FormatStat(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

TensorStats ComputeTensorStats(const ir::Tensor& t, int first, int bins) {
  TensorStats s;
  s.dtype = std::string(ir::DataTypeName(t.dtype()));
  s.dims = t.dims();
  s.numel = t.numel();
  s.bytes = t.nbytes();
  const int64_t shown = std::min<int64_t>(std::max(first, 0), t.numel());
  if (t.dtype() == ir::DataType::kString) {
    for (int64_t i = 0; i < shown && i < static_cast<int64_t>(t.strings().size()); ++i)
      s.first_values.push_back("\"" + EscapeString(t.strings()[i]) + "\"");
    return s;
  }
  if (!t.raw() && t.numel() > 0) return s;
  const ir::DataType type = t.dtype();
  s.numeric = WithReader(t, [&](auto at) {
    for (int64_t i = 0; i < shown; ++i) {
      const double v = at(i);
      if (type == ir::DataType::kBool)
        s.first_values.push_back(v != 0 ? "true" : "false");
      else if (IsIntegral(type))  // all digits: an int64 index must not print as 1.23457e+09
        s.first_values.push_back(
            type == ir::DataType::kUint64 ? std::to_string(static_cast<const uint64_t*>(t.raw())[i])
            : type == ir::DataType::kInt64 ? std::to_string(static_cast<const int64_t*>(t.raw())[i])
                                           : std::to_string(static_cast<int64_t>(v)));
      else
        s.first_values.push_back(FormatStat(v));
    }
    // Welford's update: stable for long runs of similar values.
    double mean = 0, m2 = 0, lo = INFINITY, hi = -INFINITY;
    int64_t n = 0, zeros = 0;
    for (int64_t i = 0; i < t.numel(); ++i) {
      const double v = at(i);
      if (v == 0) ++zeros;
      if (std::isnan(v)) {
        ++s.nan_count;
        continue;
      }
      if (std::isinf(v)) {
        ++s.inf_count;
        continue;
      }
      ++n;
      const double d = v - mean;
      mean += d / n;
      m2 += d * (v - mean);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    s.finite = n;
    s.sparsity = t.numel() ? double(zeros) / double(t.numel()) : 0;
    if (n == 0) return;
    s.min = lo;
    s.max = hi;
    s.mean = mean;
    s.stddev = std::sqrt(m2 / n);
    const int nb = std::max(bins, 1);
    s.hist_min = lo;
    s.hist_max = hi;
    s.bins.assign(hi > lo ? nb : 1, 0);
    // The bin from v's place in [lo, hi]; on halves when hi - lo overflows (-1e308 .. 1e308), and
    // clamped so that a NaN or infinite ratio never reaches the float -> int conversion (the old
    // bin width (hi - lo) / bins was 0 for a span of denormals; found by fuzz_tensor_file).
    const double span = hi - lo;
    const bool halve = std::isinf(span);
    auto bin_of = [&](double v) {
      const double f = halve ? (v / 2 - lo / 2) / (hi / 2 - lo / 2) : (v - lo) / span;
      if (!(f > 0)) return 0;
      if (f >= 1) return nb - 1;
      return std::min(nb - 1, static_cast<int>(f * nb));
    };
    for (int64_t i = 0; i < t.numel(); ++i) {
      const double v = at(i);
      if (!std::isfinite(v)) continue;
      ++s.bins[hi > lo ? bin_of(v) : 0];
    }
  });
  return s;
}

}  // namespace onnxlens::api
