// Small basic-level rewrites from ONNX Runtime's level-1 rule list:
// - div-mul-fusion: Mul(a, Div(1, b)) -> Div(a, b),
// - not-where-fusion: Where(Not(c), x, y) -> Where(c, y, x),
// - unsqueeze-fusion / squeeze-fusion: two consecutive Unsqueezes (Squeezes) -> one.
// And the layout level's conv-add-activation-fusion: Conv + Add(residual) [+ Relu...] ->
// com.microsoft FusedConv with the residual as its Z input, the sum done in the GEMM's output.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddMiscFusionPasses(std::vector<std::unique_ptr<Pass>>& out);
void AddLayoutPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
