// Level `layout`, sessions only: DequantizeLinear nodes on constants that no integer kernel took
// (the weight of a classifier Gemm read as float, a LayerNorm scale, a bias) are computed once at
// session creation instead of on every run. By then `qdq-node-units` has taken every weight it
// runs in int8, so what is left is read by float kernels, which also get to prepare a constant
// weight once (oneDNN reorders it at creation). Only for a session's own graph
// (PassOptions::session_only_ops): an exported file keeps its int8 weights and its size.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateQdqWeightFolding();

}  // namespace onnxlens::passes
