// ModelProto -> IR. Structural problems (undefined inputs, duplicate producers, bad subgraphs,
// inconsistent tensors) are errors naming the graph, node and value.
#pragma once

#include <onnx/onnx_pb.h>

#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"
#include "onnx/proto_convert.h"

namespace onnxlens::onnx_io {

struct ImportResult {
  ir::Model model;
  std::vector<std::string> warnings;
};

/// Builds the IR of `proto`. Tensors with external data are read through `external` (may be
/// empty when the model has none). The graph is verified before it is returned.
Expected<ImportResult> ImportModel(const onnx::ModelProto& proto, const ExternalReader& external);

}  // namespace onnxlens::onnx_io
