// Model: the main graph plus ONNX model-level data (IR version, producer, opsets, metadata,
// local functions and training info kept for round trips).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/graph.h"

namespace onnxlens::ir {

struct OpsetImport {
  std::string domain;  ///< "" = ai.onnx
  int64_t version = 0;
};

class Model {
 public:
  Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  Model(Model&&) = default;
  Model& operator=(Model&&) = default;

  int64_t ir_version = 8;
  std::string producer_name;
  std::string producer_version;
  std::string domain;
  int64_t model_version = 0;
  std::string doc_string;
  std::vector<OpsetImport> opset_imports;
  std::vector<std::pair<std::string, std::string>> metadata;
  std::unique_ptr<Graph> graph;

  /// Model-local functions and training info as serialized protobuf messages.
  std::vector<std::string> functions;
  std::vector<std::string> function_names;  ///< "domain:name" of each function, for display
  std::vector<std::string> training_info;

  /// The opset version imported for `domain` ("" and "ai.onnx" are the same), or -1.
  int64_t OpsetVersion(std::string_view domain) const;
  /// Sets (adds or replaces) the opset imported for `domain`.
  void SetOpsetVersion(std::string_view domain, int64_t version);

  /// A deep copy (Graph::Clone keeps node and value ids).
  std::unique_ptr<Model> Clone() const;
};

}  // namespace onnxlens::ir
