// Benchmarking a model file as onnxruntime_perf_test does, with more figures: session creation
// and first-inference time, then latency percentiles over the counted runs only (warm-up
// excluded), throughput, peak resident memory and CPU usage. Several configurations can be run one
// after the other (a sweep) or alternated run by run (A B A B ...), so that a comparison holds when
// the machine's speed drifts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/input_spec.h"
#include "common/machine_load.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::api {

/// What varies between benchmark configurations.
struct BenchConfig {
  std::string level = "all";  ///< all optimizations, as onnxruntime_perf_test by default
  int threads = 0;            ///< 0: one per core not busy with other programs
  bool profile = false;
  std::string executor = "sequential";  ///< or "parallel" (runtime::SessionOptions::executor)
  int inter_op = 0;                     ///< parallel executor threads; 0: one per core
  /// Free dimensions this configuration sets (`--sweep batch=1,2,4`, `--vs batch=8`), over
  /// BenchOptions::dims. Their product is the number of items one run handles.
  DimOverrides dims;

  /// "level=extended threads=2 batch=8" style text (keys: level, threads, profile=on|off,
  /// executor=sequential|parallel, inter-op=N, and any free dimension name).
  std::string ToString() const;
  /// Items one run handles: the product of `dims` (1 without).
  int64_t Items() const;
};

/// Applies "key=value[,key=value...]" (or space separated) to `base`: `--vs level=extended`. A key
/// that is not a setting is a free dimension of the model and takes a whole number >= 1
/// (`--vs batch=8`); whether the model has it is known when it is loaded.
Expected<BenchConfig> ParseBenchConfig(const std::string& text, BenchConfig base);
/// Expands "level=disabled,basic threads=1,2" (axes separated by spaces or ';', values by ',')
/// into every combination, in order, starting from `base`.
Expected<std::vector<BenchConfig>> ParseBenchSweep(const std::vector<std::string>& axes,
                                                   const BenchConfig& base);

struct LatencyStats {
  int64_t count = 0;
  double min = 0, max = 0, mean = 0, stddev = 0;
  double p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0;
  double mad = 0;  ///< median absolute deviation from P50
};

/// Statistics of `samples` (milliseconds). Percentiles interpolate linearly between the two
/// nearest ranks (numpy's default); an empty input gives zeros.
LatencyStats ComputeLatencyStats(std::vector<double> samples);

/// A spread (P90 - P10) above this share of P50 makes a latency too noisy to compare: two
/// configurations closer than that cannot be told apart. Quiet runs here spread 2-8%; the
/// Quantize tab's float P50 reading 40 to 432 ms across runs on a loaded machine (issue 35.6)
/// spread over 100%.
inline constexpr double kNoisySpreadPercent = 20;
/// Our threads waiting for a CPU more than this share of the runs' thread time (wall x threads):
/// other programs took the CPU from the runs.
inline constexpr double kLoadedWaitPercent = 10;

/// Whether a latency measurement can be trusted: its spread, and the machine's load around it.
struct LatencyNoise {
  double spread_percent = 0;  ///< (P90 - P10) / P50 x 100
  bool noisy = false;         ///< spread_percent > kNoisySpreadPercent (with >= 5 runs)
  int cores = 0;              ///< CPUs this process may use
  int busy_cores = 0;         ///< of those, busy with other programs (SampleMachineLoad)
  double loadavg1 = 0;        ///< /proc/loadavg's 1-minute figure
  double wait_percent = 0;    ///< run-queue wait of our threads / (wall x threads) x 100
  int threads = 0;            ///< the threads the runs used
  /// Other programs competed with the runs: busy cores left fewer than `threads` free, or our
  /// threads waited for a CPU more than kLoadedWaitPercent of the time.
  bool loaded = false;
};

/// Classifies `stats` (at least 5 runs to call them noisy) measured with `threads` threads, with
/// the load sampled around the runs and the run-queue wait they saw (ProcessRunQueueWaitNs growth
/// over `wall_s`).
LatencyNoise ClassifyLatencyNoise(const LatencyStats& stats, int threads, const MachineLoad& load,
                                  double wait_s, double wall_s);
/// The same over two interleaved measurements (A and B): the larger spread of the two.
LatencyNoise CombineLatencyNoise(const LatencyNoise& a, const LatencyNoise& b);
/// English warnings for the CLI (empty when neither noisy nor loaded): "noisy: spread 45% (P10-P90
/// of P50) - close other programs or use --threads 1", "machine loaded: ...".
std::vector<std::string> LatencyNoiseWarnings(const LatencyNoise& noise);
/// "8.28 ms (P10-P90 8.10-8.61, MAD 0.05)": a P50 with its spread.
std::string FormatLatencyWithSpread(const LatencyStats& stats);

/// Whether B's runs differ from A's beyond the runs' own noise.
enum class LatencyVerdict {
  kTooFewRuns,  ///< fewer than 3 runs on a side: no noise to measure
  kWithinNoise,
  kFaster,  ///< B is faster than A
  kSlower,  ///< B is slower than A
};
struct LatencyDifference {
  LatencyVerdict verdict = LatencyVerdict::kTooFewRuns;
  double median_a = 0, median_b = 0;  ///< milliseconds
  double change_percent = 0;          ///< (B - A) / A of the medians
  double noise_ms = 0;                ///< the larger interquartile range (P75 - P25) of the two
};
/// Compares the medians of `a` and `b` (milliseconds): a difference no larger than the larger
/// interquartile range of the two is within the noise; so is one under 1% of A's median.
LatencyDifference CompareLatencies(std::vector<double> a, std::vector<double> b);

struct BenchOptions {
  int warmup = 5;
  int runs = 0;                      ///< counted runs; 0 with duration 0 means 100
  double duration_s = 0;             ///< run for this long instead of a count (at least one run)
  std::filesystem::path inputs_dir;  ///< empty: random inputs from `seed`
  uint64_t seed = 0;
  DimOverrides dims;      ///< --dim: free dimension values (input_spec.h)
  RangeOverrides ranges;  ///< --range: random value ranges per input
  std::vector<std::string> providers = DefaultProviderOrder();
  uint64_t max_memory_bytes = 0;  ///< the session's memory budget; 0: half the physical memory
  /// SessionOptions::max_loop_iterations (CLI --max-loop-iterations); -1: the session's default
  /// (kernels::kDefaultMaxLoopIterations, 2^20), 0: no cap.
  int64_t max_loop_iterations = -1;
  double timeout_seconds = 0;  ///< the most seconds one run may take; 0: no limit (CLI --timeout)
  /// SessionOptions::enable_arena / enable_mem_pattern (CLI --no-arena, --no-mem-pattern).
  bool enable_arena = true;
  bool enable_mem_pattern = true;
};

struct BenchResult {
  std::string model;
  /// The model's graph input (fed ones) and output names: what identifies the model a result
  /// was measured on (`check --max-ratio` refuses a baseline of another model).
  std::vector<std::string> inputs, outputs;
  /// The fed inputs' types as the runs had them, free dimensions set: "float32[1,3,224,224]".
  std::vector<std::string> input_types;
  BenchConfig config;
  int threads = 0;  ///< resolved thread count
  /// The instruction set the kernels ran with (common/cpu_isa.h IsaName: the host's, at most
  /// ONNXLENS_MAX_ISA / --max-isa), e.g. "avx2".
  std::string cpu_isa;
  double load_ms = 0;
  double session_ms = 0;    ///< session creation, including optimization
  double first_run_ms = 0;  ///< the first inference (not counted)
  int warmup = 0;
  std::vector<double> latencies_ms;  ///< counted runs, in order
  LatencyStats stats;
  LatencyNoise noise;     ///< the spread of the counted runs and the machine's load around them
  double wall_s = 0;      ///< wall time of the counted runs
  double throughput = 0;  ///< counted inferences per second of wall time
  double cpu_user_s = 0, cpu_system_s = 0;  ///< over the counted runs
  double cpu_percent = 0;                   ///< (user + system) / wall, 100 = one core busy
  int64_t peak_rss_bytes = 0;               ///< the process's high-water mark while this config ran
  /// The memory plan's arena (the planned peak of the tensors the kernels make; 0 without memory
  /// patterns) and every buffer's size added up.
  uint64_t planned_peak_bytes = 0, planned_naive_bytes = 0;
  /// The most the session's arenas held at once: the plan's arena plus the dynamic arena's
  /// high-water mark (live and cached buffers).
  uint64_t arena_high_water_bytes = 0;
  /// The parallel executor's wide regions (runtime/region_choice.h) after the runs: how many,
  /// how many run side by side, whether the choice was made (timed over the first
  /// region_timing_runs runs of the input shapes); 0 regions for the sequential executor.
  int parallel_regions = 0, regions_side_by_side = 0, region_timing_runs = 0;
  bool regions_decided = false;
  /// Free dimensions onnxlens chose for the random inputs (no --dim given for them).
  DimOverrides chosen_dims;
  int64_t items = 1;       ///< config.Items(): what one run handles (a batch of 8: 8)
  double items_per_s = 0;  ///< throughput x items
  double ms_per_item = 0;  ///< P50 / items
  bool knee = false;       ///< MarkKnees: the knee of its throughput curve
};

/// "5 of 9 run side by side, 4 one after another (...)": what the parallel executor chose for its
/// wide regions (bench and profile print it); empty without regions.
std::string FormatParallelRegions(int regions, int side_by_side, bool decided, int timing_runs);

/// Marks the knee of each throughput curve of a sweep over free dimensions: among results that
/// differ only in their dimensions (same level, threads, profile) and span at least three item
/// counts, the one with the fewest items whose items/s reaches 90% of the curve's best. Past it,
/// larger batches add latency for little throughput.
void MarkKnees(std::vector<BenchResult>* results);

/// Benchmarks one configuration. `job` gets Stage::kWarmingUp / Stage::kBenchmarking after each
/// run, with the detail "done/total" ("done" alone in duration mode, where the fraction is the
/// time spent); a cancel ends with kCancelled.
Expected<BenchResult> BenchModelFile(const std::filesystem::path& model, const BenchConfig& config,
                                     const BenchOptions& options, const JobControl& job = {});

/// Alternates A and B run by run after warming both: each result holds its own runs' figures.
/// Peak RSS is the process's (both sessions live at once).
Expected<std::pair<BenchResult, BenchResult>> BenchAlternating(const std::filesystem::path& model,
                                                               const BenchConfig& a,
                                                               const BenchConfig& b,
                                                               const BenchOptions& options,
                                                               const JobControl& job = {});

/// Human-readable report of one result.
std::string FormatBenchResult(const BenchResult& r);
/// One row per result (a sweep).
std::string FormatBenchTable(const std::vector<BenchResult>& results);
/// A vs B: each percentile of both and the ratio B/A.
std::string FormatBenchComparison(const BenchResult& a, const BenchResult& b);
/// CSV with a header row, one row per result.
std::string BenchCsv(const std::vector<BenchResult>& results);
/// Schema "onnxlens.bench/1" (docs/cli-json.md).
nlohmann::json BenchToJson(const std::vector<BenchResult>& results, bool alternating);

}  // namespace onnxlens::api
