// Pad into pooling, Einsum as MatMul, Slice of Shape (see op_rewrites.h).
#include "passes/op_rewrites.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>

#include "passes/graph_util.h"
#include "passes/rule_pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

// The pads and the fill value of a constant-mode Pad, when known.
struct PadSpec {
  std::vector<int64_t> pads;  // [d0_begin, d1_begin, ..., d0_end, ...] over every dim
  double value = 0;
};

std::optional<PadSpec> ConstantPad(const Node& pad, int64_t opset) {
  if (pad.GetString("mode", "constant") != "constant") return std::nullopt;
  PadSpec s;
  if (opset < 11) {
    s.pads = pad.GetInts("pads");
    s.value = pad.GetFloat("value", 0.f);
    return s;
  }
  if (pad.input(3)) return std::nullopt;  // axes (opset 18)
  auto p = ConstantInts(pad.input(1));
  if (!p) return std::nullopt;
  s.pads = *p;
  if (pad.input(2)) {
    auto v = ConstantScalar(pad.input(2));
    if (!v) return std::nullopt;
    s.value = *v;
  }
  return s;
}

// Pad(x) -> MaxPool / AveragePool: the Pad's spatial pads join the pool's. Exact only when the
// pool treats its implicit pads as the Pad's values: MaxPool ignores implicit pads, so the fill
// must be -inf (or 0 in front of a Relu output, which is never below 0, and each pad smaller than
// the kernel so no window is pads alone); AveragePool counts them as zeros with
// count_include_pad = 1, so the fill must be 0 and the pool's own pads (if any) already counted.
// ceil_mode 0 only (with ceil_mode a last window may start in the pads, which implicit pads
// forbid), auto_pad NOTSET, no MaxPool Indices, no pads on the batch and channel dims.
bool FusePadIntoPool(Node& pool, PassContext& ctx) {
  const bool max = IsOp(&pool, "MaxPool"), avg = IsOp(&pool, "AveragePool");
  if (!(max || avg) || pool.outputs().size() > 1 || !pool.output(0)) return false;
  if (pool.GetString("auto_pad", "NOTSET") != "NOTSET" || pool.GetInt("ceil_mode", 0) != 0)
    return false;
  Node* pad = InputProducer(&pool, 0, "Pad");
  if (!pad || pad->owner() != pool.owner() || !UsedOnlyBy(pad->output(0), {&pool})) return false;
  const auto spec = ConstantPad(*pad, ctx.Opset());
  const std::vector<int64_t> kernel = pool.GetInts("kernel_shape");
  const size_t sp = kernel.size();
  if (!spec || sp == 0 || spec->pads.size() != 2 * (sp + 2)) return false;
  const size_t rank = sp + 2;
  for (int64_t p : spec->pads) {
    if (p < 0) return false;
  }
  if (spec->pads[0] || spec->pads[1] || spec->pads[rank] || spec->pads[rank + 1]) return false;
  std::vector<int64_t> pads = pool.GetInts("pads", std::vector<int64_t>(2 * sp, 0));
  if (pads.size() != 2 * sp) return false;
  const bool own_pads = std::any_of(pads.begin(), pads.end(), [](int64_t p) { return p != 0; });
  for (size_t i = 0; i < sp; ++i) {
    pads[i] += spec->pads[2 + i];
    pads[sp + i] += spec->pads[rank + 2 + i];
  }
  if (max) {
    const bool neg_inf = std::isinf(spec->value) && spec->value < 0;
    const bool relu_zero = spec->value == 0 && IsOp(pad->input(0)->producer(), "Relu");
    if (!neg_inf && !relu_zero) return false;
    for (size_t i = 0; i < sp; ++i) {
      if (pads[i] >= kernel[i] || pads[sp + i] >= kernel[i]) return false;
    }
  } else {
    if (spec->value != 0) return false;
    if (own_pads && pool.GetInt("count_include_pad", 0) == 0) return false;
    pool.SetAttribute(ir::Attribute::Int("count_include_pad", 1));
  }
  pool.SetAttribute(ir::Attribute::Ints("pads", pads));
  pool.SetInput(0, pad->input(0));
  MergeOrigins(&pool, pad);
  RemoveIfUnused(*pool.owner(), {pad});
  return true;
}

std::string Strip(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != ' ') out += c;
  }
  return out;
}

// "<b>ij,<b>jk-><b>ik" with the same batch subscripts <b> (letters or "...") in the same order:
// MatMul's broadcast batched product.
bool IsMatMulEquation(const std::string& eq) {
  const size_t arrow = eq.find("->"), comma = eq.find(',');
  if (arrow == std::string::npos || comma == std::string::npos || comma > arrow) return false;
  const std::string a = eq.substr(0, comma), b = eq.substr(comma + 1, arrow - comma - 1),
                    y = eq.substr(arrow + 2);
  if (b.find(',') != std::string::npos || a.size() < 2 || b.size() < 2 || y.size() < 2)
    return false;
  const std::string batch = a.substr(0, a.size() - 2);
  if (b.substr(0, b.size() - 2) != batch || y.substr(0, y.size() - 2) != batch) return false;
  const char i = a[a.size() - 2], j = a.back(), k = b.back();
  if (b[b.size() - 2] != j || y[y.size() - 2] != i || y.back() != k) return false;
  if (i == j || j == k || i == k) return false;
  std::string letters = batch;
  if (letters.rfind("...", 0) == 0) letters = letters.substr(3);
  letters += std::string{i, j, k};
  for (char c : letters) {
    if (!std::isalpha(static_cast<unsigned char>(c))) return false;
  }
  std::string sorted = letters;
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
}

bool EinsumToMatMul(Node& n, PassContext&) {
  if (!IsOp(&n, "Einsum") || n.inputs().size() != 2 || !n.input(0) || !n.input(1)) return false;
  const auto t = KnownType(n.input(0));
  const auto t1 = KnownType(n.input(1));
  using D = ir::DataType;
  if (!t || t != t1 ||
      !(*t == D::kFloat || *t == D::kDouble || *t == D::kFloat16 || *t == D::kInt32 ||
        *t == D::kInt64))
    return false;
  const std::string eq = Strip(n.GetString("equation", ""));
  if (!IsMatMulEquation(eq)) return false;
  // Explicit subscripts name every dim: the ranks must match them (MatMul would broadcast).
  if (eq.find("...") == std::string::npos) {
    const size_t letters = eq.find(',');
    for (size_t i = 0; i < 2; ++i) {
      const auto& shape = n.input(i)->type().shape;
      if (!shape || shape->size() != letters) return false;
    }
  }
  Node* mm = AddFusedNodeFor(*n.owner(), "MatMul", "", {&n}, n.name());
  mm->AddInput(n.input(0));
  mm->AddInput(n.input(1));
  ReplacePattern(&n, mm, {&n});
  return true;
}

// Slice(Shape(x), starts, ends[, axes, steps]) with every selected dim of x known.
bool FoldShapeSlice(Node& n, PassContext&) {
  if (!IsOp(&n, "Slice") || n.inputs().size() < 3 || !n.output(0)) return false;
  const Node* shape = n.input(0) ? n.input(0)->producer() : nullptr;
  if (!IsOp(shape, "Shape") || !shape->input(0)->type().shape) return false;
  const auto starts = ConstantInts(n.input(1)), ends = ConstantInts(n.input(2));
  if (!starts || !ends || starts->size() != 1 || ends->size() != 1) return false;
  if (n.input(3)) {
    const auto axes = ConstantInts(n.input(3));
    if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1)) return false;
  }
  int64_t step = 1;
  if (n.input(4)) {
    const auto steps = ConstantInts(n.input(4));
    if (!steps || steps->size() != 1 || (*steps)[0] == 0) return false;
    step = (*steps)[0];
  }
  const auto& dims = *shape->input(0)->type().shape;
  const int64_t rank = static_cast<int64_t>(dims.size());
  int64_t s0 = shape->GetInt("start", 0), e0 = shape->GetInt("end", rank);
  if (s0 < 0) s0 += rank;
  if (e0 < 0) e0 += rank;
  s0 = std::clamp<int64_t>(s0, 0, rank);
  e0 = std::clamp<int64_t>(e0, s0, rank);
  const int64_t len = e0 - s0;
  // ONNX Slice on one axis of length len.
  int64_t start = (*starts)[0], end = (*ends)[0];
  if (start < 0) start += len;
  if (end < 0 && end > std::numeric_limits<int64_t>::min() / 2) end += len;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, len);
    end = std::clamp<int64_t>(end, 0, len);
  } else {
    start = std::clamp<int64_t>(start, 0, len - 1);
    end = std::clamp<int64_t>(end, -1, len - 1);
  }
  std::vector<int64_t> out;
  for (int64_t i = start; step > 0 ? i < end : i > end; i += step) {
    const auto& d = dims[static_cast<size_t>(s0 + i)];
    if (!d.known()) return false;
    out.push_back(d.value);
  }
  Value* y = n.output(0);
  ir::Graph& g = *n.owner();
  g.RemoveNode(&n);
  g.SetInitializer(y, ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64,
                                                      {static_cast<int64_t>(out.size())}, out));
  return true;
}

}  // namespace

void AddOpRewritePasses(std::vector<std::unique_ptr<Pass>>& out) {
  const Level b = Level::kBasic;
  out.push_back(std::make_unique<RulePass>(
      "pad-into-pool-fusion",
      "constant Pad -> the pads of the MaxPool (-inf fill) / AveragePool (0, counted) reading it",
      b, FusePadIntoPool));
  out.push_back(std::make_unique<RulePass>(
      "einsum-matmul-rewrite", "Einsum \"bij,bjk->bik\" (batched matrix product) -> MatMul", b,
      EinsumToMatMul));
  out.push_back(std::make_unique<RulePass>(
      "shape-slice-folding", "Slice(Shape(x)) -> constant when the sliced dims of x are known", b,
      FoldShapeSlice));
}

}  // namespace onnxlens::passes
