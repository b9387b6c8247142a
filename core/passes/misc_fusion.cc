// div-mul, not-where, unsqueeze/squeeze chain fusions; conv-add-activation (layout).
#include "passes/misc_fusion.h"

#include <algorithm>
#include <set>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool DivMul(Node& mul, PassContext&) {
  if (!IsOp(&mul, "Mul")) return false;
  for (int i = 0; i < 2; ++i) {
    Node* div = InputProducer(&mul, i, "Div");
    if (!div || !ConstantAllEqual(div->input(0), 1.0) || !UsedOnlyBy(div->output(0), {&mul}))
      continue;
    // The 1 must not widen the result: same element type as b, and a scalar/one element.
    const ir::Tensor* one = ConstantOf(div->input(0));
    if (one->numel() != 1 || one->dims().size() > 0) continue;
    auto ta = KnownType(mul.input(1 - i)), tb = KnownType(div->input(1));
    if (!ta || !tb || *ta != *tb) continue;
    Value* a = mul.input(1 - i);
    Value* b = div->input(1);
    mul.set_op_type("Div");
    mul.SetInput(0, a);
    mul.SetInput(1, b);
    MergeOrigins(&mul, div);
    RemoveIfUnused(*mul.owner(), {div});
    return true;
  }
  return false;
}

bool NotWhere(Node& where, PassContext&) {
  if (!IsOp(&where, "Where")) return false;
  Node* n = InputProducer(&where, 0, "Not");
  if (!n) return false;
  // Every consumer of Not must be a Where reading it as the condition, so all can be flipped.
  std::vector<Node*> wheres;
  for (const ir::Use& u : n->output(0)->uses()) {
    if (!IsOp(u.node, "Where") || u.index != 0) return false;
    wheres.push_back(u.node);
  }
  if (n->output(0)->is_graph_output()) return false;
  Value* c = n->input(0);
  for (Node* w : wheres) {
    Value* x = w->input(1);
    Value* y = w->input(2);
    w->SetInput(0, c);
    w->SetInput(1, y);
    w->SetInput(2, x);
    MergeOrigins(w, n);
  }
  RemoveIfUnused(*where.owner(), {n});
  return true;
}

std::optional<std::vector<int64_t>> AxesOf(const Node& n) {
  if (n.FindAttribute("axes")) return n.GetInts("axes");
  if (n.input(1)) return ConstantInts(n.input(1));
  return std::nullopt;
}

void SetAxes(Node& n, std::vector<int64_t> axes, PassContext& ctx) {
  if (ctx.Opset() < 13) {
    n.SetAttribute(ir::Attribute::Ints("axes", std::move(axes)));
    return;
  }
  const int64_t k = static_cast<int64_t>(axes.size());
  n.SetInput(1, AddInitializer(*n.owner(), n.name() + "_axes",
                               ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {k}, axes)));
}

// Unsqueeze(Unsqueeze(x, a), b) -> Unsqueeze(x, c) where c are the positions of all inserted dims
// in the final output. Needs x's rank when an axis is negative.
bool UnsqueezeChain(Node& second, PassContext& ctx) {
  if (!IsOp(&second, "Unsqueeze")) return false;
  Node* first = InputProducer(&second, 0, "Unsqueeze");
  if (!first || !UsedOnlyBy(first->output(0), {&second})) return false;
  auto a = AxesOf(*first), b = AxesOf(second);
  if (!a || !b) return false;
  const bool negative = std::any_of(a->begin(), a->end(), [](int64_t v) { return v < 0; }) ||
                        std::any_of(b->begin(), b->end(), [](int64_t v) { return v < 0; });
  int64_t rank = -1;
  if (const auto& s = first->input(0)->type().shape) rank = static_cast<int64_t>(s->size());
  if (negative && rank < 0) return false;
  const int64_t mid_rank = rank + static_cast<int64_t>(a->size());
  const int64_t out_rank = mid_rank + static_cast<int64_t>(b->size());
  std::set<int64_t> inserted_b, inserted_a;
  for (int64_t v : *b) inserted_b.insert(v < 0 ? v + out_rank : v);
  for (int64_t v : *a) inserted_a.insert(v < 0 ? v + mid_rank : v);
  if (inserted_b.size() != b->size() || inserted_a.size() != a->size()) return false;
  // Walk the final output's positions: those not from b are the intermediate's dims in order.
  std::vector<int64_t> axes;
  int64_t mid = 0;
  const int64_t limit = rank < 0 ? static_cast<int64_t>(a->size() + b->size()) * 4 + 64 : out_rank;
  for (int64_t pos = 0; pos < limit; ++pos) {
    if (inserted_b.count(pos)) {
      axes.push_back(pos);
      continue;
    }
    if (inserted_a.count(mid)) axes.push_back(pos);
    ++mid;
    if (rank < 0 && axes.size() == a->size() + b->size()) break;
  }
  if (axes.size() != a->size() + b->size()) return false;
  second.SetInput(0, first->input(0));
  SetAxes(second, axes, ctx);
  MergeOrigins(&second, first);
  RemoveIfUnused(*second.owner(), {first});
  return true;
}

// Squeeze(Squeeze(x, a), b) with non-negative explicit axes -> Squeeze(x, c).
bool SqueezeChain(Node& second, PassContext& ctx) {
  if (!IsOp(&second, "Squeeze")) return false;
  Node* first = InputProducer(&second, 0, "Squeeze");
  if (!first || !UsedOnlyBy(first->output(0), {&second})) return false;
  auto a = AxesOf(*first), b = AxesOf(second);
  if (!a || !b || a->empty() || b->empty()) return false;  // no axes: "all ones", shape-dependent
  for (int64_t v : *a)
    if (v < 0) return false;
  for (int64_t v : *b)
    if (v < 0) return false;
  std::set<int64_t> removed(a->begin(), a->end());
  if (removed.size() != a->size()) return false;
  // Position p of the intermediate is the p-th input dim not removed by the first Squeeze.
  std::vector<int64_t> axes(a->begin(), a->end());
  for (int64_t p : *b) {
    int64_t in = 0, seen = -1;
    while (true) {
      if (!removed.count(in) && ++seen == p) break;
      ++in;
    }
    axes.push_back(in);
  }
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end()) return false;
  second.SetInput(0, first->input(0));
  SetAxes(second, axes, ctx);
  MergeOrigins(&second, first);
  RemoveIfUnused(*second.owner(), {first});
  return true;
}

// FusedConv / Conv (no Z yet) whose output is only added to another tensor of the same known
// shape, optionally followed by the fused activation: the Add becomes the Z input.
bool ConvAddActivation(Node& conv, PassContext& ctx) {
  const bool fused = conv.op_type() == "FusedConv" && conv.domain() == "com.microsoft";
  if (!(fused || IsOp(&conv, "Conv")) || conv.input(3)) return false;
  if (fused && conv.GetString("activation", "") != "") return false;  // activation after the sum
  Node* add = SoleConsumer(conv.output(0));
  if (!IsOp(add, "Add")) return false;
  Value* z = add->input(0) == conv.output(0) ? add->input(1) : add->input(0);
  if (z == conv.output(0)) return false;
  if (!SameShape(z, conv.output(0)) || KnownType(z) != ir::DataType::kFloat) return false;
  ir::Graph& g = *conv.owner();
  Node* act = SoleConsumer(add->output(0));
  std::string activation;
  if (IsOp(act, "Relu")) {
    activation = "Relu";
  } else {
    act = nullptr;
  }
  std::vector<Node*> pattern = {&conv, add};
  if (act) pattern.push_back(act);
  Node* f = AddFusedNodeFor(g, "FusedConv", "com.microsoft", pattern, conv.name());
  for (size_t i = 0; i < 3; ++i) {
    if (conv.input(i) || i < 2) f->AddInput(conv.input(i));
  }
  if (!conv.input(2)) {
    // FusedConv's Z is input 3: give B an explicit zero bias so positions line up.
    const int64_t m = ConstantOf(conv.input(1)) ? ConstantOf(conv.input(1))->dims()[0] : 0;
    if (m <= 0) {
      g.RemoveNode(f);
      return false;
    }
    f->AddInput(AddInitializer(g, conv.name() + "_zero_bias",
                               ir::Tensor::Zeros(ir::DataType::kFloat, {m}).value()));
  }
  f->AddInput(z);
  CopyAttributes(conv, f, {"activation", "activation_params"});
  if (act) f->SetAttribute(ir::Attribute::String("activation", activation));
  ReplacePattern(act ? act : add, f, pattern);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

}  // namespace

void AddMiscFusionPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(
      std::make_unique<RulePass>("div-mul-fusion", "Mul(a, Div(1, b)) -> Div(a, b)", b, DivMul));
  out.push_back(std::make_unique<RulePass>("not-where-fusion",
                                           "Where(Not(c), x, y) -> Where(c, y, x)", b, NotWhere));
  out.push_back(std::make_unique<RulePass>(
      "unsqueeze-fusion", "Unsqueeze(Unsqueeze(x)) -> one Unsqueeze", b, UnsqueezeChain));
  out.push_back(std::make_unique<RulePass>("squeeze-fusion", "Squeeze(Squeeze(x)) -> one Squeeze",
                                           b, SqueezeChain));
}

void AddLayoutPasses(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "conv-add-activation-fusion",
      "Conv + Add(residual) [+ Relu] -> FusedConv with Z (sum in the GEMM output)", Level::kLayout,
      ConvAddActivation, /*contrib=*/true));
}

}  // namespace onnxlens::passes
