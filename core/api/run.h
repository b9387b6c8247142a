// Running a model file once: inputs from a folder (.pb as in ONNX test data, or .npy) or random
// from a seed; outputs summarized and optionally written as .pb or .npy.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/status.h"
#include "kernels/rt_value.h"

namespace onnxlens::api {

struct RunOptions {
  std::filesystem::path inputs_dir;  ///< empty: random inputs
  uint64_t seed = 0;
  std::filesystem::path outputs_dir;  ///< empty: do not write outputs
  std::string format = "pb";          ///< "pb" or "npy"
  int threads = 0;
  std::vector<std::string> providers = {"cpu", "reference"};
};

/// The execution providers a session accepts in `providers` (RunOptions, BenchOptions,
/// ProfileOptions, ConformanceOptions), in default priority order.
std::vector<std::string> ExecutionProviderNames();

struct OutputSummary {
  std::string name;
  std::string dtype;
  std::vector<int64_t> shape;
  double min = 0, max = 0, mean = 0;  ///< numeric tensors only
  std::string file;                   ///< where it was written, if it was
};

struct RunReport {
  std::vector<OutputSummary> outputs;
  double session_seconds = 0;
  double run_seconds = 0;
  int threads = 0;
};

/// Reads inputs for the model's feedable inputs from `dir`: input_N.pb files are matched by the
/// TensorProto's name, else by position; NAME.npy files by name.
Expected<std::map<std::string, kernels::RtValue>> LoadInputs(
    const std::filesystem::path& dir,
    const std::vector<std::pair<std::string, std::string>>& feedable);

}  // namespace onnxlens::api

namespace onnxlens::runtime {
class Session;
}

namespace onnxlens::api {

/// Inputs for every feedable input of `session`: from `dir` (LoadInputs) or, when `dir` is empty,
/// random values from `seed` (symbolic dims become 1).
Expected<std::map<std::string, kernels::RtValue>> MakeInputs(const runtime::Session& session,
                                                             const std::filesystem::path& dir,
                                                             uint64_t seed);

Expected<RunReport> RunModelFile(const std::filesystem::path& model, const RunOptions& options);

nlohmann::json ToJson(const RunReport& report);

}  // namespace onnxlens::api
