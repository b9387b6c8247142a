// A stable, human-readable text form of a model or graph, for golden tests and `--dump`.
#pragma once

#include <string>

#include "ir/graph.h"
#include "ir/model.h"

namespace onnxlens::ir {

struct TextOptions {
  bool node_ids = false;      ///< print "#id" after each node (pass debugging)
  bool value_types = true;    ///< print the type of every node output
  bool tensor_hashes = true;  ///< print a content hash of every initializer/tensor attribute
};

/// Nodes are printed in a stable topological order, so the text does not depend on the order in
/// which a file happened to list them. The same model always gives the same text.
std::string ModelToText(const Model& model, const TextOptions& options = {});
std::string GraphToText(const Graph& graph, const TextOptions& options = {});

}  // namespace onnxlens::ir
