// ConstantEvaluator: how constant folding computes a node without knowing any kernel. Passes never
// include or link kernels; the runtime implements this (runtime/constant_evaluator.h) and whoever
// optimizes hands one to the pass manager (OptimizeOptions::evaluator).
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "ir/graph.h"
#include "ir/tensor.h"

namespace onnxlens::passes {

class ConstantEvaluator {
 public:
  virtual ~ConstantEvaluator() = default;

  /// Computes `node` once. `inputs` has one entry per input slot of the node (null for a missing
  /// optional input), every present one a constant tensor; `opset` is the version the model
  /// imports for the node's domain. Returns one tensor per output slot (a default Tensor for an
  /// omitted output), or an error when it cannot: no kernel for the op, the kernel failed, or an
  /// output is not a tensor. An error is not fatal: the node is then simply not folded.
  /// Must be callable from several threads at once.
  virtual Expected<std::vector<ir::Tensor>> Evaluate(
      const ir::Node& node, int64_t opset, const std::vector<const ir::Tensor*>& inputs) const = 0;
};

}  // namespace onnxlens::passes
