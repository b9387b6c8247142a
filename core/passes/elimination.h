// Basic-level eliminations of nodes that compute nothing: Identity, no-op Slice, Unsqueeze of a
// constant, inference Dropout, no-op Expand, Cast to the same type, and arithmetic / layout no-ops
// (Add 0, Mul 1, Pad 0, identity Transpose, Reshape to the same shape, ...); constant Nodes
// become initializers; dead nodes go.
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddEliminationPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
