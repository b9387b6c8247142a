// Activations exported as element-wise chains, made one node: x * sigmoid(x) (SiLU / Swish, and
// x * sigmoid(alpha * x)) -> com.microsoft QuickGelu (ONNX Runtime's QuickGeluFusion; extended),
// and the HardSwish forms of MobileNetV3 exports (PaddleOCR's heads, PyTorch before opset 14):
// x * HardSigmoid(x) with alpha 1/6 and beta 1/2, and x * Clip(x + 3, 0, 6) / 6 in its orders ->
// ai.onnx HardSwish (basic; before opset 14, which has no HardSwish, the Clip forms become the two
// nodes x * HardSigmoid(x; 1/6, 1/2)), and their squeeze-excitation gate Clip(x + 3, 0, 6) / 6 ->
// HardSigmoid(x; 1/6, 1/2).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddHardSwishFusionPass(std::vector<std::unique_ptr<Pass>>& out);
void AddQuickGeluFusionPass(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
