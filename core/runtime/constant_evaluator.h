// The runtime's ConstantEvaluator: computes a node once with the reference kernels, for constant
// folding. Whoever optimizes (the session, core/api) hands it to the pass manager.
#pragma once

#include "passes/constant_evaluator.h"

namespace onnxlens::runtime {

/// One shared evaluator over the reference kernels (built on first use; thread-safe).
const passes::ConstantEvaluator& ReferenceConstantEvaluator();

}  // namespace onnxlens::runtime
