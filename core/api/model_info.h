// ModelInfo: the plain-data summary of a model file that `onnxlens-cli info` prints and the GUI's
// summary panel shows. JSON schema: docs/cli-json.md ("onnxlens.info/1").
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/progress.h"
#include "common/status.h"

namespace onnxlens::onnx_io {
struct LoadedModel;
}

namespace onnxlens::api {

struct GraphSnapshot;

/// One dimension: value >= 0 when known, else `param` (symbolic name) or unknown.
struct ShapeDim {
  int64_t value = -1;
  std::string param;
};

struct ValueSummary {
  std::string name;
  std::string graph;  ///< "" for the main graph, else the subgraph's path ("If_0/then_branch")
  std::string kind;   ///< "input", "initializer", "node_output", "output"
  std::string dtype;  ///< "float32", ... ; "" when unknown or not a tensor
  bool has_shape = false;
  std::vector<ShapeDim> shape;
  std::string type;         ///< full text, e.g. "float32[1,3,224,224]", "seq(float32[*])", "?"
  std::string shape_label;  ///< "1×3×224×224"
};

/// One op type's compute (ModelCost::by_op).
struct OpCost {
  std::string op;  ///< as in op_histogram: non-default domains prefixed
  int64_t nodes = 0;
  int64_t macs = 0;
  int64_t flops = 0;
  int64_t uncounted = 0;  ///< nodes whose cost is unknown (op not known, or shapes not static)
};

/// Compute and activation memory of the main graph, estimated from its static shapes
/// (ir/cost.h): MACs of the matrix-like ops, FLOPs = 2 x MACs + the other arithmetic; the peak of
/// the intermediate tensors alive at once in topological order. Symbolic dimensions count as 1
/// (`symbolic_dims_as_one`: the figures are then per item of the batch).
struct ModelCost {
  std::vector<OpCost> by_op;  ///< by FLOPs, descending
  int64_t macs = 0;
  int64_t flops = 0;
  int64_t uncounted_nodes = 0;
  int64_t activation_peak_bytes = 0;
  int64_t activation_total_bytes = 0;
  int64_t unsized_values = 0;  ///< values left out of the activation figures
  bool symbolic_dims_as_one = false;
  /// When symbolic dimensions left nodes uncounted (a MatMul after a Reshape whose target shape
  /// is computed from the input's shape) or a free dimension is not a batch (an image's height),
  /// the estimate is made again from the shapes of one run
  /// on random inputs with the free dimensions set as random inputs set them (batch 1, sequence
  /// 128, ...; models up to 256 MiB): those dimensions, empty when the figures are the file's.
  std::vector<std::pair<std::string, int64_t>> dims;
};

struct ModelInfo {
  std::string path;
  uint64_t file_bytes = 0;
  int64_t ir_version = 0;
  std::string producer_name;
  std::string producer_version;
  std::string domain;
  int64_t model_version = 0;
  std::string doc_string;
  std::string graph_name;
  std::vector<std::pair<std::string, int64_t>> opsets;  ///< domain ("ai.onnx" for default)
  std::vector<std::pair<std::string, std::string>> metadata;
  std::vector<ValueSummary> inputs;  ///< graph inputs that are not initializers
  std::vector<ValueSummary> outputs;
  int64_t node_count = 0;        ///< nodes of the main graph
  int64_t node_count_total = 0;  ///< including every nested subgraph
  int64_t subgraph_count = 0;
  /// Op type -> count over all nodes (subgraphs included), most frequent first. Non-default
  /// domains are prefixed: "com.microsoft.FusedConv".
  std::vector<std::pair<std::string, int64_t>> op_histogram;
  int64_t initializer_count = 0;  ///< all graphs
  uint64_t initializer_bytes = 0;
  int64_t parameter_count = 0;  ///< elements of all initializers
  std::vector<std::string> functions;
  bool checker_passed = false;
  bool shape_inference_complete = false;
  std::vector<std::string> warnings;
  ModelCost cost;  ///< of the main graph
  double load_seconds = 0;
  std::vector<ValueSummary> values;  ///< every value of every graph (only with `with_values`)
  std::shared_ptr<const GraphSnapshot> snapshot;  ///< only with `with_snapshot`
};

struct InspectOptions {
  bool with_values = false;
  bool with_snapshot = false;  ///< also fill ModelInfo::snapshot (the graph view's data)
};

ModelInfo DescribeModel(const onnx_io::LoadedModel& loaded, bool with_values);

/// Keeps the last model file loaded in memory and serves later loads of the unchanged file from
/// it (onnx_io::SetLoadCacheEnabled): the GUI turns it on, since every tab loads the opened
/// model again. Off by default.
void SetModelLoadCache(bool on);

/// Loads a model file and describes it. The error names the file and what is wrong. `job` gets
/// the loading stages, then Stage::kDescribing (and Stage::kSnapshotting with `with_snapshot`).
Expected<ModelInfo> InspectModelFile(const std::filesystem::path& path,
                                     const InspectOptions& options = {},
                                     const JobControl& job = {});

nlohmann::json ToJson(const ModelInfo& info);
nlohmann::json ToJson(const ValueSummary& value);
nlohmann::json ToJson(const ModelCost& cost);
/// "1.82 G", "364 M", "12.5 k", "950": a count with an SI prefix, three significant digits.
std::string FormatCount(int64_t n);

}  // namespace onnxlens::api
