// Fast float32 CPU kernels for the transformer ops the extended-level fusions emit:
// LayerNormalization (ai.onnx at any opset, as ONNX Runtime accepts it, and com.microsoft), and
// com.microsoft Gelu, BiasGelu and Attention (packed QKV GEMM, then per batch x head a scaled
// QK^T GEMM, masked softmax and a GEMM with V, heads spread over the intra-op pool).
// Tested against the reference kernels in tests/kernels/cpu/.
#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/attention_util.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/sgemm.h"
#include "kernels/cpu/vec_math.h"
#include "kernels/parallel.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

template <typename Fn>
void AddCpuIn(KernelRegistry& r, const char* domain, const char* op, int since, Fn fn) {
  r.Register({domain, op, since, 1000, kCpuProvider, {DataType::kFloat}, [fn](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [fn](OpKernelContext& ctx) { return fn(ctx); }));
              }});
}

// fn(begin, end) over [0, n) in about `tasks` pieces on the pool (inline on one thread).
template <typename Fn>
void ForRange(OpKernelContext& ctx, int64_t n, int64_t cost_per_item, Fn&& fn) {
  ParallelRunner* pool = ctx.pool();
  if (!pool || pool->threads() == 1 || n < 2 || n * cost_per_item < (1 << 15)) {
    fn(int64_t{0}, n);
    return;
  }
  pool->ParallelFor(n, [&](int64_t b, int64_t e) { fn(b, e); });
}

Status LayerNorm(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* scale, ctx.RequireTensor(1));
  const Tensor* bias = ctx.tensor(2);
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  if (ctx.output_wanted(1) || ctx.output_wanted(2))
    return ctx.Decline("mean / inverse std outputs are left to the reference kernel");
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x->dims()[d];
  for (int64_t d = axis; d < rank; ++d) inner *= x->dims()[d];
  if (scale->dtype() != DataType::kFloat || scale->numel() != inner ||
      (bias && (bias->dtype() != DataType::kFloat || bias->numel() != inner)))
    return ctx.Decline("scale / bias broadcast over the normalized shape");
  const float eps = ctx.node().GetFloat("epsilon", 1e-5f);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* X = x->data<float>();
  const float* S = scale->data<float>();
  const float* B = bias ? bias->data<float>() : nullptr;
  float* Y = y.mutable_data<float>();
  ForRange(ctx, outer, inner * 4, [&](int64_t b, int64_t e) {
    for (int64_t o = b; o < e; ++o) {
      const float* p = X + o * inner;
      float* q = Y + o * inner;
      double sum = 0;
      for (int64_t i = 0; i < inner; ++i) sum += p[i];
      const float mean = static_cast<float>(sum / inner);
      double sq = 0;
      for (int64_t i = 0; i < inner; ++i) sq += double(p[i] - mean) * (p[i] - mean);
      const float inv = 1.f / std::sqrt(static_cast<float>(sq / inner) + eps);
      if (B) {
        for (int64_t i = 0; i < inner; ++i) q[i] = (p[i] - mean) * inv * S[i] + B[i];
      } else {
        for (int64_t i = 0; i < inner; ++i) q[i] = (p[i] - mean) * inv * S[i];
      }
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// y = gelu(x + bias[i % n]) with the exact (erf) GELU; bias may be null.
void GeluRange(const float* x, const float* bias, int64_t n_bias, float* y, int64_t begin,
               int64_t end) {
  int64_t i = begin;
#if defined(__SSE2__)
  if (!bias) {
    const __m128 half = _mm_set1_ps(0.5f), one = _mm_set1_ps(1.f),
                 inv_sqrt2 = _mm_set1_ps(0.70710678118654752f);
    for (; i + 4 <= end; i += 4) {
      const __m128 v = _mm_loadu_ps(x + i);
      const __m128 e = vec::Erf4(_mm_mul_ps(v, inv_sqrt2));
      _mm_storeu_ps(y + i, _mm_mul_ps(_mm_mul_ps(half, v), _mm_add_ps(one, e)));
    }
  }
#endif
  for (; i < end; ++i) {
    const float v = bias ? x[i] + bias[i % n_bias] : x[i];
    y[i] = 0.5f * v * (1.f + vec::Erf(v * 0.70710678118654752f));
  }
}

Status Gelu(OpKernelContext& ctx, bool with_bias) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const Tensor* bias = nullptr;
  if (with_bias) {
    OL_ASSIGN_OR_RETURN(bias, ctx.RequireTensor(1));
    if (x->dims().empty() || bias->dtype() != DataType::kFloat || bias->dims().size() != 1 ||
        bias->dims()[0] != x->dims().back())
      return ctx.Error("bias must be float32 1-D with the input's last dimension");
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
  const int64_t n = x->numel();
  if (!bias) {
    const int64_t chunk = 1 << 14, pieces = (n + chunk - 1) / chunk;
    ForRange(ctx, pieces, chunk, [&](int64_t b, int64_t e) {
      GeluRange(X, nullptr, 1, Y, b * chunk, std::min(n, e * chunk));
    });
  } else {
    // Whole rows per task, so that each row adds the bias then runs the vector GELU in place.
    const int64_t cols = bias->dims()[0], rows = cols ? n / cols : 0;
    const float* Bv = bias->data<float>();
    ForRange(ctx, rows, cols, [&](int64_t b, int64_t e) {
      for (int64_t r = b; r < e; ++r) {
        float* row = Y + r * cols;
        const float* in = X + r * cols;
        for (int64_t c = 0; c < cols; ++c) row[c] = in[c] + Bv[c];
        GeluRange(row, nullptr, 1, row, 0, cols);
      }
    });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status FastGelu(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const Tensor* bias = ctx.tensor(1);
  if (bias && (x->dims().empty() || bias->dtype() != DataType::kFloat || bias->dims().size() != 1 ||
               bias->dims()[0] != x->dims().back()))
    return ctx.Error("bias must be float32 1-D with the input's last dimension");
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* X = x->data<float>();
  const float* Bv = bias ? bias->data<float>() : nullptr;
  const int64_t nb = bias ? bias->dims()[0] : 1;
  float* Y = y.mutable_data<float>();
  const int64_t n = x->numel(), chunk = 1 << 14, pieces = (n + chunk - 1) / chunk;
  ForRange(ctx, pieces, chunk, [&](int64_t b, int64_t e) {
    for (int64_t i = b * chunk; i < std::min(n, e * chunk); ++i) {
      const float v = Bv ? X[i] + Bv[i % nb] : X[i];
      Y[i] = 0.5f * v * (1.f + vec::Tanh(0.7978845608028654f * (v + 0.044715f * v * v * v)));
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status SkipLayerNorm(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* skip, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* gamma, ctx.RequireTensor(2));
  const Tensor* beta = ctx.tensor(3);
  const Tensor* bias = ctx.tensor(4);
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  if (ctx.output_wanted(1) || ctx.output_wanted(2) || x->dims().empty() ||
      skip->dims() != x->dims() || skip->dtype() != DataType::kFloat)
    return ctx.Decline("left to the reference kernel (checks and extra outputs)");
  const int64_t H = x->dims().back(), rows = H ? x->numel() / H : 0;
  for (const Tensor* t : {gamma, beta, bias}) {
    if (t && (t->dtype() != DataType::kFloat || t->dims() != std::vector<int64_t>{H}))
      return ctx.Decline("gamma, beta and bias must be float32 [hidden]");
  }
  const float eps = ctx.node().GetFloat("epsilon", 1e-12f);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  Tensor sum_out;
  const bool want_sum = ctx.output_wanted(3);
  if (want_sum) {
    OL_ASSIGN_OR_RETURN(sum_out, NewTensor(ctx, DataType::kFloat, x->dims()));
  }
  const float *X = x->data<float>(), *S = skip->data<float>(), *G = gamma->data<float>();
  const float* Bt = beta ? beta->data<float>() : nullptr;
  const float* Bi = bias ? bias->data<float>() : nullptr;
  float* Y = y.mutable_data<float>();
  float* Sum = want_sum ? sum_out.mutable_data<float>() : nullptr;
  ForRange(ctx, rows, H * 6, [&](int64_t b, int64_t e) {
    std::vector<float> row(static_cast<size_t>(H));
    for (int64_t r = b; r < e; ++r) {
      const int64_t o = r * H;
      double mean = 0;
      for (int64_t i = 0; i < H; ++i) {
        row[i] = X[o + i] + S[o + i] + (Bi ? Bi[i] : 0.f);
        mean += row[i];
      }
      const float m = static_cast<float>(mean / H);
      double var = 0;
      for (int64_t i = 0; i < H; ++i) var += double(row[i] - m) * (row[i] - m);
      const float inv = 1.f / std::sqrt(static_cast<float>(var / H) + eps);
      for (int64_t i = 0; i < H; ++i) Y[o + i] = (row[i] - m) * inv * G[i] + (Bt ? Bt[i] : 0.f);
      if (Sum) std::copy(row.begin(), row.end(), Sum + o);
    }
  });
  ctx.SetOutput(0, std::move(y));
  if (want_sum) ctx.SetOutput(3, std::move(sum_out));
  return Status::Ok();
}

Status Attention(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(AttentionShape s, CheckAttention(ctx));
  const int64_t H3 = 3 * s.hidden, rows = s.batch * s.seq, S = s.seq, hs = s.head_size;
  if (!WorkspaceFits(SaturatingMul(S, S)))
    return ctx.Decline("the " + std::to_string(S) + " x " + std::to_string(S) +
                       " score matrix would not fit in memory");
  const float* X = ctx.tensor(0)->data<float>();
  const float* W = ctx.tensor(1)->data<float>();
  const float* Bq = ctx.tensor(2)->data<float>();
  // QKV = X W + bias: the bias rows first, then one GEMM accumulating into them.
  std::vector<float> qkv(static_cast<size_t>(rows * H3));
  for (int64_t r = 0; r < rows; ++r) std::copy(Bq, Bq + H3, qkv.data() + r * H3);
  ParallelSgemm(ctx.pool(), false, false, rows, H3, s.input_hidden, 1.f, X, s.input_hidden, W, H3,
                1.f, qkv.data(), H3);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, {s.batch, S, s.hidden}));
  float* Y = y.mutable_data<float>();
  ForRange(ctx, s.batch * s.heads, S * S * hs, [&](int64_t begin, int64_t end) {
    std::vector<float> scores(static_cast<size_t>(S * S)), mask(static_cast<size_t>(S));
    for (int64_t t = begin; t < end; ++t) {
      const int64_t b = t / s.heads, h = t % s.heads;
      const float* base = qkv.data() + b * S * H3;
      const float* Q = base + h * hs;
      const float* K = base + s.hidden + h * hs;
      const float* V = base + 2 * s.hidden + h * hs;
      ParallelSgemm(nullptr, false, true, S, S, hs, s.scale, Q, H3, K, H3, 0.f, scores.data(), S);
      for (int64_t i = 0; i < S; ++i) {
        float* row = scores.data() + i * S;
        AttentionMaskRow(s, b, i, mask.data());
        float mx = -INFINITY;
        for (int64_t j = 0; j < S; ++j) mx = std::max(mx, row[j] += mask[j]);
        float sum = 0;
        for (int64_t j = 0; j < S; ++j) sum += (row[j] = vec::ExpNeg(row[j] - mx));
        const float inv = 1.f / sum;
        for (int64_t j = 0; j < S; ++j) row[j] *= inv;
      }
      ParallelSgemm(nullptr, false, false, S, hs, S, 1.f, scores.data(), S, V, H3, 0.f,
                    Y + b * S * s.hidden + h * hs, s.hidden);
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuTransformerKernels(KernelRegistry& r) {
  AddCpuIn(r, "", "LayerNormalization", 1, LayerNorm);
  AddCpuIn(r, "com.microsoft", "LayerNormalization", 1, LayerNorm);
  AddCpuIn(r, "com.microsoft", "Gelu", 1, [](OpKernelContext& c) { return Gelu(c, false); });
  AddCpuIn(r, "com.microsoft", "BiasGelu", 1, [](OpKernelContext& c) { return Gelu(c, true); });
  AddCpuIn(r, "com.microsoft", "Attention", 1, Attention);
  AddCpuIn(r, "com.microsoft", "FastGelu", 1, FastGelu);
  AddCpuIn(r, "com.microsoft", "SkipLayerNormalization", 1, SkipLayerNorm);
}

}  // namespace onnxlens::kernels
