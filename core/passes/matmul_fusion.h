// MatMul fusions from ONNX Runtime's lists:
// - matmul-bn-fusion (basic): 2-D MatMul(x, W) + BatchNormalization -> Gemm with W and bias scaled,
// - matmul-transpose-fusion (extended): MatMul of Transpose(last two dims swapped) ->
//   com.microsoft FusedMatMul with transA / transB,
// - matmul-scale-fusion (extended): MatMul scaled by a constant scalar (Mul / Div, on an input or
//   the output) -> FusedMatMul alpha.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddMatMulBnPass(std::vector<std::unique_ptr<Pass>>& out);
void AddFusedMatMulPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
