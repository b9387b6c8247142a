// Profiling a model file: load (timed), create a profiled session, run it N times on given or
// random inputs, and return the trace and its summary.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "profiling/summary.h"
#include "profiling/trace_event.h"
#include "profiling/trace_json.h"

namespace onnxlens::api {

struct ProfileOptions {
  std::string level = "disabled";
  int threads = 0;
  int runs = 1;
  /// Runs before the profiled ones, left out of the trace (caches, thread pool, allocator).
  int warmup = 0;
  /// When > 0: profile runs until this many seconds have passed (at least one run); `runs` is
  /// then ignored.
  double duration_s = 0;
  /// Called before every run with the fraction done; returning false cancels (kCancelled).
  std::function<bool(double fraction, const std::string& stage)> progress;
  std::filesystem::path inputs_dir;  ///< empty: random inputs from `seed`
  uint64_t seed = 0;
  std::vector<std::string> providers = {"cpu", "reference"};
};

struct ProfileResult {
  std::vector<profiling::TraceEvent> events;
  profiling::TraceMetadata metadata;  ///< model, level, threads, runs
  profiling::TraceSummary summary;
};

Expected<ProfileResult> ProfileModelFile(const std::filesystem::path& model,
                                         const ProfileOptions& options);

}  // namespace onnxlens::api
