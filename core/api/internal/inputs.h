// Internal to core/api (run, bench, profile, optimize_trace): a model's inputs from a folder of
// value files or random from a seed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "kernels/rt_value.h"

namespace onnxlens::runtime {
class Session;
}
namespace onnxlens::ir {
class Value;
}

namespace onnxlens::api {

/// Reads inputs for the model's feedable inputs from `dir`: input_N.pb files are matched by the
/// TensorProto's name, else by position; NAME.npy files by name.
Expected<std::map<std::string, kernels::RtValue>> LoadInputs(
    const std::filesystem::path& dir,
    const std::vector<std::pair<std::string, std::string>>& feedable);

/// Random values for graph input `v` (symbolic dims become 1; floats uniform in [-1, 1], integers
/// in [0, 9], bools random).
Expected<ir::Tensor> RandomInput(const ir::Value& v, std::mt19937_64& rng);

/// Inputs for every feedable input of `session`: from `dir` (LoadInputs) or, when `dir` is empty,
/// random values from `seed` (symbolic dims become 1).
Expected<std::map<std::string, kernels::RtValue>> MakeInputs(const runtime::Session& session,
                                                             const std::filesystem::path& dir,
                                                             uint64_t seed);

}  // namespace onnxlens::api
