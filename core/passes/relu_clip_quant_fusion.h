// relu-clip-quant-fusion (extended, before the QDQ node units): a Relu or Clip read only by a
// per-tensor QuantizeLinear that saturates at least as much goes (ONNX Runtime's ReluQuantFusion
// and ClipQuantFusion), so that DQ -> Conv -> Relu -> Q, what PyTorch FX exports for a fused
// ConvReLU2d, is a Conv unit the QDQ selectors make int8. Exact, with the quantizer's own float
// arithmetic as the test: Q(bound) = nearbyint(bound / scale) + zero_point must saturate, i.e. be
// at most the type's minimum for the lower bound (Relu: 0, so the zero point is the minimum) and
// at least its maximum for the upper one; Q is monotone, so every value the Relu / Clip would move
// quantizes to the same saturated integer without it. NaN quantizes to the minimum either way.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateReluClipQuantFusion();

}  // namespace onnxlens::passes
