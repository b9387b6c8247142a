// GraphSnapshot: an immutable, plain-data copy of a model's graphs for the views (graph view,
// sidebar, find, side-by-side compare): nodes with op category, attributes as text, provenance
// (`origins`: the ids of the original nodes a fused node replaces), values with inferred types and
// shapes, producers and consumers, and every subgraph (If/Loop/Scan bodies) as a graph of its own.
// Widgets never see the live IR.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"

namespace onnxlens::ir {
class Model;
class Tensor;
}  // namespace onnxlens::ir

namespace onnxlens::api {

struct SnapshotValue {
  std::string name;
  std::string dtype;           ///< "float32", ... ; "" when unknown or not a tensor
  std::string type;            ///< full text: "float32[1,3,224,224]", "seq(float32[*])", "?"
  std::string shape_label;     ///< "1×3×224×224"; "" when the rank is unknown
  int producer = -1;           ///< node index in the graph; -1 for inputs and initializers
  std::vector<int> consumers;  ///< node indices, one per use
  bool graph_input = false;
  bool graph_output = false;
  bool initializer = false;
  int64_t numel = -1;  ///< initializers: element count
  bool outer = false;  ///< read from an enclosing graph (subgraphs)
  /// The tensor of an initializer or of a Constant node's output (storage shared with the model,
  /// nothing is copied), for the sidebar's values, statistics, histogram and "Save as .npy".
  std::shared_ptr<const ir::Tensor> data;
  /// Initializers: their bytes, also when `data` was not kept (-1 for other values).
  int64_t nbytes = -1;
  /// True when the snapshot was made without this tensor's values (SnapshotOf's `keep` said
  /// no): the optimization trace keeps a bounded share of the tensors its passes make.
  bool data_dropped = false;
};

struct SnapshotAttribute {
  std::string name;
  std::string type;   ///< "int", "floats", "tensor", "graph", ...
  std::string value;  ///< short text ("[1, 1, 1, 1]", "float32[64] tensor", "then_branch graph")
};

struct SnapshotNode {
  int64_t id = 0;  ///< stable across optimization snapshots (see origins)
  std::string name;
  std::string op_type;
  std::string domain;       ///< "" for ai.onnx
  std::string category;     ///< api/op_category name: "layer", "activation", "normalization", ...
  std::vector<int> inputs;  ///< value indices; -1 for an omitted optional input
  /// The schema's names of the inputs ("X", "scale", "B", "input_mean"); "" when unknown.
  std::vector<std::string> input_names;
  int64_t opset = 0;  ///< the model's opset for the node's domain
  std::vector<int> outputs;
  std::vector<SnapshotAttribute> attributes;
  std::vector<int> subgraphs;    ///< graph indices of its bodies
  std::vector<int64_t> origins;  ///< ids of the original nodes it stands for (empty: itself)
  /// False when neither ONNX's schema registry nor onnxlens's runtime knows the op (drawn marked
  /// "unknown op").
  bool known = true;
};

struct SnapshotGraph {
  std::string name;
  std::string path;  ///< "" for the main graph, "If_0/then_branch" below
  int parent_graph = -1;
  int parent_node = -1;   ///< node index in the parent graph
  std::string attribute;  ///< the owner's attribute holding it: "then_branch", "body"
  std::vector<SnapshotNode> nodes;
  std::vector<SnapshotValue> values;
  std::vector<int> inputs, outputs;  ///< value indices
};

struct GraphSnapshot {
  std::vector<SnapshotGraph> graphs;  ///< [0] is the main graph
  int64_t node_count_total = 0;
  /// Model properties as (label, text): format, producer, version, domain, opsets, doc string
  /// and metadata (keys prefixed "metadata: "), in that order.
  std::vector<std::pair<std::string, std::string>> properties;
};

/// Whether a snapshot keeps an initializer's (or a Constant's) tensor: SnapshotOf asks once per
/// tensor when given one (it keeps every tensor otherwise).
using SnapshotTensorKeep = std::function<bool(const ir::Tensor&)>;

GraphSnapshot SnapshotOf(const ir::Model& model, const SnapshotTensorKeep& keep = {});

/// The snapshot of a model that several holders share (the document's and the optimization trace's
/// original are one): made again only when no snapshot of `model` made here is still held. The
/// model is not changed while it is shared (every holder of a shared `const ir::Model` reads it).
/// Thread-safe.
std::shared_ptr<const GraphSnapshot> SharedSnapshotOf(
    const std::shared_ptr<const ir::Model>& model);

/// Loads a model file and snapshots it (the error names the file).
Expected<std::shared_ptr<const GraphSnapshot>> SnapshotModelFile(const std::string& path);

}  // namespace onnxlens::api
