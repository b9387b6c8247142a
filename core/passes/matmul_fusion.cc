// matmul-bn, matmul-transpose and matmul-scale fusions.
#include "passes/matmul_fusion.h"

#include <cmath>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool IsFusedMatMul(const Node* n) {
  return n && n->op_type() == "FusedMatMul" && n->domain() == "com.microsoft";
}

// Turns a MatMul into a FusedMatMul in place (same id, inputs and outputs).
void MakeFused(Node& n, PassContext& ctx) {
  if (IsFusedMatMul(&n)) return;
  n.set_op_type("FusedMatMul");
  n.set_domain("com.microsoft");
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
}

bool MatMulTranspose(Node& mm, PassContext& ctx) {
  if (!IsOp(&mm, "MatMul") && !IsFusedMatMul(&mm)) return false;
  for (int i = 0; i < 2; ++i) {
    Node* tr = InputProducer(&mm, i, "Transpose");
    if (!tr || !UsedOnlyBy(tr->output(0), {&mm})) continue;
    const auto perm = tr->GetInts("perm");
    const size_t r = perm.size();
    if (r < 2) continue;
    bool swap_last =
        perm[r - 1] == static_cast<int64_t>(r - 2) && perm[r - 2] == static_cast<int64_t>(r - 1);
    for (size_t k = 0; k + 2 < r; ++k) swap_last &= perm[k] == static_cast<int64_t>(k);
    if (!swap_last) continue;
    const auto t = KnownType(tr->input(0));
    if (!t || *t != ir::DataType::kFloat) continue;
    MakeFused(mm, ctx);
    const char* attr = i == 0 ? "transA" : "transB";
    mm.SetAttribute(ir::Attribute::Int(attr, 1 - mm.GetInt(attr, 0)));
    mm.SetInput(i, tr->input(0));
    MergeOrigins(&mm, tr);
    RemoveIfUnused(*mm.owner(), {tr});
    return true;
  }
  return false;
}

// A constant float scalar factor of Mul (or 1/c of Div by c) of `n` beside operand `v`.
std::optional<double> ScaleBeside(const Node* n, const Value* v) {
  if (IsOp(n, "Mul")) {
    for (int i = 0; i < 2; ++i) {
      if (n->input(1 - i) == v && KnownType(n->input(i)) == ir::DataType::kFloat)
        if (auto c = ConstantScalar(n->input(i))) return c;
    }
  } else if (IsOp(n, "Div") && n->input(0) == v && KnownType(n->input(1)) == ir::DataType::kFloat) {
    if (auto c = ConstantScalar(n->input(1)); c && *c != 0) return 1.0 / *c;
  }
  return std::nullopt;
}

bool MatMulScale(Node& mm, PassContext& ctx) {
  if (!IsOp(&mm, "MatMul") && !IsFusedMatMul(&mm)) return false;
  // Output scaled: MatMul -> Mul(c) / Div(c)
  if (Node* next = SoleConsumer(mm.output(0))) {
    if (auto c = ScaleBeside(next, mm.output(0))) {
      MakeFused(mm, ctx);
      mm.SetAttribute(ir::Attribute::Float("alpha", mm.GetFloat("alpha", 1.f) * float(*c)));
      AbsorbSuccessor(&mm, next);
      return true;
    }
  }
  // An input scaled: MatMul(Mul(a, c), b)
  for (int i = 0; i < 2; ++i) {
    Node* p = mm.input(i) ? mm.input(i)->producer() : nullptr;
    if (!p || !UsedOnlyBy(p->output(0), {&mm})) continue;
    for (int k = 0; k < 2; ++k) {
      Value* v = p->input(k);
      if (!v || ConstantOf(v)) continue;
      auto c = ScaleBeside(p, v);
      if (!c) continue;
      MakeFused(mm, ctx);
      mm.SetAttribute(ir::Attribute::Float("alpha", mm.GetFloat("alpha", 1.f) * float(*c)));
      mm.SetInput(i, v);
      MergeOrigins(&mm, p);
      RemoveIfUnused(*mm.owner(), {p});
      return true;
    }
  }
  return false;
}

// MatMul(x [M, K], W [K, N]) -> BatchNormalization over N -> Gemm(x, W * s, beta - mean * s),
// s = scale / sqrt(var + eps).
bool MatMulBn(Node& mm, PassContext&) {
  if (!IsOp(&mm, "MatMul")) return false;
  Node* bn = SoleConsumer(mm.output(0));
  if (!IsOp(bn, "BatchNormalization") || bn->outputs().size() != 1) return false;
  const auto& xs = mm.input(0)->type().shape;
  if (!xs || xs->size() != 2) return false;
  auto w = ConstantFloats(mm.input(1));
  const ir::Tensor* wt = ConstantOf(mm.input(1));
  if (!w || wt->dims().size() != 2) return false;
  const int64_t K = wt->dims()[0], N = wt->dims()[1];
  auto scale = ConstantFloats(bn->input(1)), bias = ConstantFloats(bn->input(2)),
       mean = ConstantFloats(bn->input(3)), var = ConstantFloats(bn->input(4));
  if (!scale || !bias || !mean || !var) return false;
  for (const auto* v : {&*scale, &*bias, &*mean, &*var}) {
    if (static_cast<int64_t>(v->size()) != N) return false;
  }
  const double eps = bn->GetFloat("epsilon", 1e-5f);
  std::vector<float> w2(w->size()), b2(static_cast<size_t>(N));
  for (int64_t n = 0; n < N; ++n) {
    const double s = (*scale)[n] / std::sqrt(double((*var)[n]) + eps);
    for (int64_t k = 0; k < K; ++k) w2[k * N + n] = static_cast<float>((*w)[k * N + n] * s);
    b2[n] = static_cast<float>((*bias)[n] - (*mean)[n] * s);
  }
  ir::Graph& g = *mm.owner();
  Node* gemm = AddFusedNodeFor(g, "Gemm", "", {&mm, bn}, mm.name());
  gemm->AddInput(mm.input(0));
  gemm->AddInput(AddInitializer(g, mm.name() + "_bn_W",
                                ir::Tensor::FromVector<float>(ir::DataType::kFloat, {K, N}, w2)));
  gemm->AddInput(AddInitializer(g, mm.name() + "_bn_B",
                                ir::Tensor::FromVector<float>(ir::DataType::kFloat, {N}, b2)));
  ReplacePattern(bn, gemm, {&mm});
  return true;
}

}  // namespace

void AddMatMulBnPass(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "matmul-bn-fusion", "2-D MatMul(x, W) + BatchNormalization -> Gemm with folded weights",
      Level::kBasic, MatMulBn));
}

void AddFusedMatMulPasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level e = Level::kExtended;
  out.push_back(std::make_unique<RulePass>(
      "matmul-transpose-fusion", "MatMul(Transpose(last two dims)) -> FusedMatMul transA/transB", e,
      MatMulTranspose, /*contrib=*/true));
  out.push_back(std::make_unique<RulePass>(
      "matmul-scale-fusion", "MatMul scaled by a constant scalar -> FusedMatMul alpha", e,
      MatMulScale, /*contrib=*/true));
}

}  // namespace onnxlens::passes
