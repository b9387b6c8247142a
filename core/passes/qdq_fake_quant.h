// Level `layout`, sessions only: QuantizeLinear(x) read by nothing but a DequantizeLinear with
// the same per-tensor parameters (the "fake quantization" a QDQ model puts between float ops that
// no integer kernel takes: a transformer's LayerNorm, GELU, residual Adds) becomes one
// com.onnxlens QuantizeDequantizeLinear(x, scale, zero_point): the same numbers (the cpu kernel
// runs the two kernels' loops over a small buffer), one pass over the tensor and one kernel
// instead of two. bert_tiny runs ~130 such pairs a run. Only for a session's own graph
// (PassOptions::session_only_ops): ONNX Runtime cannot load the com.onnxlens op.
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateQdqFakeQuantFusion();

}  // namespace onnxlens::passes
