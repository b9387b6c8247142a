// Constant folding: a node whose inputs are all constant is run once (reference kernels) and
// replaced by initializers; Shape and Size of values with fully known dims fold too. Never folds
// non-deterministic ops (Random*, Multinomial, Bernoulli), QuantizeLinear / DequantizeLinear
// (kept for quantized models), nodes with subgraphs, or outputs above the size cap.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateConstantFolding();

}  // namespace onnxlens::passes
