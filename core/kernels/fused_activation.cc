// Fused activations.
#include "kernels/fused_activation.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/parallel.h"

namespace onnxlens::kernels {

Expected<FusedActivation> FusedActivation::FromNode(const ir::Node& node) {
  FusedActivation f;
  const std::string act = node.GetString("activation", "");
  std::vector<float> params;
  if (const ir::Attribute* a = node.FindAttribute("activation_params")) params = a->floats;
  auto param = [&](size_t i, const char* name, float fallback) {
    if (i < params.size()) return params[i];
    return node.GetFloat(name, fallback);
  };
  if (act.empty()) return f;
  if (act == "Relu") {
    f.kind = Kind::kRelu;
  } else if (act == "Sigmoid") {
    f.kind = Kind::kSigmoid;
  } else if (act == "Tanh") {
    f.kind = Kind::kTanh;
  } else if (act == "LeakyRelu") {
    f.kind = Kind::kLeakyRelu;
    f.alpha = param(0, "activation_alpha", 0.01f);
  } else if (act == "Clip") {
    f.kind = Kind::kClip;
    f.alpha = param(0, "activation_alpha", -std::numeric_limits<float>::max());
    f.beta = param(1, "activation_beta", std::numeric_limits<float>::max());
  } else if (act == "HardSigmoid") {
    f.kind = Kind::kHardSigmoid;
    f.alpha = param(0, "activation_alpha", 0.2f);
    f.beta = param(1, "activation_beta", 0.5f);
  } else if (act == "QuickGelu") {
    f.kind = Kind::kQuickGelu;
    f.alpha = param(0, "activation_alpha", 1.702f);
  } else {
    return InvalidArgument(node.Describe() + ": unknown activation " + act);
  }
  return f;
}

void FusedActivation::Apply(float* p, int64_t n) const {
  const float a = alpha, b = beta;
  switch (kind) {
    case Kind::kNone:
      return;
    case Kind::kRelu:
      for (int64_t i = 0; i < n; ++i) p[i] = std::max(p[i], 0.f);
      return;
    case Kind::kSigmoid:
      for (int64_t i = 0; i < n; ++i) p[i] = 1.f / (1.f + std::exp(-p[i]));
      return;
    case Kind::kTanh:
      for (int64_t i = 0; i < n; ++i) p[i] = std::tanh(p[i]);
      return;
    case Kind::kLeakyRelu:
      for (int64_t i = 0; i < n; ++i) p[i] = p[i] < 0.f ? p[i] * a : p[i];
      return;
    case Kind::kClip:
      for (int64_t i = 0; i < n; ++i) p[i] = std::min(std::max(p[i], a), b);
      return;
    case Kind::kHardSigmoid:
      for (int64_t i = 0; i < n; ++i) p[i] = std::max(0.f, std::min(1.f, a * p[i] + b));
      return;
    case Kind::kQuickGelu:
      for (int64_t i = 0; i < n; ++i) p[i] = p[i] / (1.f + std::exp(-a * p[i]));
      return;
  }
}

Status ApplyFusedActivation(OpKernelContext& ctx) {
  RtValue* out = ctx.mutable_output(0);
  if (!out || !out->is_tensor() || out->tensor.dtype() != ir::DataType::kFloat)
    return ctx.Error("fused activation needs a float32 output");
  ir::Tensor& y = out->tensor;
  float* p = y.mutable_data<float>();
  const int64_t n = y.numel();
  const ir::Node& node = ctx.node();
  const float* z = nullptr;
  if (node.op_type() == "FusedConv" ||
      (node.op_type() == "Conv" && node.domain() == "com.microsoft.nchwc")) {
    if (const ir::Tensor* zt = ctx.tensor(3)) {
      if (zt->dtype() != ir::DataType::kFloat || zt->dims() != y.dims())
        return ctx.Error("Z must be float32 with the output's shape");
      z = zt->data<float>();
    }
  }
  auto act = FusedActivation::FromNode(node);
  if (!act.ok()) return ctx.Error(act.status().message());
  auto run = [&](int64_t b, int64_t e) {
    if (z)
      for (int64_t i = b; i < e; ++i) p[i] += z[i];
    act->Apply(p + b, e - b);
  };
  constexpr int64_t kBlock = 16384;  // elements per task: enough work to pay for a hand-off
  if (ctx.pool() && ctx.pool()->threads() > 1 && n >= 2 * kBlock) {
    ctx.pool()->ParallelFor((n + kBlock - 1) / kBlock, [&](int64_t b, int64_t e) {
      run(b * kBlock, std::min(n, e * kBlock));
    });
  } else {
    run(0, n);
  }
  return Status::Ok();
}

}  // namespace onnxlens::kernels
