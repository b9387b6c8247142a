// Level `layout`, sessions only: a Gemm or MatMul whose inputs are DequantizeLinear(x) (uint8 /
// int8 activation, per tensor) and DequantizeLinear(W) (a constant int8 2-D weight, zero points
// 0, scales per tensor or per output column) and whose float result is read as float (a
// classifier: no QuantizeLinear after it, so qdq-node-units left it) becomes
//   MatMulInteger(x, W [K, N], x_zero_point) -> Cast(float) -> Mul(x_scale * w_scale) [-> Add(C)]
// as ONNX Runtime's QGemm with float output does: int8 weights read on every run instead of a
// float copy 4x the bytes (mobilenet_v2's 1280 x 1000 classifier is memory bound: 371 us float).
// The sums are exact in int32; the result differs from the QDQ model's float Gemm only by float
// rounding. Only for a session's own graph (PassOptions::session_only_ops): an exported file keeps
// its QDQ form, which ONNX Runtime fuses its own way.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateQdqIntegerGemm();

}  // namespace onnxlens::passes
