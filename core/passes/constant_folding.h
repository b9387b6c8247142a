// Constant folding: a node whose inputs are all constant is computed once through the
// PassContext's ConstantEvaluator (the runtime's reference kernels; passes never include kernels)
// and replaced by initializers; Shape and Size of values with fully known dims fold too. Never
// folds non-deterministic ops (Random*, Multinomial, Bernoulli), QuantizeLinear /
// DequantizeLinear (kept for quantized models), nodes with subgraphs, or outputs above the size
// cap. Without an evaluator (PassContext::evaluator null) the pass folds nothing at all, not even
// Shape: a pass manager without one runs every other pass as usual.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateConstantFolding();

}  // namespace onnxlens::passes
