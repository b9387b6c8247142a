// Latency statistics of a series of timed runs: percentiles, MAD, the difference of two
// alternated series, and whether the runs were too noisy or the machine too loaded to compare
// them (bench, compare and the Quantize tab show these). Declared in api/bench.h.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "api/bench.h"
#include "common/machine_load.h"

namespace onnxlens::api {

namespace {
double Quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * (sorted.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}
}  // namespace

LatencyDifference CompareLatencies(std::vector<double> a, std::vector<double> b) {
  LatencyDifference d;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (!a.empty()) d.median_a = Quantile(a, 0.5);
  if (!b.empty()) d.median_b = Quantile(b, 0.5);
  if (d.median_a > 0) d.change_percent = 100 * (d.median_b - d.median_a) / d.median_a;
  if (a.size() < 3 || b.size() < 3) return d;
  d.noise_ms =
      std::max(Quantile(a, 0.75) - Quantile(a, 0.25), Quantile(b, 0.75) - Quantile(b, 0.25));
  const double diff = d.median_b - d.median_a;
  if (std::abs(diff) <= d.noise_ms || std::abs(diff) < 0.01 * d.median_a)
    d.verdict = LatencyVerdict::kWithinNoise;
  else
    d.verdict = diff < 0 ? LatencyVerdict::kFaster : LatencyVerdict::kSlower;
  return d;
}

LatencyStats ComputeLatencyStats(std::vector<double> v) {
  LatencyStats s;
  s.count = static_cast<int64_t>(v.size());
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.min = v.front();
  s.max = v.back();
  double sum = 0;
  for (double x : v) sum += x;
  s.mean = sum / v.size();
  double sq = 0;
  for (double x : v) sq += (x - s.mean) * (x - s.mean);
  s.stddev = v.size() > 1 ? std::sqrt(sq / (v.size() - 1)) : 0;
  auto pct = [&](double q) {
    const double pos = q * (v.size() - 1);
    const size_t lo = static_cast<size_t>(std::floor(pos));
    const size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - lo);
  };
  s.p10 = pct(0.10);
  s.p25 = pct(0.25);
  s.p50 = pct(0.50);
  s.p75 = pct(0.75);
  s.p90 = pct(0.90);
  s.p95 = pct(0.95);
  s.p99 = pct(0.99);
  s.p999 = pct(0.999);
  std::vector<double> dev(v.size());
  for (size_t i = 0; i < v.size(); ++i) dev[i] = std::abs(v[i] - s.p50);
  std::sort(dev.begin(), dev.end());
  const double pos = 0.5 * (dev.size() - 1);
  const size_t lo = static_cast<size_t>(pos);
  s.mad = dev[lo] + (dev[std::min(lo + 1, dev.size() - 1)] - dev[lo]) * (pos - lo);
  return s;
}

LatencyNoise ClassifyLatencyNoise(const LatencyStats& stats, int threads, const MachineLoad& load,
                                  double wait_s, double wall_s) {
  LatencyNoise n;
  n.spread_percent = stats.p50 > 0 ? 100 * (stats.p90 - stats.p10) / stats.p50 : 0;
  n.noisy = stats.count >= 5 && n.spread_percent > kNoisySpreadPercent;
  n.cores = load.cores;
  n.busy_cores = load.busy_cores;
  n.loadavg1 = load.loadavg1;
  n.threads = std::max(1, threads);
  const double thread_s = wall_s * n.threads;
  n.wait_percent = thread_s > 0 ? 100 * std::max(0.0, wait_s) / thread_s : 0;
  n.loaded = (load.busy_cores > 0 && load.cores - load.busy_cores < n.threads) ||
             n.wait_percent > kLoadedWaitPercent;
  return n;
}

LatencyNoise CombineLatencyNoise(const LatencyNoise& a, const LatencyNoise& b) {
  LatencyNoise n = a.spread_percent >= b.spread_percent ? a : b;
  n.noisy = a.noisy || b.noisy;
  n.busy_cores = std::max(a.busy_cores, b.busy_cores);
  n.loadavg1 = std::max(a.loadavg1, b.loadavg1);
  n.wait_percent = std::max(a.wait_percent, b.wait_percent);
  n.threads = std::max(a.threads, b.threads);
  n.loaded = a.loaded || b.loaded;
  return n;
}

std::vector<std::string> LatencyNoiseWarnings(const LatencyNoise& n) {
  std::vector<std::string> out;
  char b[320];
  if (n.noisy) {
    std::snprintf(b, sizeof b,
                  "noisy: spread %.0f%% (P10-P90 of P50, over %.0f%% is too noisy to compare) - "
                  "close other programs or use --threads 1",
                  n.spread_percent, kNoisySpreadPercent);
    out.push_back(b);
  }
  if (n.loaded) {
    std::snprintf(b, sizeof b,
                  "machine loaded: %d of %d core(s) busy with other programs (load average %.2f), "
                  "the runs' threads waited for a CPU %.0f%% of the time - the times are slower "
                  "and noisier than on an idle machine",
                  n.busy_cores, n.cores, n.loadavg1, n.wait_percent);
    out.push_back(b);
  }
  return out;
}

}  // namespace onnxlens::api
