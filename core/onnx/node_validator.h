// Validation of every node against its ONNX schema before anything runs it, as ONNX Runtime does
// at load: the opset is one the schemas know, arity, required inputs and attributes, attribute
// names and types (libonnx's OpSchema::Verify), type constraints bound across inputs and declared
// outputs, and the attribute checks each op's spec states that kernels and libonnx's own shape
// inference would otherwise trip over (a stride of 0, a perm that is no permutation, an auto_pad
// that is no mode, a group that does not divide the channels), and what a kernel would refuse of
// inputs that are constants or of known shape (an Unsqueeze axis past the rank, OneHot values
// short, a Reshape target past 64 bits, a BatchNormalization parameter short) — so a node is
// refused also in the If branch a run does not take. Every graph at any depth gets the same checks;
// a subgraph's nodes must also be in topological order. Nodes of domains without ONNX schemas
// (com.microsoft, custom) are left to the kernels.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"

namespace onnx {
class ModelProto;
}

namespace onnxlens::onnx_io {

/// The first problem of any node of `model` (subgraphs at any depth included), naming the node,
/// the op and what was wrong; Ok when every node with a schema conforms to it and every subgraph
/// is in topological order.
Status ValidateModel(const ir::Model& model);

/// Every problem, up to `max_errors` (for reports that list them all).
std::vector<Status> ValidateModelAll(const ir::Model& model, size_t max_errors = 100);

/// The op-specific attribute checks alone: safe to run on any model before libonnx's shape
/// inference (which divides by strides and groups without checking them).
Status CheckAttributeValues(const ir::Node& node, int64_t opset);

/// The first node of `model`'s graph (subgraphs included) that would make libonnx's shape
/// inference divide by zero, loop without end or read an attribute that is not there: a stride,
/// dilation, kernel dimension, group or block size that is not positive, or an attribute its
/// schema (at the model's opset) requires that is missing or of another type. As "node 'x'
/// (Conv): strides must be positive, got 0"; empty when there is none. The loader skips shape
/// inference for such a model, with a warning (the session's validation then refuses the node).
std::string FindShapeInferenceHazard(const onnx::ModelProto& model);

}  // namespace onnxlens::onnx_io
