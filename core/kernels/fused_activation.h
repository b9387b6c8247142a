// The activation of ONNX Runtime's com.microsoft FusedConv / FusedGemm (and the optional Z input
// of FusedConv), applied in place to output 0 after the plain Conv / Gemm ran.
#pragma once

#include "common/status.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

/// FusedConv: attributes `activation` + `activation_params`; Z (input 3) added first when given.
/// FusedGemm: `activation` + `activation_alpha` / `activation_beta`. Activations: Relu, Sigmoid,
/// Tanh, LeakyRelu, Clip, HardSigmoid. Unknown activations are an error naming the node.
Status ApplyFusedActivation(OpKernelContext& ctx);

}  // namespace onnxlens::kernels
