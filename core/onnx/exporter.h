// IR -> ModelProto. Nodes are written in topological order; every value with a known type that
// is not an input or output gets a value_info entry.
#pragma once

#include <onnx/onnx_pb.h>

#include <functional>

#include "common/status.h"
#include "ir/model.h"

namespace onnxlens::onnx_io {

/// Called for each tensor to be stored outside the model file; it writes the bytes and fills
/// `tp`'s external_data / data_location. Return non-ok to abort.
using ExternalWriter = std::function<Status(const ir::Tensor&, onnx::TensorProto* tp)>;

struct ExportOptions {
  /// Tensors of at least this many bytes go through `external` (when set).
  uint64_t external_threshold = 1024;
  ExternalWriter external;
  /// value_info (type and shape) for every intermediate value whose type is known. Off, only the
  /// graph's inputs and outputs are typed; a loader infers the rest (ONNX shape inference).
  bool intermediate_value_info = true;
};

Expected<onnx::ModelProto> ExportModel(const ir::Model& model, const ExportOptions& options = {});

}  // namespace onnxlens::onnx_io
