// Profiling a model file: load (timed), create a profiled session, run it N times on given or
// random inputs, and return the trace and its summary.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "api/input_spec.h"
#include "common/file_util.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"
#include "common/trace_event.h"
#include "common/trace_summary.h"

namespace onnxlens::api {

struct ProfileOptions {
  /// All optimizations by default, as ONNX Runtime; fused kernels name the nodes they came
  /// from (the trace's "origins"). "disabled" profiles the file as loaded.
  std::string level = "all";
  int threads = 0;
  std::string executor = "sequential";  ///< or "parallel" (runtime::SessionOptions::executor)
  int inter_op = 0;                     ///< parallel executor threads; 0: one per core
  int runs = 1;
  /// Runs before the profiled ones, left out of the trace (caches, thread pool, allocator).
  int warmup = 0;
  /// When > 0: profile runs until this many seconds have passed (at least one run); `runs` is
  /// then ignored.
  double duration_s = 0;
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

struct ProfileResult {
  std::vector<profiling::TraceEvent> events;
  profiling::TraceMetadata metadata;  ///< model, level, threads, runs
  profiling::TraceSummary summary;
  /// Free dimensions onnxlens chose for the random inputs (no --dim given for them).
  DimOverrides chosen_dims;
  /// The parallel executor's choice for its wide regions (FormatParallelRegions in bench.h;
  /// empty for the sequential executor or a graph without parallel branches).
  std::string parallel_regions;
  /// Once decided, a line per region: its first step, the median time of each way, the choice.
  std::vector<std::string> parallel_region_lines;
  /// The writers' rule for a file of the result (the trace): every file the profile read (the
  /// model, its external data, the files of `inputs_dir`) is never replaced; `force` is off.
  WritePolicy trace_policy;
};

/// One op type of two profiles side by side, per run (a trace without model runs: its totals).
struct OpTimeComparison {
  std::string op;
  double a_ms = 0, b_ms = 0;        ///< kernel time per run; 0 where the op does not run
  double a_calls = 0, b_calls = 0;  ///< kernel calls per run
};
/// Every op type of either summary, the costliest (larger of A and B) first: which ops a change
/// (level, threads, model) sped up, slowed down, fused away or added.
std::vector<OpTimeComparison> CompareOpTimes(const profiling::TraceSummary& a,
                                             const profiling::TraceSummary& b);

/// Reports loading, Stage::kCreatingSession, Stage::kWarmingUp and before every run
/// Stage::kProfiling (detail "run/runs"); a cancel ends with kCancelled.
Expected<ProfileResult> ProfileModelFile(const std::filesystem::path& model,
                                         const ProfileOptions& options, const JobControl& job = {});

}  // namespace onnxlens::api
