// Level `layout`: ONNX Runtime's NchwcTransformer. Convolution chains switch to the NCHWc blocked
// channel layout (ir/nchwc.h): Conv / FusedConv become com.microsoft.nchwc Conv with filters
// reordered once here, pools on blocked inputs become nchwc pools, and element-wise activations,
// same-shape Add / Mul / Sum and block-aligned channel Concats work on the blocked tensors as they
// are. ReorderInput / ReorderOutput nodes appear only where the chain meets plain tensors. Runs
// only when PassOptions::nchwc_block is set (the session sets it when a provider that runs the
// blocked kernels fast, dnnl, is in its order).
#pragma once

#include <memory>

#include "passes/pass.h"

namespace onnxlens::passes {

std::unique_ptr<Pass> CreateNchwcTransformer();

}  // namespace onnxlens::passes
