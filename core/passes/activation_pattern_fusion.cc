// QuickGelu and HardSwish pattern fusions (see activation_pattern_fusion.h).
#include "passes/activation_pattern_fusion.h"

#include <cmath>
#include <limits>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool IsFloatValue(const Value* v) { return KnownType(v) == ir::DataType::kFloat; }

// A float32 one-element constant within 1e-6 of `target` that cannot widen `x`'s shape.
std::optional<float> ScalarNear(const Value* k, const Value* x, std::optional<double> target) {
  const ir::Tensor* t = ConstantOf(k);
  if (!t || t->dtype() != ir::DataType::kFloat || t->numel() != 1) return std::nullopt;
  if (!t->dims().empty()) {
    if (!x->type().shape || x->type().shape->size() < t->dims().size()) return std::nullopt;
  }
  const float v = t->data<float>()[0];
  if (target && std::abs(v - *target) > 1e-6) return std::nullopt;
  return v;
}

// The other input of binary `n` when input `v` is one of its two.
Value* OtherInput(const Node* n, const Value* v) {
  if (n->inputs().size() != 2) return nullptr;
  if (n->input(0) == v) return n->input(1);
  if (n->input(1) == v) return n->input(0);
  return nullptr;
}

// c = Clip(Add(x, 3), 0, 6) (either Add order; a Relu may sit before the Clip); returns x and
// appends the nodes.
Value* ClipOfXPlus3(const Value* c, std::vector<Node*>& pattern, int64_t opset) {
  Node* clip = c ? c->producer() : nullptr;
  if (!IsOp(clip, "Clip") || !clip->input(0)) return nullptr;
  // relu6 as PyTorch exports it: Clip(Relu(x + 3), 0, 6), the Relu a no-op before min 0.
  Node* relu = InputProducer(clip, 0, "Relu");
  if (relu && !UsedOnlyBy(relu->output(0), {clip})) return nullptr;
  Node* first = relu ? relu : clip;
  Node* add = InputProducer(first, 0, "Add");
  if (!add || !UsedOnlyBy(add->output(0), {first})) return nullptr;
  float lo = 0, hi = 0;
  if (opset < 11) {
    lo = clip->GetFloat("min", -1);
    hi = clip->GetFloat("max", -1);
  } else {
    if (!clip->input(1) || !clip->input(2)) return nullptr;
    auto l = ConstantScalar(clip->input(1)), h = ConstantScalar(clip->input(2));
    if (!l || !h) return nullptr;
    lo = static_cast<float>(*l);
    hi = static_cast<float>(*h);
  }
  if (lo != 0.f || hi != 6.f) return nullptr;
  for (int i = 0; i < 2; ++i) {
    Value* x = add->input(i);
    if (IsFloatValue(x) && ScalarNear(add->input(1 - i), x, 3.0)) {
      pattern.push_back(add);
      if (relu) pattern.push_back(relu);
      pattern.push_back(clip);
      return x;
    }
  }
  return nullptr;
}

// s = Div(a, 6) or Mul(a, 1/6): returns a and appends the node.
Value* DividedBy6(const Value* s, const Value* x, std::vector<Node*>& pattern) {
  Node* n = s ? s->producer() : nullptr;
  if (IsOp(n, "Div") && ScalarNear(n->input(1), x, 6.0)) {
    pattern.push_back(n);
    return n->input(0);
  }
  if (IsOp(n, "Mul")) {
    for (int i = 0; i < 2; ++i) {
      if (ScalarNear(n->input(1 - i), x, 1.0 / 6.0)) {
        pattern.push_back(n);
        return n->input(i);
      }
    }
  }
  return nullptr;
}

bool Intermediates(const std::vector<Node*>& pattern, const Node* last) {
  for (const Node* n : pattern) {
    if (n != last && !UsedOnlyBy(n->output(0), pattern)) return false;
  }
  return true;
}

void Emit(Node& last, const std::vector<Node*>& pattern, Value* x, const std::string& op,
          const std::string& domain, std::optional<float> alpha) {
  ir::Graph& g = *last.owner();
  Node* f = AddFusedNodeFor(g, op, domain, pattern, last.name());
  f->AddInput(x);
  if (alpha) f->SetAttribute(ir::Attribute::Float("alpha", *alpha));
  ReplacePattern(&last, f, pattern);
}

// x * Clip(x + 3, 0, 6) / 6 as HardSwish (opset 14+) or, before opset 14, as the two nodes
// x * HardSigmoid(x; 1/6, 1/2) that compute the same.
void EmitHardSwish(Node& last, const std::vector<Node*>& pattern, Value* x, int64_t opset) {
  if (opset >= 14) {
    Emit(last, pattern, x, "HardSwish", "", std::nullopt);
    return;
  }
  ir::Graph& g = *last.owner();
  Node* hs = AddFusedNodeFor(g, "HardSigmoid", "", pattern, last.name() + "_hardsigmoid");
  hs->AddInput(x);
  hs->SetAttribute(ir::Attribute::Float("alpha", 1.f / 6));
  hs->SetAttribute(ir::Attribute::Float("beta", 0.5f));
  Value* gate = g.CreateValue(g.UniqueValueName(last.name() + "_hardsigmoid"));
  gate->set_type(x->type());
  hs->AddOutput(gate);
  Node* mul = AddFusedNodeFor(g, "Mul", "", pattern, last.name());
  mul->AddInput(x);
  mul->AddInput(gate);
  ReplacePattern(&last, mul, pattern);
}

// Clip(x + 3, 0, 6) / 6 (or * 1/6), the gate of MobileNetV3's squeeze-excitation blocks ->
// HardSigmoid(x; 1/6, 1/2).
bool HardSigmoidOfClip(Node& last, PassContext& ctx) {
  std::vector<Node*> pattern;
  Value* c = DividedBy6(last.output(0), last.output(0), pattern);  // appends `last`
  // The constant must not have widened the result: same shape as the Clip's.
  if (!c || !SameShape(c, last.output(0))) return false;
  Value* x = ClipOfXPlus3(c, pattern, ctx.Opset());
  if (!x) return false;
  if (!Intermediates(pattern, &last)) return false;
  ir::Graph& g = *last.owner();
  Node* hs = AddFusedNodeFor(g, "HardSigmoid", "", pattern, last.name());
  hs->AddInput(x);
  hs->SetAttribute(ir::Attribute::Float("alpha", 1.f / 6));
  hs->SetAttribute(ir::Attribute::Float("beta", 0.5f));
  ReplacePattern(&last, hs, pattern);
  return true;
}

// Mul(x, HardSigmoid(x; 1/6, 1/2)) (opset 14+); Div(Mul(x, C), 6) / Mul(Mul(x, C), 1/6);
// Mul(x, Div(C, 6)) / Mul(x, Mul(C, 1/6)); with C = Clip(x + 3, 0, 6).
bool FuseHardSwish(Node& last, PassContext& ctx) {
  if (!(IsOp(&last, "Mul") || IsOp(&last, "Div"))) return false;
  if (last.inputs().size() != 2 || !last.output(0)) return false;
  for (int i = 0; i < 2 && IsOp(&last, "Mul"); ++i) {
    Value* x = last.input(1 - i);
    if (!IsFloatValue(x)) continue;
    std::vector<Node*> pattern;
    Node* hs = InputProducer(&last, i, "HardSigmoid");
    if (hs && ctx.Opset() >= 14 && hs->input(0) == x &&
        std::abs(hs->GetFloat("alpha", 0.2f) - 1.f / 6) < 1e-6 &&
        hs->GetFloat("beta", 0.5f) == 0.5f) {
      pattern = {hs, &last};
      if (Intermediates(pattern, &last)) {
        Emit(last, pattern, x, "HardSwish", "", std::nullopt);
        return true;
      }
      continue;
    }
    // Mul(x, C / 6)
    pattern.clear();
    Value* c = DividedBy6(last.input(i), x, pattern);
    if (c && ClipOfXPlus3(c, pattern, ctx.Opset()) == x) {
      pattern.push_back(&last);
      if (Intermediates(pattern, &last)) {
        EmitHardSwish(last, pattern, x, ctx.Opset());
        return true;
      }
    }
  }
  // (x * C) / 6
  std::vector<Node*> pattern;
  Value* prod = nullptr;
  if (IsOp(&last, "Div") && ScalarNear(last.input(1), last.input(0), 6.0)) {
    prod = last.input(0);
  } else if (IsOp(&last, "Mul")) {
    for (int i = 0; i < 2 && !prod; ++i) {
      if (ScalarNear(last.input(1 - i), last.input(i), 1.0 / 6.0)) prod = last.input(i);
    }
  }
  Node* mul = prod ? prod->producer() : nullptr;
  if (!IsOp(mul, "Mul")) return HardSigmoidOfClip(last, ctx);
  for (int i = 0; i < 2; ++i) {
    Value* x = mul->input(1 - i);
    if (!IsFloatValue(x)) continue;
    pattern = {mul};
    if (ClipOfXPlus3(mul->input(i), pattern, ctx.Opset()) != x) continue;
    pattern.push_back(&last);
    if (!Intermediates(pattern, &last)) continue;
    EmitHardSwish(last, pattern, x, ctx.Opset());
    return true;
  }
  return HardSigmoidOfClip(last, ctx);
}

// Mul(x, Sigmoid(x)) and Mul(x, Sigmoid(Mul(x, alpha))) -> QuickGelu(x; alpha).
bool FuseQuickGelu(Node& mul, PassContext& ctx) {
  if (!IsOp(&mul, "Mul") || mul.inputs().size() != 2 || !mul.output(0)) return false;
  for (int i = 0; i < 2; ++i) {
    Node* sig = InputProducer(&mul, i, "Sigmoid");
    Value* x = mul.input(1 - i);
    if (!sig || !IsFloatValue(x) || !sig->input(0)) continue;
    std::vector<Node*> pattern = {sig, &mul};
    float alpha = 1.f;
    if (sig->input(0) != x) {
      Node* scale = sig->input(0)->producer();
      if (!IsOp(scale, "Mul") || !OtherInput(scale, x)) continue;
      auto a = ScalarNear(OtherInput(scale, x), x, std::nullopt);
      if (!a) continue;
      alpha = *a;
      pattern.insert(pattern.begin(), scale);
    }
    if (!Intermediates(pattern, &mul)) continue;
    Emit(mul, pattern, x, "QuickGelu", "com.microsoft", alpha);
    if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
    return true;
  }
  return false;
}

}  // namespace

void AddHardSwishFusionPass(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "hardswish-fusion",
      "x * Clip(x + 3, 0, 6) / 6 and x * HardSigmoid(x; 1/6, 1/2) -> HardSwish (before opset 14: "
      "x * HardSigmoid(x)); Clip(x + 3, 0, 6) / 6 -> HardSigmoid",
      Level::kBasic, FuseHardSwish));
}

void AddQuickGeluFusionPass(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "quick-gelu-fusion", "x * Sigmoid(alpha * x) (SiLU / Swish: alpha 1) -> QuickGelu",
      Level::kExtended, FuseQuickGelu, /*contrib=*/true));
}

}  // namespace onnxlens::passes
