// Gemm and Transpose fusions.
#include "passes/gemm_fusion.h"

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

// MatMul(A [M,K], B [K,N]) -> Add(C broadcastable to [M,N]) => Gemm(A, B, C). 2-D only (Gemm is).
bool MatMulAdd(Node& mm, PassContext& ctx) {
  if (!IsOp(&mm, "MatMul") || ctx.Opset() < 9) return false;
  Node* add = SoleConsumer(mm.output(0));
  if (!IsOp(add, "Add")) return false;
  const auto a = KnownDims(mm.input(0)), b = KnownDims(mm.input(1));
  if (!a || !b || a->size() != 2 || b->size() != 2) return false;
  const auto ta = KnownType(mm.input(0));
  if (!ta || (*ta != ir::DataType::kFloat && *ta != ir::DataType::kDouble)) return false;
  Value* c = add->input(0) == mm.output(0) ? add->input(1) : add->input(0);
  const auto cd = KnownDims(c);
  if (!cd || cd->size() > 2) return false;
  // C must broadcast to [M, N] without growing it.
  const int64_t M = (*a)[0], N = (*b)[1];
  const std::vector<int64_t> full = {M, N};
  for (size_t i = 0; i < cd->size(); ++i) {
    const int64_t d = (*cd)[i], want = full[2 - cd->size() + i];
    if (d != 1 && d != want) return false;
  }
  ir::Graph& g = *mm.owner();
  Node* gemm = AddFusedNode(g, "Gemm", "", {&mm, add});
  gemm->AddInput(mm.input(0));
  gemm->AddInput(mm.input(1));
  gemm->AddInput(c);
  Value* out = add->output(0);
  Value* mid = mm.output(0);
  g.RemoveNode(add);
  g.RemoveNode(&mm);
  g.RemoveValue(mid);
  gemm->AddOutput(out);
  return true;
}

// Transpose(perm [1,0]) feeding Gemm's A or B: flip transA / transB instead.
bool GemmTranspose(Node& gemm, PassContext&) {
  if (!IsOp(&gemm, "Gemm")) return false;
  bool changed = false;
  for (size_t i = 0; i < 2; ++i) {
    Value* v = gemm.input(i);
    Node* t = v ? v->producer() : nullptr;
    if (!IsOp(t, "Transpose") || t->owner() != gemm.owner()) continue;
    const std::vector<int64_t> perm = t->GetInts("perm", {1, 0});
    if (perm != std::vector<int64_t>{1, 0}) continue;
    const char* attr = i == 0 ? "transA" : "transB";
    gemm.SetAttribute(ir::Attribute::Int(attr, 1 - gemm.GetInt(attr, 0)));
    gemm.SetInput(i, t->input(0));
    MergeOrigins(&gemm, t);
    if (v->uses().empty() && !v->is_graph_output()) t->owner()->RemoveNode(t);
    changed = true;
  }
  return changed;
}

// Transpose(p1) -> Transpose(p2) == Transpose(p1[p2[i]]); the identity cancels.
bool TransposeFusion(Node& second, PassContext&) {
  if (!IsOp(&second, "Transpose")) return false;
  Value* mid = second.input(0);
  Node* first = mid ? mid->producer() : nullptr;
  if (!IsOp(first, "Transpose") || first->owner() != second.owner()) return false;
  const std::vector<int64_t> p1 = first->GetInts("perm"), p2 = second.GetInts("perm");
  if (p1.empty() || p1.size() != p2.size()) return false;
  std::vector<int64_t> p(p1.size());
  bool identity = true;
  for (size_t i = 0; i < p2.size(); ++i) {
    if (p2[i] < 0 || p2[i] >= static_cast<int64_t>(p1.size())) return false;
    p[i] = p1[static_cast<size_t>(p2[i])];
    identity = identity && p[i] == static_cast<int64_t>(i);
  }
  second.SetInput(0, first->input(0));
  MergeOrigins(&second, first);
  if (mid->uses().empty() && !mid->is_graph_output()) first->owner()->RemoveNode(first);
  if (identity) return BypassNode(&second) || true;
  second.SetAttribute(ir::Attribute::Ints("perm", p));
  return true;
}

}  // namespace

void AddGemmFusionPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(std::make_unique<RulePass>(
      "gemm-transpose-fusion", "folds a 2-D Transpose of Gemm's A or B into transA/transB", b,
      GemmTranspose));
  out.push_back(std::make_unique<RulePass>(
      "transpose-fusion", "merges consecutive Transposes; removes pairs that cancel", b,
      TransposeFusion));
  out.push_back(std::make_unique<RulePass>("matmul-add-fusion", "turns 2-D MatMul + Add into Gemm",
                                           b, MatMulAdd));
}

}  // namespace onnxlens::passes
