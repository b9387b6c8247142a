// Fast float32 CPU kernels for the transformer ops the extended-level fusions emit:
// LayerNormalization (ai.onnx at any opset, as ONNX Runtime accepts it, and com.microsoft), and
// com.microsoft Gelu, BiasGelu and Attention (packed QKV GEMM, then per batch x head a scaled
// QK^T GEMM, masked softmax and a GEMM with V, heads spread over the intra-op pool).
// Tested against the reference kernels in tests/kernels/cpu/.
#include <algorithm>
#include <cmath>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "kernels/attention_util.h"
#include "kernels/cpu/attention_cpu.h"
#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/sgemm.h"
#include "kernels/cpu/vec_math.h"
#include "kernels/cpu/vec_math_avx2.h"
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

// Sum of p[0..n) in float, 8 lanes (two SSE registers) then the tail: the double-precision
// scalar loops it replaces made LayerNormalization 2.5x slower than ONNX Runtime's on bert_tiny's
// [128, 256] (62 us against 24).
float SumRow(const float* p, int64_t n) {
  int64_t i = 0;
  float sum = 0;
#if defined(__SSE2__)
  __m128 a = _mm_setzero_ps(), b = _mm_setzero_ps();
  for (; i + 8 <= n; i += 8) {
    a = _mm_add_ps(a, _mm_loadu_ps(p + i));
    b = _mm_add_ps(b, _mm_loadu_ps(p + i + 4));
  }
  float lanes[4];
  _mm_storeu_ps(lanes, _mm_add_ps(a, b));
  sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
#endif
  for (; i < n; ++i) sum += p[i];
  return sum;
}

// Sum of (p[i] - mean)^2, as SumRow.
float SumSquaredDeviations(const float* p, int64_t n, float mean) {
  int64_t i = 0;
  float sum = 0;
#if defined(__SSE2__)
  const __m128 m = _mm_set1_ps(mean);
  __m128 a = _mm_setzero_ps(), b = _mm_setzero_ps();
  for (; i + 8 <= n; i += 8) {
    const __m128 d0 = _mm_sub_ps(_mm_loadu_ps(p + i), m);
    const __m128 d1 = _mm_sub_ps(_mm_loadu_ps(p + i + 4), m);
    a = _mm_add_ps(a, _mm_mul_ps(d0, d0));
    b = _mm_add_ps(b, _mm_mul_ps(d1, d1));
  }
  float lanes[4];
  _mm_storeu_ps(lanes, _mm_add_ps(a, b));
  sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
#endif
  for (; i < n; ++i) sum += (p[i] - mean) * (p[i] - mean);
  return sum;
}

Status CpuLayerNorm(OpKernelContext& ctx) {
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
      const float mean = SumRow(p, inner) / static_cast<float>(inner);
      const float var = SumSquaredDeviations(p, inner, mean) / static_cast<float>(inner);
      const float inv = 1.f / std::sqrt(var + eps);
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

#if defined(OL_VEC_AVX2)
#define OL_HAVE_AVX2_GELU 1
// The erf GELU of GeluRange 8 lanes wide with FMA (vec::Erf8, the formulas of vec::Erf4):
// bert_tiny's BiasGelu over [128, 1024] took 285 us 4 lanes wide, ONNX Runtime 112.
// y[i] = gelu(x[i] + bias[i]) for i < n (bias may be null); returns how many it did (a multiple
// of 8).
__attribute__((target("avx2,fma"))) int64_t GeluAvx2(const float* x, const float* bias, float* y,
                                                     int64_t n) {
  const __m256 half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.f),
               inv_sqrt2 = _mm256_set1_ps(0.70710678118654752f);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(x + i);
    if (bias) v = _mm256_add_ps(v, _mm256_loadu_ps(bias + i));
    const __m256 erf = vec::Erf8(_mm256_mul_ps(v, inv_sqrt2));
    _mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_mul_ps(half, v), _mm256_add_ps(one, erf)));
  }
  return i;
}
#endif

// y = gelu(x + bias[i % n]) with the exact (erf) GELU; bias may be null.
void GeluRange(const float* x, const float* bias, int64_t n_bias, float* y, int64_t begin,
               int64_t end) {
  int64_t i = begin;
#if defined(OL_HAVE_AVX2_GELU)
  if (!bias && vec::HasAvx2Fma()) i += GeluAvx2(x + i, nullptr, y + i, end - i);
#endif
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
        int64_t c = 0;
#if defined(OL_HAVE_AVX2_GELU)
        if (vec::HasAvx2Fma()) c = GeluAvx2(in, Bv, row, cols);
#endif
        for (int64_t k = c; k < cols; ++k) row[k] = in[k] + Bv[k];
        GeluRange(row, nullptr, 1, row, c, cols);
      }
    });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CpuFastGelu(OpKernelContext& ctx) {
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

Status CpuSkipLayerNorm(OpKernelContext& ctx) {
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
      if (Bi) {
        for (int64_t i = 0; i < H; ++i) row[i] = X[o + i] + S[o + i] + Bi[i];
      } else {
        for (int64_t i = 0; i < H; ++i) row[i] = X[o + i] + S[o + i];
      }
      const float m = SumRow(row.data(), H) / static_cast<float>(H);
      const float var = SumSquaredDeviations(row.data(), H, m) / static_cast<float>(H);
      const float inv = 1.f / std::sqrt(var + eps);
      for (int64_t i = 0; i < H; ++i) Y[o + i] = (row[i] - m) * inv * G[i] + (Bt ? Bt[i] : 0.f);
      if (Sum) std::copy(row.begin(), row.end(), Sum + o);
    }
  });
  ctx.SetOutput(0, std::move(y));
  if (want_sum) ctx.SetOutput(3, std::move(sum_out));
  return Status::Ok();
}

// row = softmax(row + mask), 4 lanes at a time: the scalar exp of bert_tiny's 4 x 128 x 128
// scores per layer was a third of its Attention kernel.
void MaskedSoftmaxRow(float* row, const float* mask, int64_t n) {
  int64_t j = 0;
  float mx = -INFINITY;
#if defined(__SSE2__)
  __m128 vmx = _mm_set1_ps(-INFINITY);
  for (; j + 4 <= n; j += 4) {
    const __m128 v = _mm_add_ps(_mm_loadu_ps(row + j), _mm_loadu_ps(mask + j));
    _mm_storeu_ps(row + j, v);
    vmx = _mm_max_ps(vmx, v);
  }
  float lanes[4];
  _mm_storeu_ps(lanes, vmx);
  for (float l : lanes) mx = std::max(mx, l);
#endif
  for (; j < n; ++j) mx = std::max(mx, row[j] += mask[j]);
  float sum = 0;
  j = 0;
#if defined(__SSE2__)
  const __m128 vm = _mm_set1_ps(mx);
  __m128 vsum = _mm_setzero_ps();
  for (; j + 4 <= n; j += 4) {
    const __m128 e = vec::ExpNeg4(_mm_sub_ps(_mm_loadu_ps(row + j), vm));
    _mm_storeu_ps(row + j, e);
    vsum = _mm_add_ps(vsum, e);
  }
  _mm_storeu_ps(lanes, vsum);
  sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
#endif
  for (; j < n; ++j) sum += (row[j] = vec::ExpNeg(row[j] - mx));
  const float inv = 1.f / sum;
  for (j = 0; j < n; ++j) row[j] *= inv;
}

// Integer id i of an int32 / int64 tensor.
int64_t IdOf(const Tensor& t, int64_t i) {
  return t.dtype() == DataType::kInt32 ? t.data<int32_t>()[i] : t.data<int64_t>()[i];
}

// com.microsoft EmbedLayerNormalization: word + position (+ segment) embedding rows, then a layer
// normalization per token, in float lanes (the reference kernel's double loops took 206 us on
// bert_tiny's [1, 128, 256], ONNX Runtime's Gather + LayerNorm ~70). Every input the reference
// kernel would reject (shapes, types, ids outside a table) is declined so that it gives the error.
Status CpuEmbedLayerNorm(OpKernelContext& ctx) {
  const Tensor* ids = ctx.tensor(0);
  const Tensor* seg_ids = ctx.tensor(1);
  const Tensor* word = ctx.tensor(2);
  const Tensor* pos = ctx.tensor(3);
  const Tensor* seg = ctx.tensor(4);
  const Tensor* gamma = ctx.tensor(5);
  const Tensor* beta = ctx.tensor(6);
  const Tensor* mask = ctx.tensor(7);
  const Tensor* pos_ids = ctx.tensor(8);
  auto is_int = [](const Tensor* t) {
    return t->dtype() == DataType::kInt32 || t->dtype() == DataType::kInt64;
  };
  auto is_float = [](const Tensor* t) { return !t || t->dtype() == DataType::kFloat; };
  auto checks = [&ctx] {
    return ctx.Decline("left to the reference kernel, which checks these inputs");
  };
  if (ctx.output_wanted(2))  // embedding_sum (the sum before the normalization): reference only
    return ctx.Decline("the cpu EmbedLayerNormalization kernel does not produce embedding_sum");
  if (!ids || !word || !pos || !gamma || !is_int(ids) || ids->dims().size() != 2) return checks();
  const int64_t B = ids->dims()[0], S = ids->dims()[1];
  if (word->dims().size() != 2 || pos->dims().size() != 2 || pos->dims()[1] != word->dims()[1])
    return checks();
  const int64_t H = word->dims()[1];
  if ((seg_ids == nullptr) != (seg == nullptr)) return checks();
  if (seg && (!is_int(seg_ids) || seg_ids->dims() != ids->dims() || seg->dims().size() != 2 ||
              seg->dims()[1] != H))
    return checks();
  if (gamma->dims() != std::vector<int64_t>{H} || (beta && beta->dims() != gamma->dims()))
    return checks();
  if (pos_ids && (!is_int(pos_ids) || pos_ids->dims().size() != 2 ||
                  pos_ids->numel() != S * (pos_ids->dims()[0] == 1 ? 1 : B)))
    return checks();
  if (!is_float(word) || !is_float(pos) || !is_float(seg) || !is_float(gamma) || !is_float(beta))
    return checks();
  if (ctx.output_wanted(1) && mask && (!is_int(mask) || mask->dims() != ids->dims()))
    return checks();
  for (int64_t i = 0; i < B * S; ++i) {
    const int64_t w = IdOf(*ids, i);
    const int64_t p = pos_ids ? IdOf(*pos_ids, pos_ids->dims()[0] == 1 ? i % S : i) : i % S;
    const int64_t g = seg ? IdOf(*seg_ids, i) : 0;
    if (w < 0 || w >= word->dims()[0] || p < 0 || p >= pos->dims()[0] ||
        (seg && (g < 0 || g >= seg->dims()[0])))
      return checks();
  }
  const float eps = ctx.node().GetFloat("epsilon", 1e-12f);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, {B, S, H}));
  const float *W = word->data<float>(), *P = pos->data<float>(), *G = gamma->data<float>();
  const float* Sg = seg ? seg->data<float>() : nullptr;
  const float* Bt = beta ? beta->data<float>() : nullptr;
  float* Y = y.mutable_data<float>();
  ForRange(ctx, B * S, H * 6, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const int64_t s = i % S;
      const float* wr = W + IdOf(*ids, i) * H;
      const float* pr = P + (pos_ids ? IdOf(*pos_ids, pos_ids->dims()[0] == 1 ? s : i) : s) * H;
      float* row = Y + i * H;
      for (int64_t h = 0; h < H; ++h) row[h] = wr[h] + pr[h];
      if (Sg) {
        const float* sr = Sg + IdOf(*seg_ids, i) * H;
        for (int64_t h = 0; h < H; ++h) row[h] += sr[h];
      }
      const float mean = SumRow(row, H) / static_cast<float>(H);
      const float inv =
          1.f / std::sqrt(SumSquaredDeviations(row, H, mean) / static_cast<float>(H) + eps);
      for (int64_t h = 0; h < H; ++h) row[h] = (row[h] - mean) * inv * G[h] + (Bt ? Bt[h] : 0.f);
    }
  });
  ctx.SetOutput(0, std::move(y));
  if (ctx.output_wanted(1)) {
    // Without a mask the index is all zeros, as ONNX Runtime writes it.
    std::vector<int32_t> idx(static_cast<size_t>(B), 0);
    if (mask) {
      for (int64_t i = 0; i < B * S; ++i) idx[i / S] += IdOf(*mask, i) != 0;
    }
    ctx.SetOutput(1, Tensor::FromVector<int32_t>(DataType::kInt32, {B}, idx));
  }
  return Status::Ok();
}

Status CpuAttention(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(AttentionShape s, CheckAttention(ctx));
  const int64_t H3 = 3 * s.hidden, rows = s.batch * s.seq;
  if (!WorkspaceFits(SaturatingMul(2, SaturatingMul(s.seq, s.seq))))  // scores and mask rows
    return ctx.Decline("the " + std::to_string(s.seq) + " x " + std::to_string(s.seq) +
                       " score matrix would not fit in memory");
  const float* X = ctx.tensor(0)->data<float>();
  const float* W = ctx.tensor(1)->data<float>();
  const float* Bq = ctx.tensor(2)->data<float>();
  // QKV = X W + bias: the bias rows first, then one GEMM accumulating into them. The buffer
  // comes from the session's allocator (its arena), not a fresh vector whose pages fault in on
  // every run.
  OL_ASSIGN_OR_RETURN(Tensor qkv_buf, NewTensor(ctx, DataType::kFloat, {rows, H3}));
  float* qkv = qkv_buf.mutable_data<float>();
  for (int64_t r = 0; r < rows; ++r) std::copy(Bq, Bq + H3, qkv + r * H3);
  ParallelSgemm(ctx.pool(), false, false, rows, H3, s.input_hidden, 1.f, X, s.input_hidden, W, H3,
                1.f, qkv, H3);
  return AttentionFromQkv(ctx, s, qkv);
}

}  // namespace

Status AttentionFromQkv(OpKernelContext& ctx, const AttentionShape& s, const float* qkv) {
  const int64_t H3 = 3 * s.hidden, S = s.seq, hs = s.head_size;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, {s.batch, S, s.hidden}));
  float* Y = y.mutable_data<float>();
  ForRange(ctx, s.batch * s.heads, S * S * hs, [&](int64_t begin, int64_t end) {
    // The mask rows of batch b, made once for all its heads (made per head and row they were 4%
    // of bert_tiny's run): tasks go batch-major, so a thread remakes them when b changes.
    std::vector<float> scores(static_cast<size_t>(S * S)), mask(static_cast<size_t>(S * S));
    int64_t mask_batch = -1;
    for (int64_t t = begin; t < end; ++t) {
      const int64_t b = t / s.heads, h = t % s.heads;
      if (b != mask_batch) {
        for (int64_t i = 0; i < S; ++i) AttentionMaskRow(s, b, i, mask.data() + i * S);
        mask_batch = b;
      }
      const float* base = qkv + b * S * H3;
      const float* Q = base + h * hs;
      const float* K = base + s.hidden + h * hs;
      const float* V = base + 2 * s.hidden + h * hs;
      ParallelSgemm(nullptr, false, true, S, S, hs, s.scale, Q, H3, K, H3, 0.f, scores.data(), S);
      for (int64_t i = 0; i < S; ++i)
        MaskedSoftmaxRow(scores.data() + i * S, mask.data() + i * S, S);
      ParallelSgemm(nullptr, false, false, S, hs, S, 1.f, scores.data(), S, V, H3, 0.f,
                    Y + b * S * s.hidden + h * hs, s.hidden);
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

void RegisterCpuTransformerKernels(KernelRegistry& r) {
  AddCpuIn(r, "", "LayerNormalization", 1, CpuLayerNorm);
  AddCpuIn(r, "com.microsoft", "LayerNormalization", 1, CpuLayerNorm);
  AddCpuIn(r, "com.microsoft", "Gelu", 1, [](OpKernelContext& c) { return Gelu(c, false); });
  AddCpuIn(r, "com.microsoft", "BiasGelu", 1, [](OpKernelContext& c) { return Gelu(c, true); });
  AddCpuIn(r, "com.microsoft", "Attention", 1, CpuAttention);
  AddCpuIn(r, "com.microsoft", "FastGelu", 1, CpuFastGelu);
  AddCpuIn(r, "com.microsoft", "SkipLayerNormalization", 1, CpuSkipLayerNorm);
  r.Register({"com.microsoft",
              "EmbedLayerNormalization",
              1,
              1000,
              kCpuProvider,
              {DataType::kInt32, DataType::kInt64},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>(CpuEmbedLayerNorm));
              }});
}

}  // namespace onnxlens::kernels
