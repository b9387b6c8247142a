// Calibration collectors and thresholds (see histogram.h).
#include "quant/histogram.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace onnxlens::quant {

namespace {

struct MinMaxOf {
  float lo = std::numeric_limits<float>::infinity();
  float hi = -std::numeric_limits<float>::infinity();
  bool any() const { return lo <= hi; }
};

MinMaxOf Extremes(const float* x, int64_t n) {
  MinMaxOf m;
  for (int64_t i = 0; i < n; ++i) {
    if (std::isnan(x[i])) continue;
    m.lo = std::min(m.lo, x[i]);
    m.hi = std::max(m.hi, x[i]);
  }
  return m;
}

// numpy.histogram's binning on [lo, hi] (equal lo and hi mean [lo - 0.5, hi + 0.5]); values
// outside are not counted.
void Bin(const float* x, int64_t n, bool absolute, double lo, double hi,
         std::vector<int64_t>& counts) {
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const size_t bins = counts.size();
  const double norm = static_cast<double>(bins) / (hi - lo);
  for (int64_t i = 0; i < n; ++i) {
    double v = x[i];
    if (std::isnan(v)) continue;
    if (absolute) v = std::fabs(v);
    if (v < lo || v > hi) continue;
    size_t b = static_cast<size_t>((v - lo) * norm);
    if (b >= bins) b = bins - 1;
    counts[b] += 1;
  }
}

class MinMaxCollector : public RangeCollector {
 public:
  explicit MinMaxCollector(const CalibrationOptions& o) : options_(o) {}
  void Add(const float* x, int64_t n) override {
    const MinMaxOf m = Extremes(x, n);
    if (!m.any()) return;
    all_.lo = std::min(all_.lo, m.lo);
    all_.hi = std::max(all_.hi, m.hi);
    sum_lo_ += m.lo;
    sum_hi_ += m.hi;
    ++samples_;
  }
  TensorRange Result() const override {
    if (samples_ == 0) return {};
    TensorRange r{all_.lo, all_.hi};
    if (options_.moving_average) {
      r.rmin = static_cast<float>(sum_lo_ / samples_);
      r.rmax = static_cast<float>(sum_hi_ / samples_);
    }
    if (options_.symmetric) {
      const float a = std::max(std::fabs(r.rmin), std::fabs(r.rmax));
      r = {-a, a};
    }
    return r;
  }

 private:
  CalibrationOptions options_;
  MinMaxOf all_;
  double sum_lo_ = 0, sum_hi_ = 0;
  int64_t samples_ = 0;
};

// The value histogram on [-t, t], widened by whole bins when a sample exceeds it (ONNX Runtime's
// merge_histogram).
class ValueHistogramCollector : public RangeCollector {
 public:
  explicit ValueHistogramCollector(const CalibrationOptions& o, int bins)
      : options_(o), bins_(bins) {}
  void Add(const float* x, int64_t n) override {
    const MinMaxOf m = Extremes(x, n);
    if (!m.any()) return;
    const double t = std::max(std::fabs(m.lo), std::fabs(m.hi));
    seen_.lo = std::min(seen_.lo, m.lo);
    seen_.hi = std::max(seen_.hi, m.hi);
    if (h_.counts.empty()) {
      h_.counts.assign(bins_, 0);
      Place(t);
      Bin(x, n, false, h_.lo, h_.hi, h_.counts);
      threshold_ = t;
      return;
    }
    if (t <= threshold_) {
      std::vector<int64_t> add(h_.counts.size(), 0);
      Bin(x, n, false, h_.lo, h_.hi, add);
      for (size_t i = 0; i < add.size(); ++i) h_.counts[i] += add[i];
      return;
    }
    if (threshold_ == 0) {
      std::vector<int64_t> counts(h_.counts.size(), 0);
      Place(t);
      Bin(x, n, false, h_.lo, h_.hi, counts);
      for (size_t i = 0; i < counts.size(); ++i) counts[i] += h_.counts[i];
      h_.counts = std::move(counts);
      threshold_ = t;
      return;
    }
    const size_t old_bins = h_.counts.size();
    const double stride = 2 * threshold_ / static_cast<double>(old_bins);
    const size_t half = static_cast<size_t>(std::floor((t - threshold_) / stride)) + 1;
    const double new_t = static_cast<double>(half) * stride + threshold_;
    std::vector<int64_t> counts(old_bins + 2 * half, 0);
    Bin(x, n, false, -new_t, new_t, counts);
    for (size_t i = 0; i < old_bins; ++i) counts[half + i] += h_.counts[i];
    h_.counts = std::move(counts);
    Place(new_t);
    threshold_ = new_t;
  }
  TensorRange Result() const override {
    if (h_.counts.empty()) return {};
    if (options_.method == CalibrationMethod::kEntropy)
      return EntropyThreshold(h_, seen_.lo, seen_.hi, options_.num_quantized_bins);
    return PercentileThreshold(h_, seen_.lo, seen_.hi, options_.percentile, false);
  }

 private:
  void Place(double t) {
    h_.lo = t == 0 ? -0.5 : -t;
    h_.hi = t == 0 ? 0.5 : t;
  }
  CalibrationOptions options_;
  int bins_;
  Histogram h_;
  double threshold_ = 0;
  MinMaxOf seen_;
};

// The histogram of |x| from the first sample's [min |x|, max |x|], extended by whole bins
// (ONNX Runtime's collect_absolute_value, for symmetric Percentile).
class AbsHistogramCollector : public RangeCollector {
 public:
  explicit AbsHistogramCollector(const CalibrationOptions& o, int bins)
      : options_(o), bins_(bins) {}
  void Add(const float* x, int64_t n) override {
    const MinMaxOf m = Extremes(x, n);
    if (!m.any()) return;
    seen_.lo = std::min(seen_.lo, m.lo);
    seen_.hi = std::max(seen_.hi, m.hi);
    double amin = std::numeric_limits<double>::infinity(), amax = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (std::isnan(x[i])) continue;
      amin = std::min(amin, static_cast<double>(std::fabs(x[i])));
      amax = std::max(amax, static_cast<double>(std::fabs(x[i])));
    }
    if (h_.counts.empty()) {
      h_.counts.assign(bins_, 0);
      h_.lo = amin == amax ? amin - 0.5 : amin;
      h_.hi = amin == amax ? amax + 0.5 : amax;
      Bin(x, n, true, h_.lo, h_.hi, h_.counts);
      return;
    }
    const double width = (h_.hi - h_.lo) / static_cast<double>(h_.counts.size());
    if (amax > h_.hi) {
      const size_t more = static_cast<size_t>(std::ceil((amax - h_.hi) / width));
      h_.counts.resize(h_.counts.size() + more, 0);
      h_.hi += static_cast<double>(more) * width;
    }
    Bin(x, n, true, h_.lo, h_.hi, h_.counts);
  }
  TensorRange Result() const override {
    if (h_.counts.empty()) return {};
    return PercentileThreshold(h_, seen_.lo, seen_.hi, options_.percentile, true);
  }

 private:
  CalibrationOptions options_;
  int bins_;
  Histogram h_;
  MinMaxOf seen_;
};

TensorRange Clamp(TensorRange r, float min_seen, float max_seen) {
  if (r.rmin < min_seen) r.rmin = min_seen;
  if (r.rmax > max_seen) r.rmax = max_seen;
  return r;
}

// ONNX Runtime's smooth_distribution: eps moved from the non-zero bins to the zero bins; empty
// when every bin is zero.
std::vector<double> Smooth(const std::vector<double>& p, double eps = 0.0001) {
  const size_t zeros = static_cast<size_t>(std::count(p.begin(), p.end(), 0.0));
  const size_t nonzeros = p.size() - zeros;
  if (nonzeros == 0) return {};
  const double eps1 = eps * static_cast<double>(zeros) / static_cast<double>(nonzeros);
  std::vector<double> out(p.size());
  for (size_t i = 0; i < p.size(); ++i) {
    // float32 as numpy's smoothed histogram
    out[i] = static_cast<float>(p[i] == 0 ? eps : static_cast<float>(p[i]) - eps1);
  }
  return out;
}

// scipy.stats.entropy(p, q): both normalized, sum p log(p / q).
double KlDivergence(const std::vector<double>& p, const std::vector<double>& q) {
  const double sp = std::accumulate(p.begin(), p.end(), 0.0);
  const double sq = std::accumulate(q.begin(), q.end(), 0.0);
  double kl = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const double pi = p[i] / sp, qi = q[i] / sq;
    if (pi > 0) kl += pi * std::log(pi / qi);
  }
  return kl;
}

}  // namespace

std::unique_ptr<RangeCollector> MakeCollector(const CalibrationOptions& o) {
  switch (o.method) {
    case CalibrationMethod::kMinMax:
      return std::make_unique<MinMaxCollector>(o);
    case CalibrationMethod::kEntropy:
      return std::make_unique<ValueHistogramCollector>(o, o.num_bins > 0 ? o.num_bins : 128);
    case CalibrationMethod::kPercentile:
      if (o.symmetric)
        return std::make_unique<AbsHistogramCollector>(o, o.num_bins > 0 ? o.num_bins : 2048);
      return std::make_unique<ValueHistogramCollector>(o, o.num_bins > 0 ? o.num_bins : 2048);
  }
  return nullptr;
}

TensorRange EntropyThreshold(const Histogram& h, float min_seen, float max_seen,
                             int num_quantized_bins) {
  const size_t num_bins = h.counts.size();
  const size_t zero_bin = num_bins / 2;
  const size_t half_q = static_cast<size_t>(std::max(num_quantized_bins, 2)) / 2;
  const size_t nq = static_cast<size_t>(std::max(num_quantized_bins, 2));
  if (half_q > zero_bin)
    return Clamp({static_cast<float>(h.lo), static_cast<float>(h.hi)}, min_seen, max_seen);
  double best = std::numeric_limits<double>::infinity();
  TensorRange best_range{static_cast<float>(h.Edge(zero_bin - half_q)),
                         static_cast<float>(h.Edge(std::min(zero_bin + half_q + 1, num_bins)))};
  for (size_t i = half_q; i <= zero_bin; ++i) {
    const size_t start = zero_bin - i;
    const size_t end = std::min(zero_bin + i + 1, num_bins);
    std::vector<double> p(h.counts.begin() + start, h.counts.begin() + end);
    const std::vector<double> sliced = p;
    for (size_t k = 0; k < start; ++k) p.front() += static_cast<double>(h.counts[k]);
    for (size_t k = end; k < num_bins; ++k) p.back() += static_cast<double>(h.counts[k]);
    const size_t merged = sliced.size() / nq;
    std::vector<double> quantized(nq, 0.0);
    for (size_t b = 0; b < nq; ++b)
      for (size_t k = b * merged; k < (b + 1) * merged; ++k) quantized[b] += sliced[k];
    for (size_t k = nq * merged; k < sliced.size(); ++k) quantized.back() += sliced[k];
    std::vector<double> q(p.size(), 0.0);
    for (size_t b = 0; b < nq; ++b) {
      const size_t s = b * merged, e = s + merged;
      size_t norm = 0;
      for (size_t k = s; k < e; ++k) norm += p[k] != 0 ? 1 : 0;
      // integer division into an int64 array, as ONNX Runtime's q
      if (norm != 0)
        for (size_t k = s; k < e; ++k) q[k] = std::trunc(quantized[b] / static_cast<double>(norm));
    }
    const std::vector<double> ps = Smooth(p), qs = Smooth(q);
    const double div = ps.empty() || qs.empty() ? std::numeric_limits<double>::infinity()
                                                : static_cast<float>(KlDivergence(ps, qs));
    if (div < best) {  // argmin: the first minimum
      best = div;
      best_range = {static_cast<float>(h.Edge(start)), static_cast<float>(h.Edge(end))};
    }
  }
  return Clamp(best_range, min_seen, max_seen);
}

TensorRange PercentileThreshold(const Histogram& h, float min_seen, float max_seen,
                                double percentile, bool symmetric) {
  const double total =
      static_cast<double>(std::accumulate(h.counts.begin(), h.counts.end(), int64_t{0}));
  if (total == 0) return Clamp({min_seen, max_seen}, min_seen, max_seen);
  std::vector<double> cdf(h.counts.size());
  double acc = 0;
  for (size_t i = 0; i < cdf.size(); ++i) {
    acc += static_cast<double>(h.counts[i]) / total;
    cdf[i] = acc;
  }
  auto search = [&](double v) {  // numpy.searchsorted, side left
    return static_cast<size_t>(std::lower_bound(cdf.begin(), cdf.end(), v) - cdf.begin());
  };
  TensorRange r;
  if (symmetric) {
    const float t = static_cast<float>(h.Edge(search(percentile / 100.0)));
    r = {-t, t};
  } else {
    const double cut = (100.0 - percentile) / 200.0;
    r = {static_cast<float>(h.Edge(search(cut))), static_cast<float>(h.Edge(search(1.0 - cut)))};
  }
  return Clamp(r, min_seen, max_seen);
}

}  // namespace onnxlens::quant
