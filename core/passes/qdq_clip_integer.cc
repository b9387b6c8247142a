// qdq-clip-integer: DQ -> Clip -> Q with equal per-tensor parameters as an integer Clip.
#include "passes/qdq_clip_integer.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::DataType;
using ir::Node;
using ir::Tensor;

// A DequantizeLinear's / QuantizeLinear's per-tensor float32 scale and uint8 / int8 zero point.
struct PerTensor {
  float scale = 0;
  int zero_point = 0;
  DataType type = DataType::kUint8;
};

std::optional<PerTensor> ParamsOf(const Node* n) {
  if (!n || n->inputs().size() < 3 || !n->input(2)) return std::nullopt;
  const Tensor* s = ConstantOf(n->input(1));
  const Tensor* z = ConstantOf(n->input(2));
  if (!s || !z || s->dtype() != DataType::kFloat || s->numel() != 1 || z->numel() != 1)
    return std::nullopt;
  PerTensor p;
  p.scale = s->data<float>()[0];
  p.type = z->dtype();
  if (p.type == DataType::kUint8)
    p.zero_point = z->data<uint8_t>()[0];
  else if (p.type == DataType::kInt8)
    p.zero_point = z->data<int8_t>()[0];
  else
    return std::nullopt;
  if (!(p.scale > 0.f) || !std::isfinite(p.scale)) return std::nullopt;
  return p;
}

// The kernels' arithmetic (kernels/reference/quant.cc): DQ one float product, Q a float
// division rounded half to even plus the zero point, saturated (NaN -> the minimum).
float Dequantized(int q, const PerTensor& p) {
  return static_cast<float>(q - p.zero_point) * p.scale;
}
int Quantized(float v, const PerTensor& p, int lo, int hi) {
  const float q = std::nearbyint(v / p.scale) + static_cast<float>(p.zero_point);
  return q >= lo ? (q <= hi ? static_cast<int>(q) : hi) : lo;
}

// Clip's bound `i` (1 min, 2 max): a constant float32 scalar or absent (+-inf).
std::optional<float> Bound(const Node& clip, size_t i) {
  const float none =
      i == 1 ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  if (clip.inputs().size() <= i || !clip.input(i)) return none;
  const Tensor* t = ConstantOf(clip.input(i));
  if (!t || t->dtype() != DataType::kFloat || t->numel() != 1) return std::nullopt;
  return t->data<float>()[0];
}

bool Rewrite(Node& clip, PassContext& ctx) {
  if (!IsOp(&clip, "Clip") || ctx.Opset("") < 12 || clip.outputs().size() != 1) return false;
  Node* dq = InputProducer(&clip, 0, "DequantizeLinear");
  Node* q = SoleConsumer(clip.output(0));
  if (!dq || !IsOp(q, "QuantizeLinear") || q->input(0) != clip.output(0)) return false;
  const auto in = ParamsOf(dq), out = ParamsOf(q);
  if (!in || !out || in->scale != out->scale || in->zero_point != out->zero_point ||
      in->type != out->type || dq->input(0)->type().elem_type != in->type)
    return false;
  const auto mn = Bound(clip, 1), mx = Bound(clip, 2);
  if (!mn || !mx) return false;
  const int tmin = in->type == DataType::kUint8 ? 0 : -128;
  const int tmax = in->type == DataType::kUint8 ? 255 : 127;
  const int qlo = std::isinf(*mn) && *mn < 0 ? tmin : Quantized(*mn, *out, tmin, tmax);
  const int qhi = std::isinf(*mx) && *mx > 0 ? tmax : Quantized(*mx, *out, tmin, tmax);
  for (int v = tmin; v <= tmax; ++v) {
    float f = Dequantized(v, *in);
    f = f < *mn ? *mn : f;  // the cpu / reference Clip's order: max first, then min
    f = f > *mx ? *mx : f;
    const int want = Quantized(f, *out, tmin, tmax);
    const int got = v < qlo ? qlo : (v > qhi ? qhi : v);
    if (want != got) return false;
  }
  ir::Graph& g = *clip.owner();
  const std::string base = clip.name().empty() ? q->output(0)->name() : clip.name();
  auto bound = [&](int v, const char* what) {
    Tensor t = in->type == DataType::kUint8
                   ? Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {static_cast<uint8_t>(v)})
                   : Tensor::FromVector<int8_t>(DataType::kInt8, {}, {static_cast<int8_t>(v)});
    return AddInitializer(g, base + what, std::move(t));
  };
  std::vector<Node*> pattern = {dq, &clip, q};
  Node* fused = AddFusedNodeFor(g, "Clip", "", pattern, base + "_integer");
  fused->AddInput(dq->input(0));
  fused->AddInput(bound(qlo, "_min_q"));
  fused->AddInput(bound(qhi, "_max_q"));
  ReplacePattern(q, fused, pattern);
  return true;
}

}  // namespace

std::unique_ptr<Pass> CreateQdqClipInteger() {
  return std::make_unique<RulePass>(
      "qdq-clip-integer",
      "DequantizeLinear -> Clip -> QuantizeLinear with the same per-tensor parameters becomes a "
      "uint8 / int8 Clip of the quantized tensor (opset 12+; exact, checked on every value)",
      Level::kExtended, Rewrite);
}

}  // namespace onnxlens::passes
