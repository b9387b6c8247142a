// Basic level: Reshape whose target shape is assembled at run time from the data's own Shape
// (Shape -> Gather -> Unsqueeze -> Concat, as PyTorch exports `x.view(x.size(0), x.size(1), h, d)`)
// gets a constant target shape, with 0 for "copy this dim" and at most one -1.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddReshapeFusionPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
