// Fused activations.
#include "kernels/fused_activation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace onnxlens::kernels {

Status ApplyFusedActivation(OpKernelContext& ctx) {
  RtValue* out = ctx.mutable_output(0);
  if (!out || !out->is_tensor() || out->tensor.dtype() != ir::DataType::kFloat)
    return ctx.Error("fused activation needs a float32 output");
  ir::Tensor& y = out->tensor;
  float* p = y.mutable_data<float>();
  const int64_t n = y.numel();
  const ir::Node& node = ctx.node();
  if (node.op_type() == "FusedConv") {
    if (const ir::Tensor* z = ctx.tensor(3)) {
      if (z->dtype() != ir::DataType::kFloat || z->dims() != y.dims())
        return ctx.Error("Z must be float32 with the output's shape");
      for (int64_t i = 0; i < n; ++i) p[i] += z->data<float>()[i];
    }
  }
  const std::string act = node.GetString("activation", "");
  std::vector<float> params;
  if (const ir::Attribute* a = node.FindAttribute("activation_params")) params = a->floats;
  auto param = [&](size_t i, const char* name, float fallback) {
    if (i < params.size()) return params[i];
    return node.GetFloat(name, fallback);
  };
  if (act.empty()) return Status::Ok();
  if (act == "Relu") {
    for (int64_t i = 0; i < n; ++i) p[i] = p[i] > 0.f ? p[i] : 0.f;
  } else if (act == "Sigmoid") {
    for (int64_t i = 0; i < n; ++i) p[i] = 1.f / (1.f + std::exp(-p[i]));
  } else if (act == "Tanh") {
    for (int64_t i = 0; i < n; ++i) p[i] = std::tanh(p[i]);
  } else if (act == "LeakyRelu") {
    const float a = param(0, "activation_alpha", 0.01f);
    for (int64_t i = 0; i < n; ++i) p[i] = p[i] < 0.f ? p[i] * a : p[i];
  } else if (act == "Clip") {
    const float lo = param(0, "activation_alpha", -std::numeric_limits<float>::max());
    const float hi = param(1, "activation_beta", std::numeric_limits<float>::max());
    for (int64_t i = 0; i < n; ++i) {
      const float v = p[i] < lo ? lo : p[i];
      p[i] = v > hi ? hi : v;
    }
  } else if (act == "HardSigmoid") {
    const float a = param(0, "activation_alpha", 0.2f), b = param(1, "activation_beta", 0.5f);
    for (int64_t i = 0; i < n; ++i) p[i] = std::max(0.f, std::min(1.f, a * p[i] + b));
  } else {
    return ctx.Error("unknown activation " + act);
  }
  return Status::Ok();
}

}  // namespace onnxlens::kernels
