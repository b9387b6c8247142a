// Shape inference guards: rank preconditions of old libonnx inference functions.
#include "onnx/inference_guards.h"

#include <onnx/defs/schema.h>
#include <onnx/defs/shape_inference.h>

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace onnxlens::onnx_io {

namespace {

// An input whose shape, when known, must have exactly `rank` dimensions because the schema's
// inference function indexes them unchecked.
struct RankGuard {
  const char* op;
  int below_opset;  ///< every registered version older than this
  std::vector<size_t> inputs;
  int rank;
};

// Gemm before opset 7 reads dim(0/1) of A and B without checking their ranks: a rank-1 B read
// past the end of the shape's dimensions and crashed the loader (found by fuzz_model).
const RankGuard kRankGuards[] = {
    {"Gemm", 7, {0, 1}, 2},
};

// Data propagation functions (Shape's among them) read their inputs' types without checking that
// there is one: an input nothing types (a custom op's output, a value defined nowhere or later, a
// graph input without a type) crashed the loader in Shape-15's (found by fuzz_model). Each one now
// runs only when every input it is given has a type; otherwise the node propagates no data (its
// shape inference still runs).
void GuardDataPropagation() {
  for (const onnx::OpSchema& copy : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    if (!copy.has_data_propagation_function()) continue;
    const onnx::OpSchema* schema =
        onnx::OpSchemaRegistry::Schema(copy.Name(), copy.since_version(), copy.domain());
    if (!schema || schema->since_version() != copy.since_version()) continue;
    onnx::DataPropagationFunction original = schema->GetDataPropagationFunction();
    const_cast<onnx::OpSchema*>(schema)->PartialDataPropagationFunction(
        [original](onnx::DataPropagationContext& ctx) {
          for (size_t i = 0; i < ctx.getNumInputs(); ++i) {
            if (!ctx.getInputType(i)) return;
          }
          original(ctx);
        });
  }
}

// Inference functions read the types of inputs their schema requires without checking that there
// is one: EyeLike's propagateShape dereferenced the null type of an input defined nowhere (found by
// fuzz_model). A required input without a type is now an inference error naming the op and input
// (most functions already threw one through propagateElemTypeFromInputToOutput); an optional
// input may still have none.
void GuardRequiredInputTypes() {
  for (const onnx::OpSchema& copy : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    const onnx::OpSchema* schema =
        onnx::OpSchemaRegistry::Schema(copy.Name(), copy.since_version(), copy.domain());
    if (!schema || schema->since_version() != copy.since_version()) continue;
    onnx::InferenceFunction original = schema->GetTypeAndShapeInferenceFunction();
    if (!original || schema->inputs().empty()) continue;
    std::vector<bool> required;  // per formal input; the last one repeats when variadic
    for (const auto& formal : schema->inputs())
      required.push_back(formal.GetOption() != onnx::OpSchema::Optional);
    const std::string op = schema->Name();
    const_cast<onnx::OpSchema*>(schema)->TypeAndShapeInferenceFunction(
        [original, required, op](onnx::InferenceContext& ctx) {
          for (size_t i = 0; i < ctx.getNumInputs(); ++i) {
            if (required[std::min(i, required.size() - 1)] && !ctx.getInputType(i))
              fail_type_inference(op, " input ", i, " has no type (defined nowhere or untyped)");
          }
          original(ctx);
        });
  }
}

// Convolutions and pools take their number of spatial dimensions from X, then index X's dims with
// W's rank and the lengths of kernel_shape, strides, dilations and pads: a rank-3 X with a rank-4
// W read past the end of X's dimensions in convPoolShapeInference (ConvInteger; found by
// fuzz_model). Each of those must agree with X first.
struct ConvLikeGuard {
  const char* op;
  int weight_input;  ///< -1: a pool, no weight
};
const ConvLikeGuard kConvLikeGuards[] = {
    {"Conv", 1},     {"ConvInteger", 1},  {"QLinearConv", 3}, {"ConvTranspose", 1},
    {"MaxPool", -1}, {"AveragePool", -1}, {"LpPool", -1},
};

void GuardConvLike(const onnx::InferenceContext& ctx, const ConvLikeGuard& guard) {
  if (!onnx::hasInputShape(ctx, 0)) return;
  const int rank = ctx.getInputType(0)->tensor_type().shape().dim_size();
  if (rank < 2) fail_shape_inference(guard.op, " input 0 has rank ", rank, ", expected at least 2");
  const int spatial = rank - 2;
  if (guard.weight_input >= 0 && onnx::hasInputShape(ctx, guard.weight_input)) {
    const int w_rank = ctx.getInputType(guard.weight_input)->tensor_type().shape().dim_size();
    if (w_rank != rank) {
      fail_shape_inference(guard.op, " input ", guard.weight_input, " (the weight) has rank ",
                           w_rank, ", expected ", rank, " as input 0");
    }
  }
  for (const char* name : {"kernel_shape", "strides", "dilations", "pads"}) {
    const onnx::AttributeProto* a = ctx.getAttribute(name);
    const int expected = std::string(name) == "pads" ? 2 * spatial : spatial;
    if (a && a->ints_size() != expected) {
      fail_shape_inference(guard.op, " attribute ", name, " has ", a->ints_size(),
                           " values, expected ", expected, " for input 0 of rank ", rank);
    }
  }
}

void GuardConvLike() {
  for (const onnx::OpSchema& copy : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    if (!copy.domain().empty()) continue;
    for (const ConvLikeGuard& guard : kConvLikeGuards) {
      if (copy.Name() != guard.op) continue;
      const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(guard.op, copy.since_version());
      if (!schema || schema->since_version() != copy.since_version()) continue;
      onnx::InferenceFunction original = schema->GetTypeAndShapeInferenceFunction();
      if (!original) continue;
      const_cast<onnx::OpSchema*>(schema)->TypeAndShapeInferenceFunction(
          [guard, original](onnx::InferenceContext& ctx) {
            GuardConvLike(ctx, guard);
            original(ctx);
          });
    }
  }
}

void Install() {
  GuardDataPropagation();
  GuardConvLike();
  GuardRequiredInputTypes();
  for (const RankGuard& guard : kRankGuards) {
    for (int v = guard.below_opset - 1; v >= 1; --v) {
      const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(guard.op, v, "");
      if (!schema) break;
      v = schema->since_version();  // the next lookup is the version before this one
      onnx::InferenceFunction original = schema->GetTypeAndShapeInferenceFunction();
      if (!original) continue;
      // The registry hands out const schemas; replacing the function once, before any inference
      // runs, is the only way to put a check in front of it.
      const_cast<onnx::OpSchema*>(schema)->TypeAndShapeInferenceFunction(
          [guard, original](onnx::InferenceContext& ctx) {
            for (size_t i : guard.inputs) {
              if (!onnx::hasInputShape(ctx, i)) continue;
              const int rank = ctx.getInputType(i)->tensor_type().shape().dim_size();
              if (rank != guard.rank) {
                fail_shape_inference(guard.op, " input ", i, " has rank ", rank, ", expected ",
                                     guard.rank);
              }
            }
            original(ctx);
          });
    }
  }
}

}  // namespace

void InstallShapeInferenceGuards() {
  static std::once_flag once;
  std::call_once(once, Install);
}

}  // namespace onnxlens::onnx_io
