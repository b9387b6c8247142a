// Conv folds. Weight arithmetic is done in double and stored as float32, the way ONNX Runtime's
// fusions do it in float; only float32 Convs with constant weights are touched.
#include "passes/conv_fusion.h"

#include <cmath>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Tensor;
using ir::Value;

// A foldable Conv: float weights [M, C/g, k...], optional constant float bias [M], output read
// once.
struct ConvParts {
  const Tensor* w = nullptr;
  const Tensor* b = nullptr;  // may be null
  int64_t m = 0;
};

std::optional<ConvParts> Foldable(const Node* conv) {
  if (!IsOp(conv, "Conv") || conv->outputs().size() != 1) return std::nullopt;
  ConvParts p;
  p.w = ConstantOf(conv->input(1));
  if (!p.w || p.w->dtype() != ir::DataType::kFloat || p.w->dims().size() < 3) return std::nullopt;
  p.m = p.w->dims()[0];
  if (conv->input(2)) {
    p.b = ConstantOf(conv->input(2));
    if (!p.b || p.b->dtype() != ir::DataType::kFloat || p.b->numel() != p.m) return std::nullopt;
  }
  return p;
}

// Per-output-channel values of a constant broadcast against a conv output [N, M, spatial...]:
// shape [M, 1, ...] / [1, M, 1, ...] / [1] / scalar. nullopt when it varies along other axes.
std::optional<std::vector<float>> PerChannel(const Value* v, int64_t m, size_t out_rank) {
  const Tensor* t = ConstantOf(v);
  if (!t || t->dtype() != ir::DataType::kFloat || t->dims().size() > out_rank) return std::nullopt;
  const std::vector<float> data(t->data<float>(), t->data<float>() + t->numel());
  if (t->numel() == 1) return std::vector<float>(static_cast<size_t>(m), data[0]);
  // Align to the output's rank: the channel axis is out axis 1.
  const size_t off = out_rank - t->dims().size();
  for (size_t i = 0; i < t->dims().size(); ++i) {
    const size_t axis = off + i;
    const int64_t d = t->dims()[i];
    if (axis == 1 ? (d != m && d != 1) : d != 1) return std::nullopt;
  }
  if (t->numel() != m) return std::nullopt;
  return data;
}

void SetWeights(Node* conv, const std::vector<float>& w, const std::vector<int64_t>& wdims,
                const std::vector<float>& b) {
  ir::Graph& g = *conv->owner();
  const std::string base = conv->name().empty() ? "conv" : conv->name();
  conv->SetInput(1, AddInitializer(g, base + "_fused_W",
                                   Tensor::FromVector<float>(ir::DataType::kFloat, wdims, w)));
  Value* bias = AddInitializer(
      g, base + "_fused_B",
      Tensor::FromVector<float>(ir::DataType::kFloat, {static_cast<int64_t>(b.size())}, b));
  if (conv->inputs().size() < 3)
    conv->AddInput(bias);
  else
    conv->SetInput(2, bias);
}

size_t OutRank(const ConvParts& p) { return p.w->dims().size(); }

// Scales output channel m by s[m] and then adds t[m].
void Affine(Node* conv, const ConvParts& p, const std::vector<double>& s,
            const std::vector<double>& t) {
  const int64_t per = p.w->numel() / p.m;
  std::vector<float> w(static_cast<size_t>(p.w->numel()));
  std::vector<float> b(static_cast<size_t>(p.m));
  for (int64_t m = 0; m < p.m; ++m) {
    for (int64_t k = 0; k < per; ++k)
      w[m * per + k] = static_cast<float>(p.w->data<float>()[m * per + k] * s[m]);
    const double b0 = p.b ? p.b->data<float>()[m] : 0.0;
    b[m] = static_cast<float>(b0 * s[m] + t[m]);
  }
  SetWeights(conv, w, p.w->dims(), b);
}

bool ConvBn(Node& bn, PassContext&) {
  if (!IsOp(&bn, "BatchNormalization") || bn.inputs().size() < 5) return false;
  for (size_t k = 1; k < bn.outputs().size(); ++k) {
    if (bn.output(k) && (!bn.output(k)->uses().empty() || bn.output(k)->is_graph_output()))
      return false;
  }
  if (bn.GetInt("training_mode", 0) != 0) return false;
  Node* conv = bn.input(0) ? bn.input(0)->producer() : nullptr;
  if (!conv || SoleConsumer(bn.input(0)) != &bn) return false;
  auto p = Foldable(conv);
  if (!p) return false;
  std::vector<std::vector<float>> prm;
  for (size_t i = 1; i < 5; ++i) {
    auto v = ConstantFloats(bn.input(i));
    if (!v || static_cast<int64_t>(v->size()) != p->m) return false;
    prm.push_back(*v);
  }
  const double eps = bn.GetFloat("epsilon", 1e-5f);
  std::vector<double> s(p->m), t(p->m);
  for (int64_t m = 0; m < p->m; ++m) {
    s[m] = prm[0][m] / std::sqrt(static_cast<double>(prm[3][m]) + eps);
    t[m] = prm[1][m] - prm[2][m] * s[m];
  }
  Affine(conv, *p, s, t);
  AbsorbSuccessor(conv, &bn);
  return true;
}

bool ConvAddOrMul(Node& n, bool add) {
  if (!IsOp(&n, add ? "Add" : "Mul") || n.inputs().size() != 2) return false;
  for (size_t c = 0; c < 2; ++c) {
    Value* x = n.input(c);
    Node* conv = x ? x->producer() : nullptr;
    if (!conv || SoleConsumer(x) != &n) continue;
    auto p = Foldable(conv);
    if (!p) continue;
    auto k = PerChannel(n.input(1 - c), p->m, OutRank(*p));
    if (!k) continue;
    std::vector<double> s(p->m, 1.0), t(p->m, 0.0);
    for (int64_t m = 0; m < p->m; ++m) (add ? t[m] : s[m]) = (*k)[m];
    Affine(conv, *p, s, t);
    if (c == 1) n.SetInput(0, n.input(1));  // AbsorbSuccessor reads input 0
    AbsorbSuccessor(conv, &n);
    return true;
  }
  return false;
}

// Pad (constant 0, spatial axes only, non-negative) -> Conv with explicit pads.
bool PadIntoConv(Node& pad, PassContext& ctx) {
  if (!IsOp(&pad, "Pad") || pad.GetString("mode", "constant") != "constant") return false;
  Node* conv = SoleConsumer(pad.output(0));
  if (!IsOp(conv, "Conv") && !IsOp(conv, "MaxPool") && !IsOp(conv, "AveragePool")) return false;
  if (!conv || conv->input(0) != pad.output(0)) return false;
  if (conv->GetString("auto_pad", "NOTSET") != "NOTSET") return false;
  if (!IsOp(conv, "Conv")) return false;  // pooling would count or max over the zeros
  std::vector<int64_t> pads;
  if (ctx.Opset() < 11) {
    pads = pad.GetInts("pads");
    if (pad.GetFloat("value", 0.f) != 0.f) return false;
  } else {
    auto p = ConstantInts(pad.input(1));
    if (!p) return false;
    pads = *p;
    if (pad.input(2) && !ConstantAllEqual(pad.input(2), 0.0)) {
      if (ConstantOf(pad.input(2))) return false;
      return false;
    }
    if (pad.input(3)) return false;  // axes: keep it simple
  }
  const size_t rank = pads.size() / 2;
  if (rank < 3 || pads.size() != 2 * rank) return false;
  for (size_t i = 0; i < pads.size(); ++i) {
    if (pads[i] < 0) return false;
    if ((i % rank) < 2 && pads[i] != 0) return false;  // batch and channel axes
  }
  const size_t sp = rank - 2;
  std::vector<int64_t> cp = conv->GetInts("pads", std::vector<int64_t>(2 * sp, 0));
  if (cp.size() != 2 * sp) return false;
  for (size_t i = 0; i < sp; ++i) {
    cp[i] += pads[2 + i];
    cp[sp + i] += pads[rank + 2 + i];
  }
  conv->SetAttribute(ir::Attribute::Ints("pads", cp));
  MergeOrigins(conv, &pad);
  return BypassNode(&pad);
}

// Relu -> Clip(min >= 0): the Relu changes nothing.
bool ReluClip(Node& relu, PassContext& ctx) {
  if (!IsOp(&relu, "Relu")) return false;
  Node* clip = SoleConsumer(relu.output(0));
  if (!IsOp(clip, "Clip") || clip->input(0) != relu.output(0)) return false;
  double lo;
  if (ctx.Opset() < 11) {
    if (!clip->FindAttribute("min")) return false;
    lo = clip->GetFloat("min", 0.f);
  } else {
    auto v = ConstantScalar(clip->input(1));
    if (!v) return false;
    lo = *v;
  }
  if (lo < 0) return false;
  MergeOrigins(clip, &relu);
  return BypassNode(&relu);
}

}  // namespace

void AddConvFusionPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(std::make_unique<RulePass>(
      "relu-clip-fusion", "drops a Relu that a Clip(min >= 0) follows", b, ReluClip));
  out.push_back(std::make_unique<RulePass>(
      "conv-add-fusion", "folds a per-channel Add after Conv into its bias", b,
      [](Node& n, PassContext&) { return ConvAddOrMul(n, true); }));
  out.push_back(std::make_unique<RulePass>(
      "conv-mul-fusion", "folds a per-channel Mul after Conv into its weights and bias", b,
      [](Node& n, PassContext&) { return ConvAddOrMul(n, false); }));
  out.push_back(std::make_unique<RulePass>(
      "conv-bn-fusion", "folds BatchNormalization after Conv into its weights and bias", b,
      ConvBn));
  out.push_back(std::make_unique<RulePass>("pad-into-conv-fusion",
                                           "folds a zero Pad of the spatial axes into Conv's pads",
                                           b, PadIntoConv));
}

}  // namespace onnxlens::passes
