// dynamic-quantize-matmul-fusion (extended, com.microsoft): what dynamic quantization writes for a
// MatMul (ours, and ONNX Runtime's quantize_dynamic),
//   DynamicQuantizeLinear(x) -> MatMulInteger(y, B, y_zero_point, b_zero_point) -> Cast(float)
//   -> Mul(Mul(y_scale, b_scale)) [-> Add(bias)],
// becomes one com.microsoft DynamicQuantizeMatMul(x, B, b_scale, b_zero_point, bias), as ONNX
// Runtime's DynamicQuantizeMatMulFusion / MatMulIntegerToFloatFusion do: one kernel instead of
// five per product. B, b_scale, b_zero_point and bias are constants (b_scale and b_zero_point
// one value or one per column, bias one per column). The result is bit for bit the chain's: the
// kernel quantizes x with DynamicQuantizeLinear's arithmetic and computes float(sum) *
// (y_scale * b_scale[j]) + bias[j] in that order. A DynamicQuantizeLinear shared by several
// products (Q, K and V) stays until the last of them is fused; each then quantizes x itself.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateDynamicQuantizeMatMulFusion();

}  // namespace onnxlens::passes
