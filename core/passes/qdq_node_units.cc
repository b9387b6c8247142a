#include "passes/qdq_node_units.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <string>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

bool IsQuantType(ir::DataType t) { return t == ir::DataType::kUint8 || t == ir::DataType::kInt8; }

// A DequantizeLinear / QuantizeLinear's parameters when they are constants: scale float32, zero
// point present and of the quantized type, `count` values each (1 = per tensor).
struct QParamsOf {
  const ir::Tensor* scale = nullptr;
  const ir::Tensor* zero_point = nullptr;
  int64_t axis = 1;
};

std::optional<QParamsOf> ConstParams(const ir::Node* n) {
  if (n->inputs().size() < 3 || !n->input(2)) return std::nullopt;
  const ir::Tensor* s = ConstantOf(n->input(1));
  const ir::Tensor* z = ConstantOf(n->input(2));
  if (!s || !z || s->dtype() != ir::DataType::kFloat || s->numel() != z->numel() || s->numel() < 1)
    return std::nullopt;
  if (s->dims().size() > 1 || z->dims().size() > 1) return std::nullopt;
  return QParamsOf{s, z, n->GetInt("axis", 1)};
}

// A per-tensor activation parameter pair of quantized type `type`.
std::optional<QParamsOf> ScalarParams(const ir::Node* n, ir::DataType type) {
  auto p = ConstParams(n);
  if (!p || p->scale->numel() != 1 || p->zero_point->dtype() != type || !IsQuantType(type))
    return std::nullopt;
  return p;
}

// The quantized type a DequantizeLinear reads: its zero point's (ONNX requires them equal).
ir::DataType InputType(const ir::Node* dq) {
  const ir::Tensor* z = dq->input(2) ? ConstantOf(dq->input(2)) : nullptr;
  return z ? z->dtype() : ir::DataType::kUndefined;
}

// Same type and values ([] and [1] alike: a per-tensor parameter may be written either way).
bool SameTensor(const ir::Tensor& a, const ir::Tensor& b) {
  if (a.dtype() != b.dtype() || a.numel() != b.numel()) return false;
  if (a.numel() != 1 && a.dims() != b.dims()) return false;
  return std::memcmp(a.raw(), b.raw(), a.nbytes()) == 0;
}

// A per-tensor scale for which Q(DQ(v)) = v: positive, and 255 steps of it finite.
bool UsableScale(const ir::Tensor& scale) {
  const float s = scale.data<float>()[0];
  return s > 0.0f && std::isfinite(s * 255.0f);
}

// The Q reading `op`'s only output, when nothing else reads it.
ir::Node* SoleQ(ir::Node* op) {
  ir::Node* q = SoleConsumer(op->output(0));
  if (!IsOp(q, "QuantizeLinear") || q->input(0) != op->output(0)) return nullptr;
  for (size_t i = 1; i < op->outputs().size(); ++i)
    if (op->output(i) && (!op->output(i)->uses().empty() || op->output(i)->is_graph_output()))
      return nullptr;
  return q;
}

// The int32 bias behind DQ `db` when its scale is x_scale * w_scale[m] (float32, as the
// quantizer computes it) and its zero point is absent or 0.
bool ExactBias(const ir::Node* db, const ir::Tensor& xs, const ir::Tensor& ws, int64_t m) {
  const ir::Tensor* b = ConstantOf(db->input(0));
  const ir::Tensor* bs = ConstantOf(db->input(1));
  if (!b || !bs || b->dtype() != ir::DataType::kInt32 || b->numel() != m ||
      bs->dtype() != ir::DataType::kFloat || (bs->numel() != 1 && bs->numel() != m))
    return false;
  if (db->input(2) && !ConstantAllEqual(db->input(2), 0.0)) return false;
  if (bs->numel() == 1 && ws.numel() != 1) return false;
  const float x = xs.data<float>()[0];
  for (int64_t i = 0; i < bs->numel(); ++i) {
    const float want = x * ws.data<float>()[ws.numel() == 1 ? 0 : i];
    const float got = bs->data<float>()[i];
    if (std::fabs(got - want) > 1e-6f * std::fabs(want)) return false;
  }
  return true;
}

// DQ(x) + DQ(W) [+ DQ(B)] -> Conv -> Q  =>  QLinearConv.
bool ConvUnit(ir::Node& conv, PassContext&) {
  if (!IsOp(&conv, "Conv") || conv.inputs().size() < 2) return false;
  ir::Node* dx = InputProducer(&conv, 0, "DequantizeLinear");
  ir::Node* dw = InputProducer(&conv, 1, "DequantizeLinear");
  ir::Node* db = conv.input(2) ? InputProducer(&conv, 2, "DequantizeLinear") : nullptr;
  if (!dx || !dw || (conv.input(2) && !db)) return false;
  ir::Node* q = SoleQ(&conv);
  if (!q) return false;
  const ir::DataType xt = InputType(dx);
  auto xp = ScalarParams(dx, xt);
  const ir::Tensor* w = ConstantOf(dw->input(0));
  if (!xp || !w || !IsQuantType(w->dtype()) || w->dims().size() < 3) return false;
  auto wp = ConstParams(dw);
  const int64_t m = w->dims()[0];
  if (!wp || wp->zero_point->dtype() != w->dtype()) return false;
  if (wp->scale->numel() != 1 && (wp->scale->numel() != m || wp->axis != 0)) return false;
  if (!q->input(2) || !ConstantOf(q->input(2))) return false;
  if (!ScalarParams(q, ConstantOf(q->input(2))->dtype())) return false;
  if (db && !ExactBias(db, *xp->scale, *wp->scale, m)) return false;
  if (q->GetInt("saturate", 1) != 1) return false;
  std::vector<ir::Node*> pattern = {dx, dw};
  if (db) pattern.push_back(db);
  pattern.push_back(&conv);
  pattern.push_back(q);
  ir::Graph& g = *conv.owner();
  // Named after the Conv: a DQ(x) shared by two units (resnet's block input read by conv1 and
  // the downsample) would give both the DQ's name, which ONNX Runtime refuses in an export.
  ir::Node* f = AddFusedNodeFor(g, "QLinearConv", "", pattern, conv.name());
  for (ir::Value* v : {dx->input(0), dx->input(1), dx->input(2), dw->input(0), dw->input(1),
                       dw->input(2), q->input(1), q->input(2)})
    f->AddInput(v);
  if (db) f->AddInput(db->input(0));
  CopyAttributes(conv, f);
  ReplacePattern(q, f, pattern);
  return true;
}

// DQ(a) + DQ(b const) -> MatMul -> Q  =>  QLinearMatMul (b per tensor, or per column of a 2-D b).
bool MatMulUnit(ir::Node& mm, PassContext&) {
  if (!IsOp(&mm, "MatMul")) return false;
  ir::Node* da = InputProducer(&mm, 0, "DequantizeLinear");
  ir::Node* dbn = InputProducer(&mm, 1, "DequantizeLinear");
  // B a constant: a product of two activations stays float (no runtime here multiplies a uint8
  // activation as the weights faster than the float MatMul does).
  if (!da || !dbn || !ConstantOf(dbn->input(0))) return false;
  ir::Node* q = SoleQ(&mm);
  if (!q) return false;
  auto ap = ScalarParams(da, InputType(da));
  const ir::DataType bt = InputType(dbn);
  auto bp = ConstParams(dbn);
  if (!ap || !bp || !IsQuantType(bt) || bp->zero_point->dtype() != bt) return false;
  if (bp->scale->numel() != 1) {
    auto dims = KnownDims(dbn->input(0));
    if (!dims || dims->size() != 2 || (bp->axis != 1 && bp->axis != -1) ||
        (*dims)[1] != bp->scale->numel())
      return false;
  }
  if (!q->input(2) || !ConstantOf(q->input(2))) return false;
  if (!ScalarParams(q, ConstantOf(q->input(2))->dtype()) || q->GetInt("saturate", 1) != 1)
    return false;
  std::vector<ir::Node*> pattern = {da, dbn, &mm, q};
  ir::Node* f = AddFusedNodeFor(*mm.owner(), "QLinearMatMul", "", pattern, mm.name());
  for (ir::Value* v : {da->input(0), da->input(1), da->input(2), dbn->input(0), dbn->input(1),
                       dbn->input(2), q->input(1), q->input(2)})
    f->AddInput(v);
  ReplacePattern(q, f, pattern);
  return true;
}

// DQ -> `op` -> Q around a node that only moves or picks values (MaxPool, Reshape, ...): the DQ
// feeding input 0 and the Q reading output 0 (the only one read), when both are per tensor with the
// same type, scale and zero point, and 255 steps of the scale are finite (an infinite scale's NaN /
// saturated bytes are not x), so Q(DQ(v)) = v; false otherwise.
bool EqualParamsAround(ir::Node& op, ir::Node** dq_out, ir::Node** q_out) {
  ir::Node* dq = InputProducer(&op, 0, "DequantizeLinear");
  if (!dq) return false;
  ir::Node* q = SoleQ(&op);  // also: no other output of `op` is read
  if (!q || q->GetInt("saturate", 1) != 1) return false;
  const ir::DataType t = InputType(dq);
  auto dp = ScalarParams(dq, t);
  auto qp = ScalarParams(q, t);
  if (!dp || !qp || !UsableScale(*dp->scale)) return false;
  if (!SameTensor(*dp->scale, *qp->scale) || !SameTensor(*dp->zero_point, *qp->zero_point))
    return false;
  *dq_out = dq;
  *q_out = q;
  return true;
}

// DQ(x) -> MaxPool -> Q with the DQ's per-tensor parameters  =>  MaxPool on x (ONNX's MaxPool
// takes uint8 / int8 from opset 12). Exact: with a positive scale the dequantization is monotonic,
// so the maximum picks the same element, and Q(DQ(v)) = v for equal parameters.
bool MaxPoolUnit(ir::Node& mp, PassContext& ctx) {
  if (!IsOp(&mp, "MaxPool") || ctx.Opset("") < 12) return false;
  ir::Node *dq = nullptr, *q = nullptr;
  if (!EqualParamsAround(mp, &dq, &q)) return false;
  std::vector<ir::Node*> pattern = {dq, &mp, q};
  ir::Node* f = AddFusedNodeFor(*mp.owner(), "MaxPool", "", pattern, mp.name());
  f->AddInput(dq->input(0));
  CopyAttributes(mp, f);
  ReplacePattern(q, f, pattern);
  return true;
}

// The Q that ends a binary unit: `op`'s sole reader, or (Add only) that of a Relu reading it when
// the Q's zero point is its type's minimum, so that the Q's saturation already clips at 0.
ir::Node* BinaryUnitEnd(ir::Node* op, ir::Node** relu) {
  *relu = nullptr;
  if (ir::Node* q = SoleQ(op)) return q;
  ir::Node* r = IsOp(op, "Add") ? SoleConsumer(op->output(0)) : nullptr;
  if (!IsOp(r, "Relu") || r->input(0) != op->output(0)) return nullptr;
  ir::Node* q = SoleQ(r);
  const ir::Tensor* z =
      q && q->inputs().size() > 2 && q->input(2) ? ConstantOf(q->input(2)) : nullptr;
  if (!z || z->numel() != 1) return nullptr;
  const bool at_min = (z->dtype() == ir::DataType::kUint8 && z->data<uint8_t>()[0] == 0) ||
                      (z->dtype() == ir::DataType::kInt8 && z->data<int8_t>()[0] == -128);
  if (!at_min) return nullptr;
  *relu = r;
  return q;
}

// DQ(a) + DQ(b) -> Add / Mul [-> Relu] -> Q, all of one quantized type with per-tensor
// parameters  =>  com.microsoft QLinearAdd / QLinearMul, the ops ONNX Runtime makes of the same
// units (its rounding: kernels/qlinear_binary.h).
bool BinaryUnit(ir::Node& op, PassContext& ctx) {
  const bool add = IsOp(&op, "Add");
  if ((!add && !IsOp(&op, "Mul")) || op.inputs().size() != 2) return false;
  // com.microsoft ops: not in a standard-ONNX export (the rest of this pass writes ai.onnx ops).
  if (ctx.options.format == Format::kStandard) return false;
  ir::Node* da = InputProducer(&op, 0, "DequantizeLinear");
  ir::Node* db = InputProducer(&op, 1, "DequantizeLinear");
  if (!da || !db) return false;
  ir::Node* relu = nullptr;
  ir::Node* q = BinaryUnitEnd(&op, &relu);
  if (!q || q->GetInt("saturate", 1) != 1 || !q->input(2)) return false;
  const ir::DataType t = InputType(da);
  if (InputType(db) != t || !ScalarParams(da, t) || !ScalarParams(db, t) || !ScalarParams(q, t))
    return false;
  // Scales from the file: the kernels divide by the output's.
  for (const ir::Node* n : {da, db, q}) {
    const float s = ConstantOf(n->input(1))->data<float>()[0];
    if (!(std::isfinite(s) && s > 0.0f)) return false;
  }
  std::vector<ir::Node*> pattern = {da, db, &op};
  if (relu) pattern.push_back(relu);
  pattern.push_back(q);
  ir::Node* f = AddFusedNodeFor(*op.owner(), add ? "QLinearAdd" : "QLinearMul", "com.microsoft",
                                pattern, op.name());
  for (ir::Value* v : {da->input(0), da->input(1), da->input(2), db->input(0), db->input(1),
                       db->input(2), q->input(1), q->input(2)})
    f->AddInput(v);
  ReplacePattern(q, f, pattern);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

// DQ(x) -> Reshape / Transpose / Squeeze / Unsqueeze / Flatten -> Q with equal per-tensor
// parameters  =>  the op on the quantized x (ONNX Runtime drops such pairs too). Exact: moving
// elements commutes with the element-wise dequantization, and Q(DQ(v)) = v for equal parameters.
bool DataMovementUnit(ir::Node& op, PassContext&) {
  if (!IsOp(&op, "Reshape") && !IsOp(&op, "Transpose") && !IsOp(&op, "Squeeze") &&
      !IsOp(&op, "Unsqueeze") && !IsOp(&op, "Flatten"))
    return false;
  ir::Node *dq = nullptr, *q = nullptr;
  if (!EqualParamsAround(op, &dq, &q)) return false;
  std::vector<ir::Node*> pattern = {dq, &op, q};
  ir::Node* f = AddFusedNodeFor(*op.owner(), op.op_type(), "", pattern, op.name());
  f->AddInput(dq->input(0));
  for (size_t i = 1; i < op.inputs().size(); ++i) f->AddInput(op.input(i));
  CopyAttributes(op, f);
  ReplacePattern(q, f, pattern);
  return true;
}

// Q(DQ(x)) with identical parameters  =>  x.
bool DqQPair(ir::Node& q, PassContext&) {
  if (!IsOp(&q, "QuantizeLinear") || q.output(0)->is_graph_output()) return false;
  ir::Node* dq = InputProducer(&q, 0, "DequantizeLinear");
  if (!dq || q.GetInt("saturate", 1) != 1) return false;
  auto dp = ConstParams(dq);
  auto qp = ConstParams(&q);
  if (!dp || !qp || !IsQuantType(InputType(dq)) || dp->zero_point->dtype() != InputType(dq))
    return false;
  if (!SameTensor(*dp->scale, *qp->scale) || !SameTensor(*dp->zero_point, *qp->zero_point))
    return false;
  if (dp->scale->numel() != 1 && dp->axis != qp->axis) return false;
  ir::Value* x = dq->input(0);
  ReplaceUses(q.output(0), x);
  RemoveIfUnused(*q.owner(), {&q, dq});
  return true;
}

}  // namespace

void AddQdqNodeUnitPasses(std::vector<std::unique_ptr<Pass>>& out) {
  out.push_back(std::make_unique<RulePass>(
      "qdq-node-units",
      "QDQ node units (DequantizeLinear -> Conv / MatMul -> QuantizeLinear) become QLinearConv / "
      "QLinearMatMul, DequantizeLinear -> Add / Mul [-> Relu] -> QuantizeLinear com.microsoft "
      "QLinearAdd / QLinearMul, DequantizeLinear -> MaxPool -> QuantizeLinear with equal "
      "parameters a uint8 / int8 MaxPool, DequantizeLinear -> Reshape / Transpose / Squeeze / "
      "Unsqueeze / Flatten -> QuantizeLinear with equal parameters the op on the quantized "
      "tensor; QuantizeLinear(DequantizeLinear(x)) with equal parameters becomes x",
      Level::kExtended, [](ir::Node& n, PassContext& ctx) {
        return ConvUnit(n, ctx) || MatMulUnit(n, ctx) || BinaryUnit(n, ctx) ||
               MaxPoolUnit(n, ctx) || DataMovementUnit(n, ctx) || DqQPair(n, ctx);
      }));
}

}  // namespace onnxlens::passes
