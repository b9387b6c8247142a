// The activation of ONNX Runtime's com.microsoft FusedConv / FusedGemm (and the optional Z input
// of FusedConv), applied in place to output 0 after the plain Conv / Gemm ran.
#pragma once

#include "common/status.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

/// The activation of a fused node, read once from its attributes.
struct FusedActivation {
  enum class Kind { kNone, kRelu, kSigmoid, kTanh, kLeakyRelu, kClip, kHardSigmoid, kQuickGelu };
  Kind kind = Kind::kNone;
  float alpha = 0, beta = 0;  ///< LeakyRelu / QuickGelu alpha; Clip min / max; HardSigmoid a / b

  /// FusedConv: attributes `activation` + `activation_params`; FusedGemm: `activation` +
  /// `activation_alpha` / `activation_beta`. An unknown activation is an error naming the node.
  static Expected<FusedActivation> FromNode(const ir::Node& node);
  /// p[i] = f(p[i]) for i in [0, n).
  void Apply(float* p, int64_t n) const;
};

/// FusedConv (and com.microsoft.nchwc Conv): attributes `activation` + `activation_params`; Z
/// (Sum, input 3) added first when given.
/// FusedGemm: `activation` + `activation_alpha` / `activation_beta`. Activations: Relu, Sigmoid,
/// Tanh, LeakyRelu, Clip, HardSigmoid, and in a session's own graph QuickGelu (x * sigmoid(alpha
/// x), SiLU at alpha 1: activation-fusion writes it only there, ONNX Runtime has no such one).
/// Unknown activations are an error naming the node. Large outputs are done in parallel on the
/// context's pool.
Status ApplyFusedActivation(OpKernelContext& ctx);

}  // namespace onnxlens::kernels
