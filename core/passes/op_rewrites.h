// Basic-level rewrites from onnxoptimizer's list: a constant Pad folded into the pads of the
// MaxPool / AveragePool reading it, an Einsum that is a (batched) MatMul, and Slice of Shape(x)
// when the sliced dims are known (the other dims may be symbolic). Gather of Shape is
// constant-folding's (constant_folding.cc, FoldShapeGather).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddOpRewritePasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
