// dynamic-quantize-matmul-fusion: DynamicQuantizeLinear -> MatMulInteger -> Cast -> Mul [-> Add]
// as one com.microsoft DynamicQuantizeMatMul.
#include "passes/dynamic_quantize_matmul_fusion.h"

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

constexpr const char* kMsDomain = "com.microsoft";

bool IsInt8(DataType t) { return t == DataType::kUint8 || t == DataType::kInt8; }

// A constant of `type` (any 8-bit type when kUndefined) holding one value or `per` values.
const Tensor* PerColumn(const Value* v, DataType type, int64_t per) {
  const Tensor* t = ConstantOf(v);
  if (!t || t->dims().size() > 1) return nullptr;
  if (type == DataType::kUndefined ? !IsInt8(t->dtype()) : t->dtype() != type) return nullptr;
  return t->numel() == 1 || t->numel() == per ? t : nullptr;
}

// The input of the two-input node `n` that is not `v` (null when both are, or `n` has another
// count of inputs).
Value* OtherMatMulInput(const Node* n, const Value* v) {
  if (n->inputs().size() != 2) return nullptr;
  if (n->input(0) == v && n->input(1) != v) return n->input(1);
  if (n->input(1) == v && n->input(0) != v) return n->input(0);
  return nullptr;
}

bool FuseDqMatMul(Node& mm, PassContext& ctx) {
  if (!IsOp(&mm, "MatMulInteger") || mm.inputs().size() != 4 || mm.outputs().size() != 1)
    return false;
  Node* dq = InputProducer(&mm, 0, "DynamicQuantizeLinear");
  if (!dq || dq->outputs().size() != 3 || mm.input(2) != dq->output(2)) return false;
  const Tensor* b = ConstantOf(mm.input(1));
  if (!b || !IsInt8(b->dtype()) || b->dims().size() != 2) return false;
  const int64_t n_cols = b->dims()[1];
  if (mm.input(3) && !PerColumn(mm.input(3), b->dtype(), n_cols)) return false;
  // Cast(float) -> Mul(sum, Mul(y_scale, b_scale)).
  Node* cast = SoleConsumer(mm.output(0));
  if (!IsOp(cast, "Cast") || cast->GetInt("to", 0) != static_cast<int64_t>(DataType::kFloat))
    return false;
  Node* scale_mul = SoleConsumer(cast->output(0));
  if (!IsOp(scale_mul, "Mul")) return false;
  Value* scales = OtherMatMulInput(scale_mul, cast->output(0));
  Node* scales_mul = scales ? scales->producer() : nullptr;
  if (!IsOp(scales_mul, "Mul") || !UsedOnlyBy(scales, {scale_mul})) return false;
  Value* b_scale = OtherMatMulInput(scales_mul, dq->output(1));
  if (!b_scale || !PerColumn(b_scale, DataType::kFloat, n_cols)) return false;
  // An Add of a constant float bias, one per column, when it is the product's only reader.
  Node* last = scale_mul;
  Value* bias = nullptr;
  if (Node* add = SoleConsumer(scale_mul->output(0)); IsOp(add, "Add")) {
    Value* c = OtherMatMulInput(add, scale_mul->output(0));
    const Tensor* t = c ? ConstantOf(c) : nullptr;
    if (t && t->dtype() == DataType::kFloat && t->dims().size() == 1 && t->numel() == n_cols) {
      bias = c;
      last = add;
    }
  }
  ir::Graph& g = *mm.owner();
  if (ctx.Opset(kMsDomain) < 1) ctx.model->SetOpsetVersion(kMsDomain, 1);
  std::vector<Node*> pattern = {dq, &mm, cast, scales_mul, scale_mul};
  if (last != scale_mul) pattern.push_back(last);
  const std::string base = mm.name().empty() ? last->output(0)->name() : mm.name();
  Node* fused =
      AddFusedNodeFor(g, "DynamicQuantizeMatMul", kMsDomain, pattern, base + "_DynamicQuantize");
  fused->AddInput(dq->input(0));
  fused->AddInput(mm.input(1));
  fused->AddInput(b_scale);
  fused->AddInput(mm.input(3));
  if (bias) fused->AddInput(bias);
  ReplacePattern(last, fused, pattern);
  return true;
}

}  // namespace

std::unique_ptr<Pass> CreateDynamicQuantizeMatMulFusion() {
  return std::make_unique<RulePass>(
      "dynamic-quantize-matmul-fusion",
      "DynamicQuantizeLinear -> MatMulInteger -> Cast -> Mul(scales) [-> Add(bias)] (dynamic "
      "quantization's MatMul) becomes com.microsoft DynamicQuantizeMatMul",
      Level::kExtended, FuseDqMatMul, /*contrib=*/true);
}

}  // namespace onnxlens::passes
