// qdq-fake-quant-fusion: Q -> DQ pairs with equal per-tensor parameters as one node.
#include "passes/qdq_fake_quant.h"

#include <cstring>
#include <vector>

#include "passes/graph_util.h"
#include "passes/qlinear_nhwc.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

// A per-tensor scale (float32) and zero point (uint8 / int8), both constants.
bool PerTensorParams(const ir::Node& n) {
  if (n.inputs().size() < 3 || !n.input(2)) return false;
  const ir::Tensor* s = ConstantOf(n.input(1));
  const ir::Tensor* z = ConstantOf(n.input(2));
  return s && z && s->dtype() == ir::DataType::kFloat && s->numel() == 1 && z->numel() == 1 &&
         (z->dtype() == ir::DataType::kUint8 || z->dtype() == ir::DataType::kInt8);
}

bool SameScalar(const ir::Value* a, const ir::Value* b) {
  const ir::Tensor* x = ConstantOf(a);
  const ir::Tensor* y = ConstantOf(b);
  return x && y && x->dtype() == y->dtype() && x->numel() == 1 && y->numel() == 1 &&
         std::memcmp(x->raw(), y->raw(), x->nbytes()) == 0;
}

bool FakeQuant(ir::Node& q, PassContext& ctx) {
  if (!IsOp(&q, "QuantizeLinear") || !ctx.options.session_only_ops) return false;
  if (q.GetInt("saturate", 1) != 1 || !PerTensorParams(q) || q.output(0)->is_graph_output())
    return false;
  ir::Node* dq = SoleConsumer(q.output(0));
  if (!IsOp(dq, "DequantizeLinear") || dq->input(0) != q.output(0) || !PerTensorParams(*dq))
    return false;
  if (!SameScalar(q.input(1), dq->input(1)) || !SameScalar(q.input(2), dq->input(2))) return false;
  if (KnownType(q.input(0)) != ir::DataType::kFloat) return false;
  std::vector<ir::Node*> pattern = {&q, dq};
  ir::Node* f =
      AddFusedNodeFor(*q.owner(), "QuantizeDequantizeLinear", kOnnxlensDomain, pattern, q.name());
  f->AddInput(q.input(0));
  f->AddInput(q.input(1));
  f->AddInput(q.input(2));
  ReplacePattern(dq, f, pattern);
  if (ctx.Opset(kOnnxlensDomain) < 1) ctx.model->SetOpsetVersion(kOnnxlensDomain, 1);
  return true;
}

}  // namespace

std::unique_ptr<Pass> CreateQdqFakeQuantFusion() {
  return std::make_unique<RulePass>(
      "qdq-fake-quant-fusion",
      "QuantizeLinear -> DequantizeLinear with equal per-tensor parameters (nothing else reading "
      "the integers) becomes one com.onnxlens QuantizeDequantizeLinear [sessions only]",
      Level::kLayout, FakeQuant, /*contrib=*/true);
}

}  // namespace onnxlens::passes
