// Static quantization in the QDQ format: QuantizeLinear -> DequantizeLinear pairs in front of
// the inputs of the ops ONNX Runtime's QDQ quantizer handles, weights stored as int8 (per tensor
// or per output channel) behind a DequantizeLinear, biases as int32. Reshape, Transpose,
// Squeeze, Unsqueeze, Flatten, MaxPool and Resize pass their input's parameters on to their
// output (ONNX Runtime's propagation), Softmax's output is quantized on [0, 1].
//
// Two steps so that calibration sits between them: PlanQdq says which tensors need a range,
// ApplyQdq rewrites the model with the ranges found.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/model.h"
#include "quant/histogram.h"
#include "quant/quant_model.h"
#include "quant/quant_params.h"

namespace onnxlens::quant {

struct StaticQuantOptions {
  QuantType activation_type = QuantType::kUint8;
  QuantType weight_type = QuantType::kInt8;
  bool activation_symmetric = false;
  bool weight_symmetric = true;  ///< ONNX Runtime's default for int8 weights
  /// Needs opset 13: a model at 11 or 12 is raised to 13 when none of its ops changed meaning
  /// between (Softmax, Squeeze, Split, ReduceSum, ... did); otherwise per tensor, with a warning.
  bool per_channel = false;
  /// Weights in 7 bits ([-64, 64] / [0, 127]), ONNX Runtime's reduce_range: u8 x s8 products then
  /// sum exactly in 16-bit pairs (vpmaddubsw), the fast int8 path of CPUs without VNNI.
  bool reduce_range = false;
  NodeFilter filter;
};

/// The op types the static quantizer handles, sorted.
const std::vector<std::string>& QdqOpTypes();

/// Ops the quantizer quantizes only when the tensor they read comes from a quantized node (ONNX
/// Runtime's removable activations and direct 8-bit ops: Relu, Clip, MaxPool, Reshape, ...):
/// they carry their input's range through, so leaving their producer in float leaves them too.
bool FollowsInputQuantization(const std::string& op_type);

/// How one input slot of a quantized node is quantized.
struct SlotPlan {
  enum class Kind { kActivation, kWeight, kBias, kConstant };
  ir::NodeId node = 0;
  int slot = 0;
  Kind kind = Kind::kActivation;
  int64_t axis = -1;  ///< kWeight per channel; -1 per tensor
};

struct QdqPlan {
  std::vector<SlotPlan> slots;
  /// Activation tensors whose range calibration must find (the others share one or are fixed).
  std::vector<std::string> calibrate;
  /// Output -> input whose parameters it takes; output -> fixed range.
  std::map<std::string, std::string> shared;
  std::map<std::string, TensorRange> fixed;
  /// Relu / Clip nodes folded into the quantization of their output (ONNX Runtime's removable
  /// activations, asymmetric activations only): output -> the activation's input, which the Q
  /// then reads; the node is removed.
  std::map<std::string, std::string> folded;
  /// > 0: ApplyQdq raises the ai.onnx opset import to this (per-channel weights below opset 13,
  /// when no op of the model changed meaning on the way).
  int64_t raise_opset_to = 0;
  StaticQuantOptions options;
  std::vector<std::string> warnings;
};

/// Which slots of which nodes of `model`'s main graph get quantized (nodes inside subgraphs stay
/// float, with a warning: their tensors cannot be calibrated). `model` should be optimized
/// at basic first (BatchNormalization folded into Conv). Errors: a quantized model, a filter
/// naming unknown op types or nodes, an opset below 10.
Expected<QdqPlan> PlanQdq(const ir::Model& model, const StaticQuantOptions& options);

/// Rewrites `model` (the one planned) with the ranges of every tensor in `plan.calibrate`.
Expected<QuantStats> ApplyQdq(ir::Model& model, const QdqPlan& plan,
                              const std::map<std::string, TensorRange>& ranges);

}  // namespace onnxlens::quant
