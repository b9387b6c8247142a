// Running a model file once: inputs from a folder (.pb as in ONNX test data, or .npy) or random
// from a seed; outputs summarized and optionally written as .pb or .npy.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "api/input_spec.h"
#include "common/progress.h"
#include "common/provider_order.h"
#include "common/status.h"

namespace onnxlens::api {

struct RunOptions {
  std::filesystem::path inputs_dir;  ///< empty: random inputs
  uint64_t seed = 0;
  DimOverrides dims;                  ///< --dim: free dimension values (input_spec.h)
  RangeOverrides ranges;              ///< --range: random value ranges per input
  std::filesystem::path outputs_dir;  ///< empty: do not write outputs
  std::string format = "pb";          ///< "pb" or "npy"
  /// With outputs_dir: replace existing files (never the model, its data or a file of inputs_dir).
  bool force = false;
  int threads = 0;
  /// Optimization level of the session: all optimizations by default, as ONNX Runtime's
  /// sessions; "disabled" runs the file as loaded.
  std::string level = "all";
  std::string executor = "sequential";  ///< or "parallel" (runtime::SessionOptions::executor)
  int inter_op = 0;                     ///< parallel executor threads; 0: one per core
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

struct OutputSummary {
  std::string name;
  std::string dtype;
  std::vector<int64_t> shape;
  double min = 0, max = 0, mean = 0;  ///< numeric tensors only
  /// Where it was written, if it was: outputs_dir/output_N.pb, or outputs_dir/NAME.npy with the
  /// name made a safe file name (SafeFileName; "-2", "-3" when two names would share one file).
  std::string file;
};

struct RunReport {
  std::vector<OutputSummary> outputs;
  double session_seconds = 0;
  double run_seconds = 0;
  int threads = 0;
  std::string level;  ///< the optimization level the session ran at
  /// Free dimensions onnxlens chose for the random inputs (no --dim given for them).
  DimOverrides chosen_dims;
};

/// `job` gets the load's stages, Stage::kCreatingSession and Stage::kRunning; a cancel ends the run
/// with kCancelled.
Expected<RunReport> RunModelFile(const std::filesystem::path& model, const RunOptions& options,
                                 const JobControl& job = {});

nlohmann::json ToJson(const RunReport& report);

}  // namespace onnxlens::api
