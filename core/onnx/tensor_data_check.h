// Every tensor a model file holds is checked against its declared shape before anything of
// libonnx (checker, shape inference) reads it: libonnx's inference reads short raw_data past its
// end (an int64 Unsqueeze axes tensor of 4 bytes crashed every verb in onnx::ParseData<long>).
#pragma once

#include <onnx/onnx_pb.h>

#include "common/status.h"

namespace onnxlens::onnx_io {

/// Checks the data size of every tensor of the model, as ONNX Runtime does at load ("data size
/// mismatch"): initializers, sparse initializers (values and indices), tensor and sparse tensor
/// attributes (Constant's value among them), in the main graph, in subgraphs at any depth and in
/// the model's functions.
/// The error names the graph, node, attribute or initializer and what was expected.
Status CheckModelTensorData(const onnx::ModelProto& model);

}  // namespace onnxlens::onnx_io
