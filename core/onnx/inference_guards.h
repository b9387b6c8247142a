// Preconditions libonnx's shape inference functions assume without checking, installed in front
// of them so that a model breaking one gets an inference error instead of a crash.
#pragma once

namespace onnxlens::onnx_io {

/// Wraps the inference functions of the schemas listed in inference_guards.cc (once per
/// process; thread-safe): each checks its op's inputs first and fails shape inference with a
/// message naming the op, input and rank when one does not hold. Every inference function fails
/// the same way when an input its schema requires has no type, and every data propagation function
/// runs only when all its inputs have a type. Call before InferShapes.
void InstallShapeInferenceGuards();

}  // namespace onnxlens::onnx_io
