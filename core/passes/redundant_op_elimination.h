// Basic-level eliminations from onnxoptimizer's list: Flatten / Split / Concat that pass their
// input through, an idempotent op applied twice, Concat of a Concat on the same axis, and the
// Softmax / LogSoftmax / Log in front of an ArgMax (monotone: the arg max is the same).
#pragma once

#include <memory>
#include <vector>

#include "passes/pass.h"

namespace onnxlens::passes {

void AddRedundantOpEliminationPasses(std::vector<std::unique_ptr<Pass>>& out);

}  // namespace onnxlens::passes
