// Extended level: Conv / Gemm followed by an activation become ONNX Runtime's com.microsoft
// FusedConv / FusedGemm (the activation runs on the output while it is still in cache).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddActivationFusionPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
