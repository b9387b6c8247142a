// Basic eliminations (see elimination.h). Each rule checks everything it relies on (constant
// operands, known shapes and types) and leaves the node alone otherwise.
#include "passes/elimination.h"

#include <algorithm>
#include <limits>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Tensor;
using ir::Value;

// Constant node -> initializer holding its value (ONNX Runtime does this when it loads a model).
Expected<Tensor> ConstantNodeValue(const Node& n) {
  for (const ir::Attribute& a : n.attributes()) {
    if (a.name == "value") return a.t;
    if (a.name == "value_float") return Tensor::FromVector<float>(ir::DataType::kFloat, {}, {a.f});
    if (a.name == "value_floats")
      return Tensor::FromVector<float>(ir::DataType::kFloat,
                                       {static_cast<int64_t>(a.floats.size())}, a.floats);
    if (a.name == "value_int") return Tensor::FromVector<int64_t>(ir::DataType::kInt64, {}, {a.i});
    if (a.name == "value_ints")
      return Tensor::FromVector<int64_t>(ir::DataType::kInt64,
                                         {static_cast<int64_t>(a.ints.size())}, a.ints);
    if (a.name == "value_string") return Tensor::FromStrings({}, {a.s});
    if (a.name == "value_strings")
      return Tensor::FromStrings({static_cast<int64_t>(a.strings.size())}, a.strings);
  }
  return Unsupported("no dense value");
}

bool ConstantToInitializer(Node& n, PassContext&) {
  if (!IsOp(&n, "Constant") || n.outputs().size() != 1 || !n.output(0)) return false;
  auto t = ConstantNodeValue(n);
  if (!t.ok()) return false;  // sparse_value stays a node
  Value* y = n.output(0);
  ir::Graph& g = *n.owner();
  g.RemoveNode(&n);
  g.SetInitializer(y, std::move(t).value());
  return true;
}

bool EliminateIdentity(Node& n, PassContext&) {
  return IsOp(&n, "Identity") && n.inputs().size() == 1 && BypassNode(&n);
}

bool EliminateDropout(Node& n, PassContext& ctx) {
  if (!IsOp(&n, "Dropout") || n.inputs().empty()) return false;
  if (n.outputs().size() > 1 && n.output(1) &&
      (!n.output(1)->uses().empty() || n.output(1)->is_graph_output()))
    return false;  // the mask is used
  if (ctx.Opset() >= 12 && n.input(2)) {
    const Tensor* t = ConstantOf(n.input(2));
    if (!t || t->dtype() != ir::DataType::kBool || t->numel() != 1 || t->data<bool>()[0])
      return false;  // training mode on, or not known to be off
  }
  return BypassNode(&n);
}

// Slice whose every sliced axis keeps all of the input.
bool EliminateSlice(Node& n, PassContext& ctx) {
  if (!IsOp(&n, "Slice") || n.inputs().empty()) return false;
  std::vector<int64_t> starts, ends, axes, steps;
  if (ctx.Opset() < 10) {
    starts = n.GetInts("starts");
    ends = n.GetInts("ends");
    axes = n.GetInts("axes");
  } else {
    auto s = ConstantInts(n.input(1)), e = ConstantInts(n.input(2));
    if (!s || !e) return false;
    starts = *s;
    ends = *e;
    if (n.input(3)) {
      auto a = ConstantInts(n.input(3));
      if (!a) return false;
      axes = *a;
    }
    if (n.input(4)) {
      auto st = ConstantInts(n.input(4));
      if (!st) return false;
      steps = *st;
    }
  }
  if (starts.size() != ends.size()) return false;
  const auto dims = KnownDims(n.input(0));
  for (size_t i = 0; i < starts.size(); ++i) {
    if (!steps.empty() && steps[i] != 1) return false;
    if (starts[i] != 0) return false;
    const int64_t end = ends[i];
    if (end >= std::numeric_limits<int32_t>::max()) continue;
    if (!dims) return false;
    int64_t axis = axes.empty() ? static_cast<int64_t>(i) : axes[i];
    if (axis < 0) axis += static_cast<int64_t>(dims->size());
    if (axis < 0 || axis >= static_cast<int64_t>(dims->size()) || end < (*dims)[axis]) return false;
  }
  return BypassNode(&n);
}

// Unsqueeze of a constant: the constant, reshaped.
bool EliminateUnsqueeze(Node& n, PassContext& ctx) {
  if (!IsOp(&n, "Unsqueeze") || n.outputs().size() != 1) return false;
  const Tensor* x = ConstantOf(n.input(0));
  if (!x || !n.output(0)) return false;
  std::vector<int64_t> axes;
  if (ctx.Opset() < 13) {
    axes = n.GetInts("axes");
  } else {
    auto a = ConstantInts(n.input(1));
    if (!a) return false;
    axes = *a;
  }
  const int64_t rank = static_cast<int64_t>(x->dims().size() + axes.size());
  std::vector<bool> is_new(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    if (a < 0) a += rank;
    if (a < 0 || a >= rank || is_new[static_cast<size_t>(a)]) return false;
    is_new[static_cast<size_t>(a)] = true;
  }
  std::vector<int64_t> dims;
  size_t k = 0;
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(is_new[static_cast<size_t>(i)] ? 1 : x->dims()[k++]);
  auto t = x->dtype() == ir::DataType::kString
               ? Tensor::FromStrings(dims, x->strings())
               : Tensor::FromRaw(x->dtype(), dims, x->raw(), x->nbytes());
  if (!t.ok()) return false;
  Value* y = n.output(0);
  ir::Graph& g = *n.owner();
  g.RemoveNode(&n);
  g.SetInitializer(y, std::move(t).value());
  return true;
}

// Expand to a shape the input already has (or that broadcasts to it).
bool EliminateExpand(Node& n, PassContext&) {
  if (!IsOp(&n, "Expand")) return false;
  const auto dims = KnownDims(n.input(0));
  const auto shape = ConstantInts(n.input(1));
  if (!dims || !shape || shape->size() > dims->size()) return false;
  const size_t off = dims->size() - shape->size();
  for (size_t i = 0; i < shape->size(); ++i) {
    if ((*shape)[i] != 1 && (*shape)[i] != (*dims)[off + i]) return false;
  }
  return BypassNode(&n);
}

bool EliminateCast(Node& n, PassContext&) {
  if (!IsOp(&n, "Cast")) return false;
  const auto from = KnownType(n.input(0));
  const ir::Attribute* to = n.FindAttribute("to");
  if (!from || !to) return false;
  const auto target = ir::DataTypeFromOnnx(static_cast<int32_t>(to->i));
  return target && *target == *from && BypassNode(&n);
}

// The non-constant operand of a binary op whose constant operand is the identity element, when
// the constant cannot change the output's shape or type.
bool EliminateNeutralBinary(Node& n) {
  const bool add = IsOp(&n, "Add"), sub = IsOp(&n, "Sub"), mul = IsOp(&n, "Mul"),
             div = IsOp(&n, "Div");
  if (!(add || sub || mul || div) || n.inputs().size() != 2) return false;
  const double neutral = add || sub ? 0.0 : 1.0;
  for (size_t c = 0; c < 2; ++c) {
    if ((sub || div) && c == 0) continue;  // 0 - x and 1 / x are not x
    const Value* k = n.input(c);
    const Value* x = n.input(1 - c);
    if (!ConstantAllEqual(k, neutral)) continue;
    const auto xd = KnownDims(x);
    const auto xt = KnownType(x);
    const Tensor* kt = ConstantOf(k);
    if (!xd || !xt || *xt != kt->dtype() || kt->dims().size() > xd->size()) continue;
    bool grows = false;
    const size_t off = xd->size() - kt->dims().size();
    for (size_t i = 0; i < kt->dims().size(); ++i) {
      if (kt->dims()[i] != 1 && kt->dims()[i] != (*xd)[off + i]) grows = true;
    }
    if (!grows) return BypassNode(&n, 1 - c, 0);
  }
  return false;
}

bool EliminateNoop(Node& n, PassContext& ctx) {
  if (EliminateNeutralBinary(n)) return true;
  if (IsOp(&n, "Transpose") && n.inputs().size() == 1) {
    const std::vector<int64_t> perm = n.GetInts("perm");
    if (perm.empty()) return false;
    for (size_t i = 0; i < perm.size(); ++i) {
      if (perm[i] != static_cast<int64_t>(i)) return false;
    }
    return BypassNode(&n);
  }
  if (IsOp(&n, "Pad")) {
    if (n.GetString("mode", "constant") != "constant") return false;
    std::vector<int64_t> pads;
    if (ctx.Opset() < 11) {
      pads = n.GetInts("pads");
    } else {
      auto p = ConstantInts(n.input(1));
      if (!p) return false;
      pads = *p;
    }
    if (pads.empty() || std::any_of(pads.begin(), pads.end(), [](int64_t p) { return p != 0; }))
      return false;
    return BypassNode(&n);
  }
  if (IsOp(&n, "Reshape") && n.inputs().size() == 2) {
    const auto dims = KnownDims(n.input(0));
    const auto shape = ConstantInts(n.input(1));
    if (!dims || !shape || shape->size() != dims->size()) return false;
    const bool allowzero = n.GetInt("allowzero", 0) != 0;
    for (size_t i = 0; i < dims->size(); ++i) {
      const int64_t s = (*shape)[i];
      if (s == (*dims)[i]) continue;
      if (s == 0 && !allowzero) continue;
      return false;
    }
    return BypassNode(&n);
  }
  if ((IsOp(&n, "Squeeze") || IsOp(&n, "Unsqueeze")) && ctx.Opset() >= 13 &&
      n.inputs().size() == 2) {
    auto axes = ConstantInts(n.input(1));
    if (axes && axes->empty()) return BypassNode(&n);
  }
  return false;
}

class DeadNodeElimination : public Pass {
 public:
  std::string_view name() const override { return "dead-node-elimination"; }
  std::string_view summary() const override {
    return "removes nodes whose outputs nothing reads and initializers nothing uses";
  }
  Level level() const override { return Level::kBasic; }
  Expected<bool> Run(ir::Graph& graph, PassContext&) override {
    bool changed = false;
    ForEachGraphMut(graph, [&](ir::Graph& g) {
      if (RemoveDeadNodes(g) > 0) changed = true;
      std::vector<Value*> unused;
      for (Value* v : g.initializers()) {
        if (v->uses().empty() && !v->is_graph_output() && !v->is_graph_input()) unused.push_back(v);
      }
      if (unused.empty()) return;
      g.RemoveInitializers(unused);
      for (Value* v : unused) g.RemoveValue(v);
      changed = true;
    });
    return changed;
  }
};

}  // namespace

void AddEliminationPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(std::make_unique<RulePass>("constant-to-initializer",
                                           "turns Constant nodes into initializers", b,
                                           ConstantToInitializer));
  out.push_back(std::make_unique<RulePass>("identity-elimination", "removes Identity nodes", b,
                                           EliminateIdentity));
  out.push_back(std::make_unique<RulePass>(
      "slice-elimination", "removes Slice nodes that keep the whole input", b, EliminateSlice));
  out.push_back(std::make_unique<RulePass>("unsqueeze-elimination",
                                           "folds Unsqueeze of a constant into the constant", b,
                                           EliminateUnsqueeze));
  out.push_back(std::make_unique<RulePass>("dropout-elimination",
                                           "removes inference-mode Dropout whose mask is unused", b,
                                           EliminateDropout));
  out.push_back(std::make_unique<RulePass>(
      "expand-elimination", "removes Expand to a shape the input already has", b, EliminateExpand));
  out.push_back(std::make_unique<RulePass>(
      "cast-elimination", "removes Cast to the type the input already has", b, EliminateCast));
  out.push_back(std::make_unique<RulePass>(
      "noop-elimination",
      "removes Add/Sub 0, Mul/Div 1, zero Pad, identity Transpose, Reshape to the same shape", b,
      EliminateNoop));
  out.push_back(std::make_unique<DeadNodeElimination>());
}

}  // namespace onnxlens::passes
