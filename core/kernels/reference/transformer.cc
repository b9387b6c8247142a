// Reference kernels of ONNX Runtime's transformer contrib ops (com.microsoft): Attention and
// BiasGelu, computed in double precision with plain loops: the oracles of the CPU kernels.
#include <cmath>

#include "kernels/attention_util.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

Status Attention(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(AttentionShape s, CheckAttention(ctx));
  const auto X = ToDoubles(*ctx.tensor(0)), W = ToDoubles(*ctx.tensor(1)),
             B = ToDoubles(*ctx.tensor(2));
  const int64_t H3 = 3 * s.hidden, rows = s.batch * s.seq;
  std::vector<double> qkv(static_cast<size_t>(rows * H3));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < H3; ++c) {
      double acc = B[c];
      for (int64_t k = 0; k < s.input_hidden; ++k) acc += X[r * s.input_hidden + k] * W[k * H3 + c];
      qkv[r * H3 + c] = acc;
    }
  }
  std::vector<double> Y(static_cast<size_t>(rows * s.hidden));
  std::vector<float> mask(static_cast<size_t>(s.seq));
  std::vector<double> p(static_cast<size_t>(s.seq));
  for (int64_t b = 0; b < s.batch; ++b) {
    for (int64_t h = 0; h < s.heads; ++h) {
      const int64_t q0 = h * s.head_size, k0 = s.hidden + q0, v0 = 2 * s.hidden + q0;
      for (int64_t i = 0; i < s.seq; ++i) {
        AttentionMaskRow(s, b, i, mask.data());
        double mx = -INFINITY;
        for (int64_t j = 0; j < s.seq; ++j) {
          double dot = 0;
          for (int64_t d = 0; d < s.head_size; ++d)
            dot += qkv[(b * s.seq + i) * H3 + q0 + d] * qkv[(b * s.seq + j) * H3 + k0 + d];
          p[j] = dot * s.scale + mask[j];
          mx = std::max(mx, p[j]);
        }
        double sum = 0;
        for (int64_t j = 0; j < s.seq; ++j) sum += (p[j] = std::exp(p[j] - mx));
        for (int64_t d = 0; d < s.head_size; ++d) {
          double acc = 0;
          for (int64_t j = 0; j < s.seq; ++j)
            acc += p[j] / sum * qkv[(b * s.seq + j) * H3 + v0 + d];
          Y[(b * s.seq + i) * s.hidden + q0 + d] = acc;
        }
      }
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y,
                      FromDoubles(ctx, Y, {s.batch, s.seq, s.hidden}, ir::DataType::kFloat));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Gelu(x + bias), bias 1-D over the last axis.
Status BiasGelu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* bias, ctx.RequireTensor(1));
  if (x->dims().empty() || bias->dims().size() != 1 || bias->dims()[0] != x->dims().back())
    return ctx.Error("bias must be 1-D with the input's last dimension");
  const auto X = ToDoubles(*x), Bv = ToDoubles(*bias);
  std::vector<double> Y(X.size());
  const size_t n = Bv.size();
  for (size_t i = 0; i < X.size(); ++i) {
    const double v = X[i] + Bv[i % n];
    Y[i] = 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) of x (+ bias over the last axis).
Status FastGelu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const Tensor* bias = ctx.tensor(1);
  if (bias &&
      (x->dims().empty() || bias->dims().size() != 1 || bias->dims()[0] != x->dims().back()))
    return ctx.Error("bias must be 1-D with the input's last dimension");
  const auto X = ToDoubles(*x);
  std::vector<double> Bv;
  if (bias) Bv = ToDoubles(*bias);
  std::vector<double> Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) {
    const double v = X[i] + (Bv.empty() ? 0.0 : Bv[i % Bv.size()]);
    Y[i] = 0.5 * v * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (v + 0.044715 * v * v * v)));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// LayerNorm(input + skip (+ bias)) over the last axis; output 3 is the sum itself.
Status SkipLayerNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* skip, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* gamma, ctx.RequireTensor(2));
  const Tensor* beta = ctx.tensor(3);
  const Tensor* bias = ctx.tensor(4);
  if (ctx.output_wanted(1) || ctx.output_wanted(2))
    return ctx.Error("the mean and inverse std outputs are not supported");
  if (x->dims().empty() || skip->dims() != x->dims())
    return ctx.Error("skip must have the input's shape " + ShapeString(x->dims()) + ", got " +
                     ShapeString(skip->dims()));
  const int64_t H = x->dims().back();
  for (const Tensor* t : {gamma, beta, bias}) {
    if (t && t->dims() != std::vector<int64_t>{H})
      return ctx.Error("gamma, beta and bias must be [" + std::to_string(H) + "]");
  }
  const double eps = ctx.node().GetFloat("epsilon", 1e-12f);
  const auto X = ToDoubles(*x), S = ToDoubles(*skip), G = ToDoubles(*gamma);
  std::vector<double> Bt, Bi;
  if (beta) Bt = ToDoubles(*beta);
  if (bias) Bi = ToDoubles(*bias);
  std::vector<double> sum(X.size()), Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) sum[i] = X[i] + S[i] + (Bi.empty() ? 0 : Bi[i % H]);
  for (size_t o = 0; o < X.size(); o += static_cast<size_t>(H)) {
    double mean = 0, var = 0;
    for (int64_t i = 0; i < H; ++i) mean += sum[o + i];
    mean /= H;
    for (int64_t i = 0; i < H; ++i) var += (sum[o + i] - mean) * (sum[o + i] - mean);
    const double inv = 1.0 / std::sqrt(var / H + eps);
    for (int64_t i = 0; i < H; ++i)
      Y[o + i] = (sum[o + i] - mean) * inv * G[i] + (Bt.empty() ? 0 : Bt[i]);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  if (ctx.output_wanted(3)) {
    OL_ASSIGN_OR_RETURN(Tensor s3, FromDoubles(ctx, sum, x->dims(), x->dtype()));
    ctx.SetOutput(3, std::move(s3));
  }
  return Status::Ok();
}

int64_t IdAt(const Tensor& t, int64_t i) {
  return t.dtype() == ir::DataType::kInt64 ? t.data<int64_t>()[i] : t.data<int32_t>()[i];
}

// LayerNorm(word[ids] + position[arange(S) or position_ids] + segment[segment_ids]); outputs the
// mask index (ones per batch row of the mask) and the sum before normalization when asked.
Status EmbedLayerNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ids, ctx.RequireTensor(0));
  const Tensor* seg_ids = ctx.tensor(1);
  OL_ASSIGN_OR_RETURN(const Tensor* word, ctx.RequireTensor(2));
  OL_ASSIGN_OR_RETURN(const Tensor* pos, ctx.RequireTensor(3));
  const Tensor* seg = ctx.tensor(4);
  OL_ASSIGN_OR_RETURN(const Tensor* gamma, ctx.RequireTensor(5));
  const Tensor* beta = ctx.tensor(6);
  const Tensor* mask = ctx.tensor(7);
  const Tensor* pos_ids = ctx.tensor(8);
  auto is_int = [](const Tensor* t) {
    return t->dtype() == ir::DataType::kInt32 || t->dtype() == ir::DataType::kInt64;
  };
  if (!is_int(ids) || ids->dims().size() != 2)
    return ctx.Error("input_ids must be int32 [batch, sequence], got " + ShapeString(ids->dims()));
  const int64_t B = ids->dims()[0], S = ids->dims()[1];
  if (word->dims().size() != 2 || pos->dims().size() != 2 || pos->dims()[1] != word->dims()[1])
    return ctx.Error("word and position embeddings must be [*, hidden] with one hidden size");
  const int64_t H = word->dims()[1];
  if ((seg_ids == nullptr) != (seg == nullptr))
    return ctx.Error("segment_ids and segment_embedding come together");
  if (seg && (!is_int(seg_ids) || seg_ids->dims() != ids->dims() || seg->dims().size() != 2 ||
              seg->dims()[1] != H))
    return ctx.Error("segment_ids must match input_ids and segment_embedding be [*, hidden]");
  if (gamma->dims() != std::vector<int64_t>{H} || (beta && beta->dims() != gamma->dims()))
    return ctx.Error("gamma and beta must be [" + std::to_string(H) + "]");
  if (pos_ids && (!is_int(pos_ids) || pos_ids->dims().size() != 2 ||
                  pos_ids->numel() != S * (pos_ids->dims()[0] == 1 ? 1 : B)))
    return ctx.Error("position_ids must be [1, sequence] or [batch, sequence]");
  const double eps = ctx.node().GetFloat("epsilon", 1e-12f);
  // Rows are read where they are (a vocabulary table can be tens of MB: never converted whole).
  for (const Tensor* t : {word, pos, seg, gamma, beta}) {
    if (t && t->dtype() != ir::DataType::kFloat)
      return ctx.Error("embeddings, gamma and beta must be float32");
  }
  const float* W = word->data<float>();
  const float* P = pos->data<float>();
  const float* Sg = seg ? seg->data<float>() : nullptr;
  const float* G = gamma->data<float>();
  const float* Bt = beta ? beta->data<float>() : nullptr;
  std::vector<double> sum(static_cast<size_t>(B * S * H)), Y(sum.size());
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t s = 0; s < S; ++s) {
      const int64_t i = b * S + s;
      const int64_t w = IdAt(*ids, i);
      const int64_t p = pos_ids ? IdAt(*pos_ids, pos_ids->dims()[0] == 1 ? s : i) : s;
      const int64_t g = seg ? IdAt(*seg_ids, i) : 0;
      if (w < 0 || w >= word->dims()[0] || p < 0 || p >= pos->dims()[0] ||
          (seg && (g < 0 || g >= seg->dims()[0])))
        return ctx.Error("an id at [" + std::to_string(b) + ", " + std::to_string(s) +
                         "] is outside its embedding table");
      double* row = sum.data() + i * H;
      double mean = 0, var = 0;
      for (int64_t h = 0; h < H; ++h) {
        row[h] = double(W[w * H + h]) + P[p * H + h] + (Sg ? Sg[g * H + h] : 0.f);
        mean += row[h];
      }
      mean /= H;
      for (int64_t h = 0; h < H; ++h) var += (row[h] - mean) * (row[h] - mean);
      const double inv = 1.0 / std::sqrt(var / H + eps);
      for (int64_t h = 0; h < H; ++h)
        Y[i * H + h] = (row[h] - mean) * inv * G[h] + (Bt ? Bt[h] : 0.f);
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, {B, S, H}, word->dtype()));
  ctx.SetOutput(0, std::move(y));
  if (ctx.output_wanted(1)) {
    // Without a mask the index is all zeros, as ONNX Runtime writes it.
    std::vector<int32_t> idx(static_cast<size_t>(B), 0);
    if (mask) {
      if (!is_int(mask) || mask->dims() != ids->dims())
        return ctx.Error("mask must match input_ids");
      for (int64_t i = 0; i < B * S; ++i) idx[i / S] += IdAt(*mask, i) != 0;
    }
    ctx.SetOutput(1, Tensor::FromVector<int32_t>(ir::DataType::kInt32, {B}, idx));
  }
  if (ctx.output_wanted(2)) {
    OL_ASSIGN_OR_RETURN(Tensor e, FromDoubles(ctx, sum, {B, S, H}, word->dtype()));
    ctx.SetOutput(2, std::move(e));
  }
  return Status::Ok();
}

}  // namespace

void RegisterTransformerKernels(KernelRegistry& r) {
  AddKernel(r, "com.microsoft", "EmbedLayerNormalization", 1, EmbedLayerNorm);
  AddKernel(r, "com.microsoft", "FastGelu", 1, FastGelu);
  AddKernel(r, "com.microsoft", "SkipLayerNormalization", 1, SkipLayerNorm);
  AddKernel(r, "com.microsoft", "Attention", 1, Attention);
  AddKernel(r, "com.microsoft", "BiasGelu", 1, BiasGelu);
}

}  // namespace onnxlens::kernels
