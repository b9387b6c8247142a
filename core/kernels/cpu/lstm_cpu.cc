// Fast float32 LSTM: one SGEMM projects every time step's input at once (X · Wᵀ + Wb + Rb), then
// each step adds H · Rᵀ (dot products for a batch of up to 4, else a small SGEMM) and applies the
// gates (4 lanes wide without peepholes and clip); the two directions of a bidirectional LSTM run
// on two threads when the pool has them. Handles forward,
// reverse and bidirectional, initial states, peepholes, clip and sequence_lens with the default
// activations (Sigmoid, Tanh, Tanh); declines other activations, layout=1 and input_forget so the
// reference kernel runs them.

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "common/cpu_isa.h"
#include "kernels/cpu/sgemm.h"
#include "kernels/cpu/vec_math.h"
#include "kernels/parallel.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

inline float Sig(float x) { return vec::Sigmoid(x); }

#if defined(__GNUC__) && defined(__x86_64__)
#define OL_HAVE_AVX2_DOT 1
// out[q] = h · R[q, :] for q < G, four rows at a time so that four FMA chains run at once (one
// row at a time the additions' latency bound it: crnn's 512 x 128 product per step took ~11 us).
// Returns the rows done (a multiple of 4); columns past the last multiple of 8 are added last.
__attribute__((target("avx2,fma"))) int64_t RowDotsAvx2(const float* h, const float* R, int64_t G,
                                                        int64_t H, float* out) {
  const int64_t H8 = H & ~int64_t{7};
  int64_t q = 0;
  for (; q + 4 <= G; q += 4) {
    const float* r0 = R + q * H;
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(),
           a3 = _mm256_setzero_ps();
    for (int64_t k = 0; k < H8; k += 8) {
      const __m256 v = _mm256_loadu_ps(h + k);
      a0 = _mm256_fmadd_ps(v, _mm256_loadu_ps(r0 + k), a0);
      a1 = _mm256_fmadd_ps(v, _mm256_loadu_ps(r0 + H + k), a1);
      a2 = _mm256_fmadd_ps(v, _mm256_loadu_ps(r0 + 2 * H + k), a2);
      a3 = _mm256_fmadd_ps(v, _mm256_loadu_ps(r0 + 3 * H + k), a3);
    }
    // Horizontal sums of the four accumulators.
    const __m256 s01 = _mm256_hadd_ps(a0, a1), s23 = _mm256_hadd_ps(a2, a3);
    const __m256 s = _mm256_hadd_ps(s01, s23);
    __m128 sum4 = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
    float sums[4];
    _mm_storeu_ps(sums, sum4);
    for (int j = 0; j < 4; ++j) {
      const float* row = r0 + j * H;
      for (int64_t k = H8; k < H; ++k) sums[j] += h[k] * row[k];
      out[q + j] = sums[j];
    }
  }
  return q;
}

bool LstmHasAvx2() {
  return IsaAllows(Isa::kAvx2);  // the host's AVX2 + FMA, under ONNXLENS_MAX_ISA
}
#endif

// hr[b, :] = h[b, :] · Rᵀ (R is [G, H] row-major): one dot product of length H per gate row.
// For crnn's batch of 1 an SGEMM call per time step cost more in OpenBLAS's dispatch than its
// 64k multiply-adds; larger batches keep the SGEMM.
void RecurrentProduct(const float* h, const float* R, int64_t B, int64_t G, int64_t H, float* hr) {
  if (B > 4) {
    ParallelSgemm(nullptr, false, true, B, G, H, 1.f, h, H, R, H, 0.f, hr, G);
    return;
  }
  for (int64_t b = 0; b < B; ++b) {
    const float* hb = h + b * H;
    float* out = hr + b * G;
    int64_t q = 0;
#if defined(OL_HAVE_AVX2_DOT)
    if (LstmHasAvx2()) q = RowDotsAvx2(hb, R, G, H, out);
#endif
    for (; q < G; ++q) {
      const float* row = R + q * H;
      int64_t k = 0;
      float sum = 0;
#if defined(__SSE2__)
      __m128 a0 = _mm_setzero_ps(), a1 = _mm_setzero_ps();
      for (; k + 8 <= H; k += 8) {
        a0 = _mm_add_ps(a0, _mm_mul_ps(_mm_loadu_ps(hb + k), _mm_loadu_ps(row + k)));
        a1 = _mm_add_ps(a1, _mm_mul_ps(_mm_loadu_ps(hb + k + 4), _mm_loadu_ps(row + k + 4)));
      }
      float lanes[4];
      _mm_storeu_ps(lanes, _mm_add_ps(a0, a1));
      sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
#endif
      for (; k < H; ++k) sum += hb[k] * row[k];
      out[q] = sum;
    }
  }
}

// The gates of one batch row without peepholes or clip, 4 lanes at a time (gate order i, o, f,
// c as ONNX's): c = f * c + i * tanh(cg), h = o * tanh(c). Returns how many of the H units it did.
int64_t GatesVector(const float* g, const float* r, int64_t H, float* c, float* h) {
  int64_t k = 0;
#if defined(__SSE2__)
  for (; k + 4 <= H; k += 4) {
    auto gate = [&](int64_t off) {
      return _mm_add_ps(_mm_loadu_ps(g + off + k), _mm_loadu_ps(r + off + k));
    };
    const __m128 i_ = vec::Sigmoid4(gate(0)), o_ = vec::Sigmoid4(gate(H)),
                 f_ = vec::Sigmoid4(gate(2 * H)), c_ = vec::Tanh4(gate(3 * H));
    const __m128 cn = _mm_add_ps(_mm_mul_ps(f_, _mm_loadu_ps(c + k)), _mm_mul_ps(i_, c_));
    _mm_storeu_ps(c + k, cn);
    _mm_storeu_ps(h + k, _mm_mul_ps(o_, vec::Tanh4(cn)));
  }
#endif
  return k;
}

Status CpuLstm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* X, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* W, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* R, ctx.RequireTensor(2));
  const ir::Node& n = ctx.node();
  for (const Tensor* t : {X, W, R}) {
    if (t->dtype() != DataType::kFloat) return ctx.Decline("float32 only");
  }
  if (n.GetInt("layout", 0) != 0 || n.GetInt("input_forget", 0) != 0)
    return ctx.Decline("layout/input_forget");
  if (const ir::Attribute* a = n.FindAttribute("activations")) {
    for (size_t i = 0; i < a->strings.size(); ++i) {
      if (a->strings[i] != (i % 3 == 0 ? "Sigmoid" : "Tanh"))
        return ctx.Decline("custom activations");
    }
  }
  const std::string direction = n.GetString("direction", "forward");
  const Tensor* Bt = ctx.tensor(3);
  const Tensor* H0 = ctx.tensor(5);
  const Tensor* C0 = ctx.tensor(6);
  const Tensor* P = ctx.tensor(7);
  for (const Tensor* t : {Bt, H0, C0, P}) {
    if (t && t->dtype() != DataType::kFloat) return ctx.Decline("float32 only");
  }
  OL_ASSIGN_OR_RETURN(RecurrentDims dims, CheckRecurrentInputs(ctx, 4));
  const int64_t dirs = dims.dirs, S = dims.seq, B = dims.batch, I = dims.input, H = dims.hidden;
  const std::vector<int64_t>& lens = dims.lens;
  const float clip = n.FindAttribute("clip") ? n.GetFloat("clip", 0.f) : -1.f;
  auto cl = [clip](float v) { return clip > 0 ? std::max(-clip, std::min(clip, v)) : v; };

  OL_ASSIGN_OR_RETURN(Tensor Y, NewTensor(ctx, DataType::kFloat, {S, dirs, B, H}));
  std::memset(Y.mutable_raw(), 0, Y.nbytes());
  OL_ASSIGN_OR_RETURN(Tensor Yh, NewTensor(ctx, DataType::kFloat, {dirs, B, H}));
  OL_ASSIGN_OR_RETURN(Tensor Yc, NewTensor(ctx, DataType::kFloat, {dirs, B, H}));
  // Every direction's input projection first (split over the pool), then the directions'
  // recurrences side by side, one per thread when there are two (crnn's bidirectional LSTMs).
  const int64_t G = 4 * H;
  OL_ASSIGN_OR_RETURN(Tensor xw, NewTensor(ctx, DataType::kFloat, {dirs, S * B, G}));
  for (int64_t d = 0; d < dirs; ++d) {
    float* xwd = xw.mutable_data<float>() + d * S * B * G;
    // xw[t, b, :] = X[t, b, :] · Wdᵀ + Wb + Rb
    ParallelSgemm(ctx.pool(), false, true, S * B, G, I, 1.f, X->data<float>(), I,
                  W->data<float>() + d * G * I, I, 0.f, xwd, G);
    if (Bt) {
      const float* bias = Bt->data<float>() + d * 8 * H;
      std::vector<float> sum(static_cast<size_t>(G));
      for (int64_t q = 0; q < G; ++q) sum[q] = bias[q] + bias[G + q];
      for (int64_t r = 0; r < S * B; ++r)
        for (int64_t q = 0; q < G; ++q) xwd[r * G + q] += sum[q];
    }
  }
  auto run_direction = [&](int64_t d) {
    std::vector<float> hr(static_cast<size_t>(B * G)), h(static_cast<size_t>(B * H)),
        c(static_cast<size_t>(B * H));
    const float* xwd = xw.data<float>() + d * S * B * G;
    const float* Rd = R->data<float>() + d * G * H;
    for (int64_t b = 0; b < B; ++b)
      for (int64_t k = 0; k < H; ++k) {
        h[b * H + k] = H0 ? H0->data<float>()[(d * B + b) * H + k] : 0.f;
        c[b * H + k] = C0 ? C0->data<float>()[(d * B + b) * H + k] : 0.f;
      }
    const float* pp = P ? P->data<float>() + d * 3 * H : nullptr;
    const bool reverse = direction == "reverse" || d == 1;
    for (int64_t step = 0; step < S; ++step) {
      RecurrentProduct(h.data(), Rd, B, G, H, hr.data());
      for (int64_t b = 0; b < B; ++b) {
        const int64_t len = lens[b];
        if (step >= len) continue;
        const int64_t t = reverse ? len - 1 - step : step;
        const float* g = &xwd[(t * B + b) * G];
        const float* r = &hr[b * G];
        float* hb = &h[b * H];
        float* cb = &c[b * H];
        int64_t k = 0;
        if (!pp && clip <= 0) k = GatesVector(g, r, H, cb, hb);
        for (; k < H; ++k) {
          float ig = g[k] + r[k], og = g[H + k] + r[H + k], fg = g[2 * H + k] + r[2 * H + k],
                cg = g[3 * H + k] + r[3 * H + k];
          if (pp) {
            ig += pp[k] * cb[k];
            fg += pp[2 * H + k] * cb[k];
          }
          const float i_ = Sig(cl(ig)), f_ = Sig(cl(fg)), c_ = vec::Tanh(cl(cg));
          const float cn = f_ * cb[k] + i_ * c_;
          if (pp) og += pp[H + k] * cn;
          const float o_ = Sig(cl(og));
          cb[k] = cn;
          hb[k] = o_ * vec::Tanh(cn);
        }
        std::memcpy(Y.mutable_data<float>() + ((t * dirs + d) * B + b) * H, hb, sizeof(float) * H);
      }
    }
    std::memcpy(Yh.mutable_data<float>() + d * B * H, h.data(), sizeof(float) * B * H);
    std::memcpy(Yc.mutable_data<float>() + d * B * H, c.data(), sizeof(float) * B * H);
  };
  if (dirs == 2 && ctx.pool() && ctx.pool()->threads() > 1) {
    ctx.pool()->ParallelFor(2, [&](int64_t b, int64_t e) {
      for (int64_t d = b; d < e; ++d) run_direction(d);
    });
  } else {
    for (int64_t d = 0; d < dirs; ++d) run_direction(d);
  }
  ctx.SetOutput(0, std::move(Y));
  ctx.SetOutput(1, std::move(Yh));
  ctx.SetOutput(2, std::move(Yc));
  return Status::Ok();
}

}  // namespace

void RegisterCpuLstmKernel(KernelRegistry& r) {
  r.Register({"", "LSTM", 7, 1000, kCpuProvider, {DataType::kFloat}, [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [](OpKernelContext& ctx) { return CpuLstm(ctx, 0); }));
              }});
}

}  // namespace onnxlens::kernels
