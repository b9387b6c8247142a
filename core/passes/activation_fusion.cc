// Conv/Gemm + activation fusion.
#include "passes/activation_fusion.h"

#include <limits>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;

struct Activation {
  std::string name;
  std::vector<float> params;
};

// The activation `n` computes, when the fused kernels support it with constant parameters.
std::optional<Activation> ActivationOf(const Node& n, PassContext& ctx) {
  if (IsOp(&n, "Relu") || IsOp(&n, "Sigmoid") || IsOp(&n, "Tanh"))
    return Activation{n.op_type(), {}};
  if (IsOp(&n, "LeakyRelu")) return Activation{"LeakyRelu", {n.GetFloat("alpha", 0.01f)}};
  // com.microsoft QuickGelu (SiLU / swish from activation-pattern fusion): ONNX Runtime's fused
  // kernels have no such activation, so only in a session's own graph.
  if (n.op_type() == "QuickGelu" && n.domain() == "com.microsoft" && ctx.options.session_only_ops)
    return Activation{"QuickGelu", {n.GetFloat("alpha", 1.702f)}};
  if (IsOp(&n, "HardSigmoid"))
    return Activation{"HardSigmoid", {n.GetFloat("alpha", 0.2f), n.GetFloat("beta", 0.5f)}};
  if (IsOp(&n, "Clip")) {
    float lo = -std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::max();
    if (ctx.Opset() < 11) {
      lo = n.GetFloat("min", lo);
      hi = n.GetFloat("max", hi);
    } else {
      for (size_t i = 1; i < 3; ++i) {
        if (!n.input(i)) continue;
        auto v = ConstantScalar(n.input(i));
        if (!v) return std::nullopt;
        (i == 1 ? lo : hi) = static_cast<float>(*v);
      }
    }
    return Activation{"Clip", {lo, hi}};
  }
  return std::nullopt;
}

bool FuseActivation(Node& base, PassContext& ctx, bool conv) {
  if (!IsOp(&base, conv ? "Conv" : "Gemm") || base.outputs().size() != 1) return false;
  const auto t = KnownType(base.input(0));
  if (!t || *t != ir::DataType::kFloat) return false;  // the fused kernels are float32
  Node* act = SoleConsumer(base.output(0));
  if (!act || act->input(0) != base.output(0)) return false;
  auto a = ActivationOf(*act, ctx);
  if (!a) return false;
  ir::Graph& g = *base.owner();
  Node* fused =
      AddFusedNode(g, conv ? "FusedConv" : "FusedGemm", "com.microsoft", {&base, act}, base.name());
  for (ir::Value* v : base.inputs()) fused->AddInput(v);
  CopyAttributes(base, fused);
  fused->SetAttribute(ir::Attribute::String("activation", a->name));
  if (conv) {
    if (!a->params.empty())
      fused->SetAttribute(ir::Attribute::Floats("activation_params", a->params));
  } else {
    if (a->params.size() > 0)
      fused->SetAttribute(ir::Attribute::Float("activation_alpha", a->params[0]));
    if (a->params.size() > 1)
      fused->SetAttribute(ir::Attribute::Float("activation_beta", a->params[1]));
  }
  ir::Value* out = act->output(0);
  ir::Value* mid = base.output(0);
  g.RemoveNode(act);
  g.RemoveNode(&base);
  g.RemoveValue(mid);
  fused->AddOutput(out);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

}  // namespace

void AddActivationFusionPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level e = Level::kExtended;
  out.push_back(std::make_unique<RulePass>(
      "conv-activation-fusion", "Conv + Relu/Clip/Sigmoid/Tanh/LeakyRelu/HardSigmoid -> FusedConv",
      e, [](Node& n, PassContext& c) { return FuseActivation(n, c, true); }, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "gemm-activation-fusion", "Gemm + Relu/Clip/Sigmoid/Tanh/LeakyRelu/HardSigmoid -> FusedGemm",
      e, [](Node& n, PassContext& c) { return FuseActivation(n, c, false); }, /*contrib=*/true));
}

}  // namespace onnxlens::passes
