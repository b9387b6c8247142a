// qdq-node-units (extended): ONNX Runtime-style QDQ node units run on integer operators.
// - DQ(x) + DQ(W const) [+ DQ(B const int32)] -> Conv -> Q(y)  =>  QLinearConv,
// - DQ(a) + DQ(B const) -> MatMul -> Q(y)  =>  QLinearMatMul (a product of two activations
//   stays float),
// - DQ(a) + DQ(b) -> Add / Mul -> Q(y), one quantized type, per-tensor parameters (an Add may
//   have a Relu before the Q when the Q's zero point is its type's minimum)  =>  com.microsoft
//   QLinearAdd / QLinearMul, as ONNX Runtime makes them (with its rounding),
// - DQ(x) -> MaxPool -> Q(y) with the same per-tensor parameters (scale > 0)  =>  MaxPool on the
//   uint8 / int8 x (opset 12 or later),
// - DQ(x) -> Reshape / Transpose / Squeeze / Unsqueeze / Flatten -> Q(y) with the same per-tensor
//   parameters (scale > 0)  =>  the op on the quantized x,
// - Q(DQ(x)) with the same type, scale, zero point and axis  =>  x.
// A unit is rewritten only when the result is the same integer computation: constant scales and
// zero points (per tensor for activations; per output channel for W), uint8 / int8 tensors with
// their zero points present, an int32 bias whose scale is x_scale * w_scale, and the float result
// read by the Q alone.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddQdqNodeUnitPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
