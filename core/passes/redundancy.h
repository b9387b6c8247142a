// Removing repeated work: constant sharing (identical initializers become one) and common
// subexpression elimination (identical nodes on identical inputs become one).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddRedundancyPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
