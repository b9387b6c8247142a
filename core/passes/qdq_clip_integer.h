// qdq-clip-integer (extended, after the QDQ node units): DequantizeLinear -> Clip -> QuantizeLinear
// with one per-tensor scale and zero point on both sides (PyTorch FX's ReLU6 between int8
// convolutions, whose observer the Clip shares) becomes a Clip of the quantized tensor itself,
// Clip(q, Q(min), Q(max)) in uint8 / int8 (opset 12+, standard ONNX), instead of three float
// passes over it. Rewritten only when all 256 values of the type give the same result both ways,
// computed with the quantize / dequantize kernels' own float arithmetic, so the rewrite is exact
// by enumeration, not by argument.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateQdqClipInteger();

}  // namespace onnxlens::passes
