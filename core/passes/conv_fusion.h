// Basic-level folds into Conv: BatchNormalization, a per-channel Add (bias) or Mul (scale), a
// zero Pad in front; and Relu followed by a Clip that clips at >= 0 anyway.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddConvFusionPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
