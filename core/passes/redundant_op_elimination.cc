// Redundant-op eliminations (see redundant_op_elimination.h).
#include "passes/redundant_op_elimination.h"

#include <set>
#include <string>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

std::optional<int64_t> RankOf(const Value* v) {
  if (!v || !v->type().shape) return std::nullopt;
  return static_cast<int64_t>(v->type().shape->size());
}

// Flatten of a rank-2 tensor at axis 1, Split into one output, Concat of one input: the input.
bool EliminateNoopShapeOp(Node& n, PassContext&) {
  if (IsOp(&n, "Flatten")) {
    const auto rank = RankOf(n.input(0));
    if (!rank || *rank != 2) return false;
    int64_t axis = n.GetInt("axis", 1);
    if (axis < 0) axis += 2;
    return axis == 1 && BypassNode(&n);
  }
  if (IsOp(&n, "Split")) return n.outputs().size() == 1 && n.output(0) && BypassNode(&n);
  if (IsOp(&n, "Concat")) return n.inputs().size() == 1 && n.input(0) && BypassNode(&n);
  return false;
}

// f(f(x)) = f(x) for these (no attributes that could differ between the two).
bool EliminateIdempotent(Node& n, PassContext&) {
  static const std::set<std::string> kOps = {"Relu", "Floor", "Ceil", "Round", "Abs", "Sign"};
  if (!kOps.count(n.op_type()) || !(n.domain().empty() || n.domain() == "ai.onnx") ||
      n.inputs().size() != 1 || n.outputs().size() != 1)
    return false;
  if (!InputProducer(&n, 0, n.op_type())) return false;
  return BypassNode(&n);
}

std::optional<int64_t> ConcatAxis(const Node& n) {
  const ir::Attribute* a = n.FindAttribute("axis");
  if (!a) return std::nullopt;
  int64_t axis = a->i;
  if (axis < 0) {
    const auto rank = RankOf(n.output(0)) ? RankOf(n.output(0)) : RankOf(n.input(0));
    if (!rank) return std::nullopt;
    axis += *rank;
  }
  return axis;
}

// Concat(a, Concat(b, c), d) on the same axis (the inner one read only here) -> Concat(a, b, c, d).
bool FuseConcats(Node& outer, PassContext&) {
  if (!IsOp(&outer, "Concat")) return false;
  const auto axis = ConcatAxis(outer);
  if (!axis) return false;
  for (size_t i = 0; i < outer.inputs().size(); ++i) {
    Node* inner = InputProducer(&outer, i, "Concat");
    if (!inner || inner->owner() != outer.owner() || ConcatAxis(*inner) != axis) continue;
    if (!UsedOnlyBy(inner->output(0), {&outer})) continue;
    // The inner value may appear several times among outer's inputs: splice each.
    std::vector<Value*> ins;
    for (Value* v : outer.inputs()) {
      if (v == inner->output(0)) {
        for (Value* w : inner->inputs()) ins.push_back(w);
      } else {
        ins.push_back(v);
      }
    }
    for (size_t k = 0; k < ins.size(); ++k) {
      if (k < outer.inputs().size()) {
        outer.SetInput(k, ins[k]);
      } else {
        outer.AddInput(ins[k]);
      }
    }
    MergeOrigins(&outer, inner);
    RemoveIfUnused(*outer.owner(), {inner});
    return true;
  }
  return false;
}

// ArgMax(Softmax(x)) = ArgMax(x) when the softmax normalizes over blocks that contain each slice
// the ArgMax compares (same axis; before opset 13 the flattened block [axis:] holds every slice
// along a later axis): one denominator per compared slice, and exp is increasing. LogSoftmax too,
// and Log of such a Softmax (positive). Ties that only rounding of the softmax makes may resolve
// to another index (onnxoptimizer's eliminate_nop_monotone_argmax has the same caveat).
bool SoftmaxCoversArgAxis(const Node& sm, int64_t arg_axis, int64_t rank, int64_t opset) {
  int64_t axis = sm.GetInt("axis", opset >= 13 ? -1 : 1);
  if (axis < 0) axis += rank;
  return opset >= 13 ? axis == arg_axis : axis <= arg_axis;
}

bool EliminateMonotoneBeforeArgMax(Node& arg, PassContext& ctx) {
  if (!IsOp(&arg, "ArgMax")) return false;
  const auto rank = RankOf(arg.input(0));
  if (!rank) return false;
  int64_t axis = arg.GetInt("axis", 0);
  if (axis < 0) axis += *rank;
  if (axis < 0 || axis >= *rank) return false;
  auto covering_softmax = [&](const Node* p, bool log_too) {
    return p && p->owner() == arg.owner() &&
           (IsOp(p, "Softmax") || (log_too && IsOp(p, "LogSoftmax"))) &&
           SoftmaxCoversArgAxis(*p, axis, *rank, ctx.Opset());
  };
  bool changed = false;
  while (true) {
    Node* p = arg.input(0)->producer();
    if (!p || !UsedOnlyBy(arg.input(0), {&arg})) break;
    const bool skip = covering_softmax(p, true) ||
                      (IsOp(p, "Log") && covering_softmax(p->input(0)->producer(), false));
    if (!skip) break;
    arg.SetInput(0, p->input(0));
    MergeOrigins(&arg, p);
    RemoveIfUnused(*arg.owner(), {p});
    changed = true;
  }
  return changed;
}

}  // namespace

void AddRedundantOpEliminationPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(std::make_unique<RulePass>(
      "flatten-split-concat-elimination",
      "removes Flatten of a 2-D tensor at axis 1, Split into one output, Concat of one input", b,
      EliminateNoopShapeOp));
  out.push_back(std::make_unique<RulePass>(
      "idempotent-op-elimination", "f(f(x)) -> f(x) for Relu, Floor, Ceil, Round, Abs, Sign", b,
      EliminateIdempotent));
  out.push_back(std::make_unique<RulePass>(
      "concat-fusion", "Concat(a, Concat(b, c)) on the same axis -> Concat(a, b, c)", b,
      FuseConcats));
  out.push_back(std::make_unique<RulePass>(
      "argmax-monotone-elimination",
      "ArgMax(Softmax / LogSoftmax / Log(x)) -> ArgMax(x) (same axis; the Softmax read only there)",
      b, EliminateMonotoneBeforeArgMax));
}

}  // namespace onnxlens::passes
