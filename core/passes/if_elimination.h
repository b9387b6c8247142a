// Basic level: an If whose condition is a constant becomes the nodes of the branch it takes
// (inlined into the enclosing graph, names made unique there).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddIfEliminationPass(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
