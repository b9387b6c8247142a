// relu-clip-quant-fusion: Relu / Clip before a QuantizeLinear that saturates as much removed.
#include "passes/relu_clip_quant_fusion.h"

#include <cmath>
#include <limits>
#include <optional>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::DataType;
using ir::Node;
using ir::Tensor;

// A per-tensor QuantizeLinear's float32 scale (positive, finite) and zero point, and its type's
// integer range.
struct QRange {
  float scale = 1, zero_point = 0, qmin = 0, qmax = 255;
};

std::optional<QRange> PerTensorQ(const Node* q) {
  if (!IsOp(q, "QuantizeLinear") || q->inputs().size() < 2) return std::nullopt;
  const Tensor* s = ConstantOf(q->input(1));
  if (!s || s->dtype() != DataType::kFloat || s->numel() != 1) return std::nullopt;
  QRange r;
  r.scale = s->data<float>()[0];
  if (!(r.scale > 0.f) || !std::isfinite(r.scale)) return std::nullopt;
  const ir::Value* zv = q->inputs().size() > 2 ? q->input(2) : nullptr;
  if (zv) {
    const Tensor* z = ConstantOf(zv);
    if (!z || z->numel() != 1) return std::nullopt;
    if (z->dtype() == DataType::kUint8) {
      r.zero_point = z->data<uint8_t>()[0];
    } else if (z->dtype() == DataType::kInt8) {
      r.zero_point = z->data<int8_t>()[0];
      r.qmin = -128;
      r.qmax = 127;
    } else {
      return std::nullopt;
    }
  }
  return r;
}

// QuantizeLinear's arithmetic on one float (kernels/reference/quant.cc), before saturation.
float QuantizedValue(float x, const QRange& r) {
  return std::nearbyint(x / r.scale) + r.zero_point;
}

// Clip's bound `i` (1 min, 2 max) from its inputs (opset 11+) or attributes (opset 6); +-inf
// when absent; nullopt when computed or not one float32.
std::optional<float> ClipBound(const Node& clip, size_t i, int64_t opset) {
  const float none =
      i == 1 ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  if (opset < 11) return clip.GetFloat(i == 1 ? "min" : "max", none);
  if (clip.inputs().size() <= i || !clip.input(i)) return none;
  const Tensor* t = ConstantOf(clip.input(i));
  if (!t || t->dtype() != DataType::kFloat || t->numel() != 1) return std::nullopt;
  return t->data<float>()[0];
}

bool FuseReluClip(Node& n, PassContext& ctx) {
  const bool relu = IsOp(&n, "Relu");
  if ((!relu && !IsOp(&n, "Clip")) || n.inputs().empty() || !n.input(0) || n.outputs().size() != 1)
    return false;
  Node* q = SoleConsumer(n.output(0));
  if (!q || q->input(0) != n.output(0)) return false;
  const auto r = PerTensorQ(q);
  if (!r) return false;
  if (n.input(0)->type().elem_type != DataType::kFloat) return false;
  float lo = 0.f, hi = std::numeric_limits<float>::infinity();
  if (!relu) {
    const auto mn = ClipBound(n, 1, ctx.Opset("")), mx = ClipBound(n, 2, ctx.Opset(""));
    if (!mn || !mx) return false;
    lo = *mn;
    hi = *mx;
  }
  // Both bounds must saturate: every value Relu / Clip moves then quantizes alike.
  const bool lo_saturates = std::isinf(lo) ? lo < 0 : QuantizedValue(lo, *r) <= r->qmin;
  const bool hi_saturates = std::isinf(hi) ? hi > 0 : QuantizedValue(hi, *r) >= r->qmax;
  if (!lo_saturates || !hi_saturates) return false;
  MergeOrigins(q, &n);
  return BypassNode(&n);
}

}  // namespace

std::unique_ptr<Pass> CreateReluClipQuantFusion() {
  return std::make_unique<RulePass>(
      "relu-clip-quant-fusion",
      "Relu / Clip read only by a per-tensor QuantizeLinear that saturates at least as much is "
      "removed (exact), so that DQ -> Conv -> Relu -> Q becomes an int8 Conv unit",
      Level::kExtended, FuseReluClip);
}

}  // namespace onnxlens::passes
