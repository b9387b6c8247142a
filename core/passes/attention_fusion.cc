// BERT self-attention -> com.microsoft Attention. Matched at the final Reshape:
//
//   q = Transpose[0,2,1,3](Reshape(Add(MatMul(x, Wq), bq), [0,0,N,h]))
//   k = Transpose[0,2,3,1](Reshape(Add(MatMul(x, Wk), bk), [0,0,N,h]))
//   v = Transpose[0,2,1,3](Reshape(Add(MatMul(x, Wv), bv), [0,0,N,h]))
//   p = Softmax(Add(Div(MatMul(q, k), c) | Mul(MatMul(q, k), c), mask)?, last axis)
//   y = Reshape(Transpose[0,2,1,3](MatMul(p, v)), [0,0,N*h])
//   mask = Mul(Sub(1, Cast<float>(Unsqueeze(Unsqueeze(m, 1), 2))), filter)   (m: 0/1, [B, S])
//
// becomes Attention(x, [Wq|Wk|Wv], [bq|bk|bv], Cast<int32>(m)) {num_heads=N, scale,
// mask_filter_value}. Like ONNX Runtime, the fused kernel treats mask value > 0 as "attend".
#include <cmath>

#include "passes/graph_util.h"
#include "passes/pass.h"

namespace onnxlens::passes {

namespace {

using ir::Node;
using ir::Value;

bool HasPerm(const Node* n, const std::vector<int64_t>& perm) {
  return IsOp(n, "Transpose") && n->GetInts("perm") == perm;
}

std::optional<std::vector<int64_t>> ConstShape(const Node* reshape) {
  if (!IsOp(reshape, "Reshape") || reshape->GetInt("allowzero", 0) != 0) return std::nullopt;
  return ConstantInts(reshape->input(1));
}

struct Projection {
  Value* x = nullptr;
  const ir::Tensor* w = nullptr;  ///< [H_in, N*h]
  const ir::Tensor* b = nullptr;  ///< [N*h]
  int64_t heads = 0, head_size = 0;
  std::vector<Node*> nodes;  ///< MatMul, Add, Reshape, Transpose
};

// Transpose(Reshape(Add(MatMul(x, W), b), [0,0,N,h])) with the given perm.
std::optional<Projection> MatchProjection(Value* v, const std::vector<int64_t>& perm) {
  Node* tr = v ? v->producer() : nullptr;
  if (!HasPerm(tr, perm)) return std::nullopt;
  Node* rs = tr->input(0)->producer();
  auto shape = ConstShape(rs);
  if (!shape || shape->size() != 4 || (*shape)[0] != 0 || (*shape)[1] != 0 || (*shape)[2] <= 0 ||
      (*shape)[3] <= 0)
    return std::nullopt;
  Node* add = rs->input(0)->producer();
  if (!IsOp(add, "Add")) return std::nullopt;
  Projection p;
  Node* mm = nullptr;
  for (int i = 0; i < 2 && !mm; ++i) {
    Node* cand = InputProducer(add, i, "MatMul");
    const ir::Tensor* b = ConstantOf(add->input(1 - i));
    if (cand && b) {
      mm = cand;
      p.b = b;
    }
  }
  if (!mm) return std::nullopt;
  p.x = mm->input(0);
  p.w = ConstantOf(mm->input(1));
  p.heads = (*shape)[2];
  p.head_size = (*shape)[3];
  const int64_t hidden = p.heads * p.head_size;
  if (!p.w || p.w->dtype() != ir::DataType::kFloat || p.w->dims().size() != 2 ||
      p.w->dims()[1] != hidden || p.b->dtype() != ir::DataType::kFloat ||
      p.b->dims() != std::vector<int64_t>{hidden})
    return std::nullopt;
  p.nodes = {mm, add, rs, tr};
  return p;
}

struct Mask {
  Value* raw = nullptr;  ///< the [B, S] 0/1 mask (graph input or any int tensor)
  float filter = -10000.f;
  std::vector<Node*> nodes;  ///< the chain, shared by every layer: removed with its last user
};

// Mul(Sub(1, Cast<float>(Unsqueeze(Unsqueeze(m, 1), 2))), filter), either operand order of Mul.
std::optional<Mask> MatchMask(Value* v) {
  Node* mul = v ? v->producer() : nullptr;
  if (!IsOp(mul, "Mul")) return std::nullopt;
  Mask m;
  Node* sub = nullptr;
  for (int i = 0; i < 2 && !sub; ++i) {
    Node* s = InputProducer(mul, i, "Sub");
    auto f = ConstantScalar(mul->input(1 - i));
    if (s && f) {
      sub = s;
      m.filter = static_cast<float>(*f);
    }
  }
  if (!sub) return std::nullopt;
  auto one = ConstantScalar(sub->input(0));
  if (!one || *one != 1.0) return std::nullopt;
  Node* cast = InputProducer(sub, 1, "Cast");
  if (!cast || cast->GetInt("to", 0) != static_cast<int64_t>(ir::DataType::kFloat))
    return std::nullopt;
  Node* u2 = InputProducer(cast, 0, "Unsqueeze");
  if (!u2) return std::nullopt;
  auto axes_of = [](const Node* u) -> std::vector<int64_t> {
    if (u->FindAttribute("axes")) return u->GetInts("axes");
    auto a = u->input(1) ? ConstantInts(u->input(1)) : std::nullopt;
    return a ? *a : std::vector<int64_t>{};
  };
  Value* raw = nullptr;
  if (axes_of(u2) == std::vector<int64_t>{1, 2}) {
    raw = u2->input(0);
    m.nodes = {mul, sub, cast, u2};
  } else if (axes_of(u2) == std::vector<int64_t>{2}) {
    Node* u1 = InputProducer(u2, 0, "Unsqueeze");
    if (!u1 || axes_of(u1) != std::vector<int64_t>{1}) return std::nullopt;
    raw = u1->input(0);
    m.nodes = {mul, sub, cast, u2, u1};
  } else {
    return std::nullopt;
  }
  auto t = KnownType(raw);
  if (!t || (*t != ir::DataType::kInt64 && *t != ir::DataType::kInt32)) return std::nullopt;
  if (auto d = KnownDims(raw); d && d->size() != 2) return std::nullopt;
  if (raw->type().shape && raw->type().shape->size() != 2) return std::nullopt;
  m.raw = raw;
  return m;
}

// Concatenates [H_in, n_i] matrices along columns, or [n_i] vectors.
ir::Tensor Pack(const std::vector<const ir::Tensor*>& parts) {
  const bool matrix = parts[0]->dims().size() == 2;
  const int64_t rows = matrix ? parts[0]->dims()[0] : 1;
  int64_t cols = 0;
  for (const auto* p : parts) cols += matrix ? p->dims()[1] : p->dims()[0];
  std::vector<float> out(static_cast<size_t>(rows * cols));
  int64_t c0 = 0;
  for (const auto* p : parts) {
    const int64_t pc = matrix ? p->dims()[1] : p->dims()[0];
    const float* src = p->data<float>();
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < pc; ++c) out[r * cols + c0 + c] = src[r * pc + c];
    }
    c0 += pc;
  }
  std::vector<int64_t> dims =
      matrix ? std::vector<int64_t>{rows, cols} : std::vector<int64_t>{cols};
  return ir::Tensor::FromVector<float>(ir::DataType::kFloat, dims, out);
}

}  // namespace

bool FuseAttention(Node& out_reshape, PassContext& ctx) {
  auto out_shape = ConstShape(&out_reshape);
  if (!out_shape || out_shape->size() != 3 || (*out_shape)[0] != 0 || (*out_shape)[1] != 0)
    return false;
  Node* tr_out = out_reshape.input(0)->producer();
  if (!HasPerm(tr_out, {0, 2, 1, 3})) return false;
  Node* pv = InputProducer(tr_out, 0, "MatMul");
  if (!pv) return false;
  Node* softmax = InputProducer(pv, 0, "Softmax");
  if (!softmax) return false;
  const int64_t axis = softmax->GetInt("axis", ctx.Opset() >= 13 ? -1 : 1);
  if (axis != -1 && axis != 3) return false;
  auto v = MatchProjection(pv->input(1), {0, 2, 1, 3});
  if (!v) return false;

  std::vector<Node*> pattern = {&out_reshape, tr_out, pv, softmax};
  Node* scores = softmax->input(0)->producer();
  std::optional<Mask> mask;
  if (IsOp(scores, "Add")) {
    for (int i = 0; i < 2 && !mask; ++i) {
      Node* s = scores->input(i)->producer();
      if ((IsOp(s, "Div") || IsOp(s, "Mul")) && (mask = MatchMask(scores->input(1 - i)))) {
        pattern.push_back(scores);
        scores = s;
      }
    }
    if (!mask) return false;
  }
  double scale = 1.0;
  Node* qk = nullptr;
  if (IsOp(scores, "Div") || IsOp(scores, "Mul")) {
    auto c = ConstantScalar(scores->input(1));
    if (!c || *c == 0) return false;
    scale = IsOp(scores, "Div") ? 1.0 / *c : *c;
    qk = InputProducer(scores, 0, "MatMul");
    pattern.push_back(scores);
  } else if (IsOp(scores, "MatMul")) {
    qk = scores;
  }
  if (!qk) return false;
  pattern.push_back(qk);
  auto q = MatchProjection(qk->input(0), {0, 2, 1, 3});
  auto k = MatchProjection(qk->input(1), {0, 2, 3, 1});
  if (!q || !k) return false;
  if (q->x != k->x || q->x != v->x || q->heads != k->heads || q->heads != v->heads ||
      q->head_size != k->head_size || q->head_size != v->head_size ||
      q->w->dims()[0] != k->w->dims()[0] || q->w->dims()[0] != v->w->dims()[0])
    return false;
  const int64_t hidden = q->heads * q->head_size;
  if ((*out_shape)[2] != hidden) return false;
  for (const auto* p : {&*q, &*k, &*v})
    pattern.insert(pattern.end(), p->nodes.begin(), p->nodes.end());
  for (Node* n : pattern) {
    if (n != &out_reshape && !UsedOnlyBy(n->output(0), pattern)) return false;
  }

  ir::Graph& g = *out_reshape.owner();
  Node* att = AddFusedNodeFor(g, "Attention", "com.microsoft", pattern);
  att->AddInput(q->x);
  att->AddInput(AddInitializer(g, att->name() + "_qkv_weight", Pack({q->w, k->w, v->w})));
  att->AddInput(AddInitializer(g, att->name() + "_qkv_bias", Pack({q->b, k->b, v->b})));
  if (mask) att->AddInput(Int32View(g, mask->raw));
  att->SetAttribute(ir::Attribute::Int("num_heads", q->heads));
  if (std::fabs(scale * std::sqrt(static_cast<double>(q->head_size)) - 1.0) > 1e-6)
    att->SetAttribute(ir::Attribute::Float("scale", static_cast<float>(scale)));
  if (mask && mask->filter != -10000.f)
    att->SetAttribute(ir::Attribute::Float("mask_filter_value", mask->filter));
  ReplacePattern(&out_reshape, att, pattern);
  if (mask) RemoveIfUnused(g, mask->nodes);
  if (ctx.Opset("com.microsoft") < 1) ctx.model->SetOpsetVersion("com.microsoft", 1);
  return true;
}

}  // namespace onnxlens::passes
