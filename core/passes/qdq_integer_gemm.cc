// qdq-integer-gemm: DQ(x) x DQ(W) Gemm / MatMul with a float result on MatMulInteger.
#include "passes/qdq_integer_gemm.h"

#include <optional>
#include <string>
#include <vector>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::DataType;
using ir::Node;
using ir::Tensor;
using ir::Value;

// The per-tensor activation DQ's parameters: scale float32 (one value), zero point uint8 / int8.
bool ActivationDq(const Node* dq) {
  if (!dq || dq->inputs().size() < 3 || !dq->input(2)) return false;
  const Tensor* s = ConstantOf(dq->input(1));
  const Tensor* z = ConstantOf(dq->input(2));
  return s && z && s->dtype() == DataType::kFloat && s->numel() == 1 && z->numel() == 1 &&
         (z->dtype() == DataType::kUint8 || z->dtype() == DataType::kInt8);
}

// The weight W (int8 2-D constant) of DQ `dw`, with zero points 0 and scales per tensor or one per
// output column (axis `col_axis` of W). Returns the scales.
std::optional<std::vector<float>> WeightScales(const Node* dw, int64_t col_axis) {
  const Tensor* w = ConstantOf(dw->input(0));
  const Tensor* s = ConstantOf(dw->input(1));
  if (!w || !s || w->dtype() != DataType::kInt8 || w->dims().size() != 2 || w->numel() == 0 ||
      s->dtype() != DataType::kFloat || s->dims().size() > 1)
    return std::nullopt;
  if (dw->inputs().size() > 2 && dw->input(2)) {
    const Tensor* z = ConstantOf(dw->input(2));
    if (!z || z->dtype() != DataType::kInt8) return std::nullopt;
    for (int64_t i = 0; i < z->numel(); ++i)
      if (z->data<int8_t>()[i] != 0) return std::nullopt;
  }
  if (s->numel() != 1) {
    int64_t axis = dw->GetInt("axis", 1);
    if (axis < 0) axis += 2;
    if (axis != col_axis || s->numel() != w->dims()[col_axis]) return std::nullopt;
  }
  return std::vector<float>(s->data<float>(), s->data<float>() + s->numel());
}

Value* NewValue(ir::Graph& g, const std::string& base, DataType t, const Value* like) {
  Value* v = g.CreateValue(g.UniqueValueName(base));
  ir::TypeInfo type = like->type();
  type.elem_type = t;
  v->set_type(type);
  return v;
}

bool IntegerGemm(Node& op, PassContext& ctx) {
  const bool gemm = IsOp(&op, "Gemm");
  // Only where the dnnl provider (its u8 x s8 matmul) will run the MatMulInteger: the session
  // sets nchwc_block when dnnl is in the order. Elsewhere MatMulInteger is the reference kernel's,
  // far slower than the float GEMM it would replace.
  if ((!gemm && !IsOp(&op, "MatMul")) || !ctx.options.session_only_ops ||
      ctx.options.nchwc_block <= 0 || ctx.Opset("") < 10)
    return false;
  if (op.outputs().size() != 1 || op.inputs().size() < 2) return false;
  bool trans_b = false;
  if (gemm) {
    if (op.GetInt("transA", 0) != 0 || op.GetFloat("alpha", 1.0f) != 1.0f) return false;
    if (op.input(2) && op.GetFloat("beta", 1.0f) != 1.0f) return false;
    trans_b = op.GetInt("transB", 0) != 0;
  }
  Node* dx = InputProducer(&op, 0, "DequantizeLinear");
  Node* dw = InputProducer(&op, 1, "DequantizeLinear");
  if (!ActivationDq(dx) || !dw) return false;
  auto ws = WeightScales(dw, trans_b ? 0 : 1);
  if (!ws) return false;
  const Tensor& w = *ConstantOf(dw->input(0));
  // MatMul: A of known rank >= 2 (a 1-D A is a vector product, not rows).
  const auto& a_shape = op.input(0)->type().shape;
  if (!gemm && (!a_shape || a_shape->size() < 2)) return false;
  const int64_t K = w.dims()[trans_b ? 1 : 0], N = w.dims()[trans_b ? 0 : 1];
  ir::Graph& g = *op.owner();
  // W as [K, N] (MatMulInteger's B).
  Tensor b = w;
  if (trans_b) {
    std::vector<int8_t> t(static_cast<size_t>(K * N));
    const int8_t* src = w.data<int8_t>();
    for (int64_t n = 0; n < N; ++n)
      for (int64_t k = 0; k < K; ++k) t[k * N + n] = src[n * K + k];
    b = Tensor::FromVector<int8_t>(DataType::kInt8, {K, N}, t);
  }
  const float xs = ConstantOf(dx->input(1))->data<float>()[0];
  std::vector<float> scales;
  for (float s : *ws) scales.push_back(xs * s);
  std::vector<Node*> pattern = {dx, dw, &op};
  const std::string base = op.name().empty() ? op.output(0)->name() : op.name();
  Node* mm = AddFusedNodeFor(g, "MatMulInteger", "", pattern, base + "_MatMulInteger");
  mm->AddInput(dx->input(0));
  mm->AddInput(AddInitializer(g, dw->input(0)->name() + "_KxN", std::move(b)));
  mm->AddInput(dx->input(2));
  Value* acc = NewValue(g, base + "_int32", DataType::kInt32, op.output(0));
  mm->AddOutput(acc);
  Node* cast = AddFusedNodeFor(g, "Cast", "", pattern, base + "_Cast");
  cast->AddInput(acc);
  cast->SetAttribute(ir::Attribute::Int("to", static_cast<int64_t>(DataType::kFloat)));
  Value* f = NewValue(g, base + "_float", DataType::kFloat, op.output(0));
  cast->AddOutput(f);
  const std::vector<int64_t> sdims =
      scales.size() == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{N};
  Node* mul = AddFusedNodeFor(g, "Mul", "", pattern, base + (op.input(2) ? "_Scale" : ""));
  mul->AddInput(f);
  mul->AddInput(AddInitializer(g, base + "_scale",
                               Tensor::FromVector<float>(DataType::kFloat, sdims, scales)));
  Node* last = mul;
  if (gemm && op.input(2)) {
    Value* scaled = NewValue(g, base + "_scaled", DataType::kFloat, op.output(0));
    mul->AddOutput(scaled);
    last = AddFusedNodeFor(g, "Add", "", pattern, base);
    last->AddInput(scaled);
    last->AddInput(op.input(2));
  }
  ReplacePattern(&op, last, pattern);
  return true;
}

}  // namespace

std::unique_ptr<Pass> CreateQdqIntegerGemm() {
  return std::make_unique<RulePass>(
      "qdq-integer-gemm",
      "DequantizeLinear(x) x DequantizeLinear(int8 W) Gemm / MatMul with a float result runs as "
      "MatMulInteger -> Cast -> Mul(scales) [-> Add(C)] on the int8 weights (sessions only)",
      Level::kLayout, IntegerGemm);
}

}  // namespace onnxlens::passes
