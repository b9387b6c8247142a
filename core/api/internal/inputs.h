// Internal to core/api (run, bench, profile, optimize, quantize, compare): a model's inputs from a
// folder of value files or random from a seed, and a model loaded so that random inputs work:
// free dimensions set (--dim, else chosen and tried), integer inputs in ranges the model accepts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "api/input_spec.h"
#include "common/progress.h"
#include "common/status.h"
#include "kernels/rt_value.h"
#include "onnx/model_io.h"

namespace onnxlens::runtime {
class Session;
}
namespace onnxlens::ir {
class Value;
class Graph;
class Model;
}  // namespace onnxlens::ir

namespace onnxlens::api {

/// Reads inputs for the model's feedable inputs from `dir`: input_N.pb files are matched by the
/// TensorProto's name, else by position; NAME.npy files by name.
Expected<std::map<std::string, kernels::RtValue>> LoadInputs(
    const std::filesystem::path& dir,
    const std::vector<std::pair<std::string, std::string>>& feedable);

/// The default range of random values for each feedable input of `g`, `overrides` first: an
/// integer input that reaches the indices of a Gather (through Cast / Unsqueeze / Reshape /
/// Squeeze / Flatten / Identity / Expand / Transpose / Slice / Tile) or of EmbedLayerNormalization
/// takes [0, table size - 1] (the smallest table it indexes); any other integer input [0, 1]
/// (Polygraphy's default: masks, flags, token types); floats [-1, 1].
RangeOverrides DefaultRanges(const ir::Graph& g, const RangeOverrides& overrides);

/// Random values for graph input `v`: a free dim takes its value in `dims` (by name or
/// "INPUT:AXIS"), else 1 (a model loaded with LoadModelForRun has none left); values uniform in
/// `range` (integers rounded inward; null: floats [-1, 1], integers [0, 1]); bools random.
Expected<ir::Tensor> RandomInput(const ir::Value& v, std::mt19937_64& rng,
                                 const ValueRange* range = nullptr,
                                 const DimOverrides* dims = nullptr);

/// Inputs for every feedable input of `session`: from `dir` (LoadInputs) or, when `dir` is empty,
/// random values from `seed` in `ranges` (by input name; DefaultRanges) with free dims from `dims`.
Expected<std::map<std::string, kernels::RtValue>> MakeInputs(const runtime::Session& session,
                                                             const std::filesystem::path& dir,
                                                             uint64_t seed,
                                                             const RangeOverrides& ranges = {},
                                                             const DimOverrides& dims = {});

/// What the user asked for the inputs of a run.
struct InputRequest {
  std::filesystem::path inputs_dir;  ///< empty: random values
  uint64_t seed = 0;
  DimOverrides dims;      ///< --dim
  RangeOverrides ranges;  ///< --range
  /// Where a trial run (random inputs with free dims chosen) runs.
  std::vector<std::string> providers;
  uint64_t max_memory_bytes = 0;
};

/// A model loaded for runs.
struct ModelForRun {
  onnx_io::LoadedModel loaded;  ///< its `model` moved to `model`
  std::shared_ptr<const ir::Model> model;
  RangeOverrides ranges;  ///< random value ranges per input (DefaultRanges)
  DimOverrides chosen;    ///< free dims onnxlens chose (not given with --dim); empty: none
};

/// Loads `path` with `req.dims` applied (unknown names: an error listing the free dims). With
/// random inputs, free dims left are chosen from their names and positions (batch -> 1, sequence
/// -> 128, height / width -> 224, samples -> 16000, others 1; a model metadata entry of the same
/// name first) and, when a size is a guess, tried with one run; a failing run tries other sizes (a
/// bounded number of attempts) and then fails with a message naming the dims and the --dim to set.
Expected<ModelForRun> LoadModelForRun(const std::filesystem::path& path, const InputRequest& req,
                                      const JobControl& job = {});

/// The free dims of `model`'s inputs that `req.dims` leaves free, chosen as LoadModelForRun does
/// and, when a guess, tried with runs of `model` on random inputs in `ranges`: the values that
/// worked (empty when nothing is free), or the message naming the dims and the --dim to set.
Expected<DimOverrides> ChooseAndTryFreeDims(const std::shared_ptr<const ir::Model>& model,
                                            const InputRequest& req, const RangeOverrides& ranges);

/// Ok when every name of `dims` is a free dimension of `model`'s inputs (a dim_param name or
/// INPUT:AXIS), else an error listing the free dimensions it has.
Status CheckDimNames(const ir::Model& model, const DimOverrides& dims);

/// Ok when every name of `ranges` is a graph input of `g` a caller feeds (--range names an input
/// the model has), else an error naming it and listing the inputs.
Status CheckRangeNames(const ir::Graph& g, const RangeOverrides& ranges);

/// The same on an already loaded model (the quantizer's, the compare view's): dims chosen by
/// name only, without a trial run. Returns the dims to load the model with (req.dims + chosen).
DimOverrides ChooseFreeDims(const ir::Model& model, const DimOverrides& given);

}  // namespace onnxlens::api
