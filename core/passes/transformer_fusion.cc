// Transformer fusions: LayerNormalization, Gelu, BiasGelu.
#include "passes/transformer_fusion.h"

#include <cmath>
#include <optional>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool IsFloat(const Value* v) {
  auto t = KnownType(v);
  return !t || *t == ir::DataType::kFloat;  // unknown: the kernels check at run time
}

bool Near(std::optional<double> v, double x, double tol = 1e-4) {
  return v && std::fabs(*v - x) <= tol * std::max(1.0, std::fabs(x));
}

// The other input of a binary node `n`, given one of them.
Value* Other(const Node* n, const Value* one) {
  if (n->input(0) == one) return n->input(1);
  if (n->input(1) == one) return n->input(0);
  return nullptr;
}

// Of `n`'s two inputs, the one produced by `op_type` (and the other in *other).
Node* ProducerAmongInputs(const Node* n, std::string_view op_type, Value** other) {
  for (int i = 0; i < 2; ++i) {
    if (Node* p = InputProducer(n, i, op_type)) {
      *other = n->input(1 - i);
      return p;
    }
  }
  return nullptr;
}

// A ReduceMean over the last axis only, keeping dims.
bool IsMeanOverLastAxis(const Node* n, int64_t opset) {
  if (!IsOp(n, "ReduceMean") || n->GetInt("keepdims", 1) != 1) return false;
  std::vector<int64_t> axes;
  if (n->FindAttribute("axes")) {
    axes = n->GetInts("axes");
  } else if (opset >= 18 && n->input(1)) {
    auto a = ConstantInts(n->input(1));
    if (!a) return false;
    axes = *a;
  }
  if (axes.size() != 1) return false;
  if (axes[0] == -1) return true;
  auto dims = KnownDims(n->input(0));
  return dims && axes[0] == static_cast<int64_t>(dims->size()) - 1;
}

struct LayerNormMatch {
  std::vector<Node*> pattern;  // mean1, sub, pow, mean2, add_eps, sqrt, div, mul, add
  Value *x = nullptr, *gamma = nullptr, *beta = nullptr;
  double eps = 0;
};

// y = (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps) * gamma + beta, matched at the final Add.
std::optional<LayerNormMatch> MatchLayerNorm(Node& add, int64_t opset) {
  if (!IsOp(&add, "Add")) return std::nullopt;
  LayerNormMatch m;
  Node* mul = ProducerAmongInputs(&add, "Mul", &m.beta);
  if (!mul || !ConstantOf(m.beta)) return std::nullopt;
  Node* div = ProducerAmongInputs(mul, "Div", &m.gamma);
  if (!div || !ConstantOf(m.gamma)) return std::nullopt;
  Node* sub = InputProducer(div, 0, "Sub");
  Node* sqrt = InputProducer(div, 1, "Sqrt");
  if (!sub || !sqrt) return std::nullopt;
  Node* mean1 = InputProducer(sub, 1, "ReduceMean");
  m.x = sub->input(0);
  if (!mean1 || mean1->input(0) != m.x || !IsMeanOverLastAxis(mean1, opset)) return std::nullopt;
  Node* add_eps = InputProducer(sqrt, 0, "Add");
  if (!add_eps) return std::nullopt;
  Value* eps_v = nullptr;
  Node* mean2 = ProducerAmongInputs(add_eps, "ReduceMean", &eps_v);
  auto eps = ConstantScalar(eps_v);
  if (!mean2 || !eps || *eps < 0 || !IsMeanOverLastAxis(mean2, opset)) return std::nullopt;
  Node* pow = InputProducer(mean2, 0, "Pow");
  if (!pow || pow->input(0) != sub->output(0) || !Near(ConstantScalar(pow->input(1)), 2.0, 0))
    return std::nullopt;
  m.eps = *eps;
  m.pattern = {mean1, sub, pow, mean2, add_eps, sqrt, div, mul, &add};
  // Every intermediate value feeds only the pattern (else fusing would duplicate work).
  for (const Node* n : {mean1, sub, pow, mean2, add_eps, sqrt, div, mul}) {
    if (!UsedOnlyBy(n->output(0), m.pattern)) return std::nullopt;
  }
  const ir::Tensor* g = ConstantOf(m.gamma);
  const ir::Tensor* b = ConstantOf(m.beta);
  if (g->dims().size() != 1 || b->dims() != g->dims() || !IsFloat(m.x) ||
      g->dtype() != ir::DataType::kFloat || b->dtype() != ir::DataType::kFloat)
    return std::nullopt;
  return m;
}

bool FuseLayerNorm(Node& add, PassContext& ctx, bool ort_form) {
  if (!ort_form && ctx.Opset() < 17) return false;
  std::optional<LayerNormMatch> m = MatchLayerNorm(add, ctx.Opset());
  if (!m) return false;
  ir::Graph& graph = *add.owner();
  Node* ln = AddFusedNodeFor(graph, "LayerNormalization", "", m->pattern);
  ln->AddInput(m->x);
  ln->AddInput(m->gamma);
  ln->AddInput(m->beta);
  ln->SetAttribute(ir::Attribute::Int("axis", -1));
  ln->SetAttribute(ir::Attribute::Float("epsilon", static_cast<float>(m->eps)));
  ReplacePattern(&add, ln, m->pattern);
  return true;
}

// The common tail of both GELU forms after the core op (Erf or Tanh) of x:
// Add(core, 1) then either (x * 0.5) * (1 + core) or (x * (1 + core)) * 0.5. Fuses everything
// from `head` (the first node reading x) into `op`(x).
bool FuseGeluTail(Node& core, Value* x, std::vector<Node*> pattern, const char* op,
                  PassContext& ctx) {
  if (!x || !IsFloat(x)) return false;
  Node* plus1 = SoleConsumer(core.output(0));
  if (!IsOp(plus1, "Add") || !Near(ConstantScalar(Other(plus1, core.output(0))), 1.0, 0))
    return false;
  Node* mul = SoleConsumer(plus1->output(0));
  if (!IsOp(mul, "Mul")) return false;
  Value* y = Other(mul, plus1->output(0));
  pattern.insert(pattern.end(), {&core, plus1, mul});
  Node* last = mul;
  if (y == x) {
    // (x * (1 + core)) * 0.5
    Node* half = SoleConsumer(mul->output(0));
    if (!IsOp(half, "Mul") || !Near(ConstantScalar(Other(half, mul->output(0))), 0.5, 0))
      return false;
    pattern.push_back(half);
    last = half;
  } else if (Node* half = y ? y->producer() : nullptr;
             IsOp(half, "Mul") && Other(half, x) && Near(ConstantScalar(Other(half, x)), 0.5, 0)) {
    // (x * 0.5) * (1 + core)
    pattern.push_back(half);
  } else {
    return false;
  }
  for (Node* n : pattern) {
    if (n != last && !UsedOnlyBy(n->output(0), pattern)) return false;
  }
  Node* gelu = AddFusedNodeFor(*core.owner(), op, "com.microsoft", pattern);
  gelu->AddInput(x);
  ReplacePattern(last, gelu, pattern);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

// x * 0.5 * (1 + Erf(x / sqrt(2))): matched at the Erf.
bool FuseGelu(Node& erf, PassContext& ctx) {
  if (!IsOp(&erf, "Erf")) return false;
  Node* scale = erf.input(0)->producer();
  Value* x = nullptr;
  if (IsOp(scale, "Div") && Near(ConstantScalar(scale->input(1)), std::sqrt(2.0))) {
    x = scale->input(0);
  } else if (IsOp(scale, "Mul")) {
    for (int i = 0; i < 2 && !x; ++i) {
      if (Near(ConstantScalar(scale->input(i)), 1.0 / std::sqrt(2.0))) x = scale->input(1 - i);
    }
  }
  return x && FuseGeluTail(erf, x, {scale}, "Gelu", ctx);
}

// The operand of binary `n` other than the constant equal to `c`, or null.
Value* OperandBesideConstant(const Node* n, double c) {
  for (int i = 0; i < 2; ++i) {
    if (Near(ConstantScalar(n->input(i)), c)) return n->input(1 - i);
  }
  return nullptr;
}

// x * 0.5 * (1 + Tanh(sqrt(2/pi) * (x + 0.044715 * x^3))): matched at the Tanh; x^3 as Pow(x, 3)
// or x * x * x.
bool FuseFastGelu(Node& tanh, PassContext& ctx) {
  if (!IsOp(&tanh, "Tanh")) return false;
  Node* scale = tanh.input(0)->producer();
  if (!IsOp(scale, "Mul")) return false;
  Value* inner = OperandBesideConstant(scale, std::sqrt(2.0 / M_PI));
  Node* add = inner ? inner->producer() : nullptr;
  if (!IsOp(add, "Add")) return false;
  for (int i = 0; i < 2; ++i) {
    Value* x = add->input(i);
    Node* cmul = InputProducer(add, 1 - i, "Mul");
    Value* cube_v = cmul ? OperandBesideConstant(cmul, 0.044715) : nullptr;
    Node* cube = cube_v ? cube_v->producer() : nullptr;
    std::vector<Node*> pattern = {scale, add, cmul, cube};
    if (IsOp(cube, "Pow") && cube->input(0) == x && Near(ConstantScalar(cube->input(1)), 3.0, 0)) {
      // Pow(x, 3)
    } else if (IsOp(cube, "Mul")) {
      // (x * x) * x in either order
      Node* sq = nullptr;
      for (int k = 0; k < 2 && !sq; ++k) {
        Node* p = InputProducer(cube, k, "Mul");
        if (p && cube->input(1 - k) == x && p->input(0) == x && p->input(1) == x) sq = p;
      }
      if (!sq) continue;
      pattern.push_back(sq);
    } else {
      continue;
    }
    return FuseGeluTail(tanh, x, pattern, "FastGelu", ctx);
  }
  return false;
}

// Gelu(Add(x, bias)) with a 1-D constant bias.
bool FuseBiasGelu(Node& gelu, PassContext&) {
  const bool fast = gelu.op_type() == "FastGelu";
  if ((gelu.op_type() != "Gelu" && !fast) || gelu.domain() != "com.microsoft" ||
      (fast && gelu.input(1)))
    return false;
  Node* add = InputProducer(&gelu, 0, "Add");
  if (!add || !UsedOnlyBy(add->output(0), {&gelu})) return false;
  Value* bias = nullptr;
  Value* x = nullptr;
  for (int i = 0; i < 2 && !bias; ++i) {
    const ir::Tensor* t = ConstantOf(add->input(i));
    if (t && t->dims().size() == 1 && t->dtype() == ir::DataType::kFloat) {
      bias = add->input(i);
      x = add->input(1 - i);
    }
  }
  if (!bias || ConstantOf(x)) return false;
  Node* bg =
      AddFusedNodeFor(*gelu.owner(), fast ? "FastGelu" : "BiasGelu", "com.microsoft", {add, &gelu});
  bg->AddInput(x);
  bg->AddInput(bias);
  ReplacePattern(&gelu, bg, {add});
  return true;
}

// LayerNormalization(Add(Add(a, bias)?, b)) over the last axis, a and b of the same shape ->
// com.microsoft SkipLayerNormalization(a, b, gamma, beta, bias).
bool FuseSkipLayerNorm(Node& ln, PassContext& ctx) {
  if (ln.op_type() != "LayerNormalization" ||
      !(ln.domain().empty() || ln.domain() == "ai.onnx" || ln.domain() == "com.microsoft"))
    return false;
  if (ln.GetInt("axis", -1) != -1 || ln.outputs().size() != 1) return false;
  Node* add = InputProducer(&ln, 0, "Add");
  if (!add || !UsedOnlyBy(add->output(0), {&ln})) return false;
  std::vector<Node*> pattern = {add, &ln};
  Value* a = add->input(0);
  Value* b = add->input(1);
  Value* bias = nullptr;
  for (int i = 0; i < 2 && !bias; ++i) {
    Node* inner = InputProducer(add, i, "Add");
    if (!inner || !UsedOnlyBy(inner->output(0), {add})) continue;
    for (int k = 0; k < 2; ++k) {
      const ir::Tensor* t = ConstantOf(inner->input(k));
      if (t && t->dims().size() == 1 && t->dtype() == ir::DataType::kFloat) {
        bias = inner->input(k);
        a = inner->input(1 - k);
        b = add->input(1 - i);
        pattern.insert(pattern.begin(), inner);
        break;
      }
    }
  }
  const ir::Tensor* g = ConstantOf(ln.input(1));
  const ir::Tensor* be = ln.input(2) ? ConstantOf(ln.input(2)) : nullptr;
  if (!SameShape(a, b) || !a->type().shape || a->type().shape->empty() || !g ||
      g->dims().size() != 1 || (ln.input(2) && !be))
    return false;
  const auto& last = a->type().shape->back();
  if (!last.known() || last.value != g->dims()[0]) return false;
  for (const ir::Tensor* t : {be, bias ? ConstantOf(bias) : nullptr}) {
    if (t && t->dims() != g->dims()) return false;
  }
  Node* sln = AddFusedNodeFor(*ln.owner(), "SkipLayerNormalization", "com.microsoft", pattern);
  sln->AddInput(a);
  sln->AddInput(b);
  sln->AddInput(ln.input(1));
  sln->AddInput(ln.input(2));
  if (bias) sln->AddInput(bias);
  sln->SetAttribute(ir::Attribute::Float("epsilon", ln.GetFloat("epsilon", 1e-5f)));
  ReplacePattern(&ln, sln, pattern);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

}  // namespace

bool FuseAttention(Node& n, PassContext& ctx);       // attention_fusion.cc
bool FuseEmbedLayerNorm(Node& n, PassContext& ctx);  // embed_layer_norm_fusion.cc

std::vector<ir::Node*> MatchLayerNormSubgraph(ir::Node& add, int64_t opset) {
  std::optional<LayerNormMatch> m = MatchLayerNorm(add, opset);
  return m ? m->pattern : std::vector<ir::Node*>{};
}

void AddTransformerFusionPasses(std::vector<std::unique_ptr<Pass>>& out, Level level) {
  if (level == Level::kBasic) {
    out.push_back(std::make_unique<RulePass>(
        "layer-norm-fusion", "LayerNorm subgraph -> LayerNormalization (opset >= 17)",
        Level::kBasic, [](Node& n, PassContext& c) { return FuseLayerNorm(n, c, false); }));
    return;
  }
  const Level e = Level::kExtended;
  out.push_back(std::make_unique<RulePass>(
      "layer-norm-fusion-ort",
      "LayerNorm subgraph -> LayerNormalization at any opset (ONNX Runtime's form)", e,
      [](Node& n, PassContext& c) { return FuseLayerNorm(n, c, true); }, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>("gelu-fusion",
                                           "x * 0.5 * (1 + Erf(x / sqrt 2)) -> com.microsoft Gelu",
                                           e, FuseGelu, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "fast-gelu-fusion", "tanh-approximated GELU subgraph -> com.microsoft FastGelu", e,
      FuseFastGelu, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "attention-fusion", "BERT self-attention subgraph -> com.microsoft Attention", e,
      FuseAttention, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>("bias-gelu-fusion",
                                           "Gelu(Add(x, bias)) -> com.microsoft BiasGelu "
                                           "(FastGelu takes the bias as its input 1)",
                                           e, FuseBiasGelu, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "embed-layer-norm-fusion",
      "BERT embeddings (word + segment + position Gathers, LayerNorm) -> EmbedLayerNormalization",
      e, FuseEmbedLayerNorm, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "skip-layer-norm-fusion",
      "LayerNormalization(a + b [+ bias]) with a, b of one shape -> SkipLayerNormalization", e,
      FuseSkipLayerNorm, /*contrib=*/true));
}

}  // namespace onnxlens::passes
