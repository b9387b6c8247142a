// MatMul + Add -> Gemm, Transpose folded into Gemm's transA/transB, consecutive Transposes merged
// (or cancelled when they compose to the identity).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddGemmFusionPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
