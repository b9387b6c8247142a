// Profiling a model file: load (timed), create a profiled session, run it N times on given or
// random inputs, and return the trace and its summary.
#pragma once

#include <cstdint>
#include <filesystem>
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
