// Fast float32 CPU kernels for the element-wise, normalization, pooling, softmax and transpose ops
// that dominate real models once GEMM and convolution are fast. Each works on contiguous float
// buffers, splits large tensors over the intra-op pool, and falls back to the generic broadcast
// loop for unusual shapes. Tested against the reference kernels in tests/kernels/cpu/.
#include <emmintrin.h>
#include <xmmintrin.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "kernels/cpu/cpu_util.h"
#include "kernels/cpu/depthwise.h"
#include "kernels/cpu/vec_math.h"
#include "kernels/cpu/vec_math_avx2.h"
#include "kernels/parallel.h"
#include "kernels/reference/conv_util.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr int64_t kEltGrain = 1 << 15;  // elements per parallel task: below this, run inline

template <typename Fn>
void Parallel(OpKernelContext& ctx, int64_t n, int64_t grain, Fn&& fn) {
  if (!ctx.pool() || ctx.pool()->threads() == 1 || n < 2 * grain) {
    fn(int64_t{0}, n);
    return;
  }
  const int64_t tasks = std::min<int64_t>((n + grain - 1) / grain, ctx.pool()->threads() * 4);
  const int64_t chunk = (n + tasks - 1) / tasks;
  ctx.pool()->ParallelFor(tasks, [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) fn(t * chunk, std::min(n, (t + 1) * chunk));
  });
}

// ---- binary with broadcasting ----

enum class Bin { kAdd, kSub, kMul, kDiv };

template <Bin op>
inline float Apply(float a, float b) {
  if constexpr (op == Bin::kAdd) return a + b;
  if constexpr (op == Bin::kSub) return a - b;
  if constexpr (op == Bin::kMul) return a * b;
  return a / b;
}

template <Bin op>
Status CpuBinary(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *a));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *b));
  auto dims = BroadcastShapes(a->dims(), b->dims());
  if (!dims.ok()) return ctx.Error(dims.status().message());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, *dims));
  const float* pa = a->data<float>();
  const float* pb = b->data<float>();
  float* po = y.mutable_data<float>();
  const int64_t n = y.numel();
  if (a->numel() == n && b->numel() == n) {
    Parallel(ctx, n, kEltGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) po[i] = Apply<op>(pa[i], pb[i]);
    });
  } else if (b->numel() == 1 && a->numel() == n) {
    const float v = pb[0];
    Parallel(ctx, n, kEltGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) po[i] = Apply<op>(pa[i], v);
    });
  } else if (a->numel() == 1 && b->numel() == n) {
    const float v = pa[0];
    Parallel(ctx, n, kEltGrain, [&](int64_t s, int64_t e) {
      for (int64_t i = s; i < e; ++i) po[i] = Apply<op>(v, pb[i]);
    });
  } else {
    // General case: the innermost run of the broadcast is contiguous or a splat.
    const auto sa = BroadcastStrides(a->dims(), *dims), sb = BroadcastStrides(b->dims(), *dims);
    ForEachBroadcast(*dims, {sa, sb},
                     [&](int64_t o, const std::vector<int64_t>& off, int64_t cnt,
                         const std::vector<int64_t>& in) {
                       const float* x = pa + off[0];
                       const float* z = pb + off[1];
                       float* out = po + o;
                       if (in[0] == 1 && in[1] == 1) {
                         for (int64_t i = 0; i < cnt; ++i) out[i] = Apply<op>(x[i], z[i]);
                       } else if (in[0] == 1 && in[1] == 0) {
                         const float v = z[0];
                         for (int64_t i = 0; i < cnt; ++i) out[i] = Apply<op>(x[i], v);
                       } else if (in[0] == 0 && in[1] == 1) {
                         const float v = x[0];
                         for (int64_t i = 0; i < cnt; ++i) out[i] = Apply<op>(v, z[i]);
                       } else {
                         for (int64_t i = 0; i < cnt; ++i)
                           out[i] = Apply<op>(x[i * in[0]], z[i * in[1]]);
                       }
                     });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ---- unary ----

template <typename F>
Status Unary(OpKernelContext& ctx, F f) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* p = x->data<float>();
  float* o = y.mutable_data<float>();
  Parallel(ctx, x->numel(), kEltGrain / 4, [&](int64_t s, int64_t e) {
    for (int64_t i = s; i < e; ++i) o[i] = f(p[i]);
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Unary op with a 4-wide SSE2 form (vec::Map).
template <typename S, typename V>
Status UnaryVec(OpKernelContext& ctx, S scalar, V vector) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* p = x->data<float>();
  float* o = y.mutable_data<float>();
  Parallel(ctx, x->numel(), kEltGrain,
           [&](int64_t s, int64_t e) { vec::Map(p + s, o + s, e - s, scalar, vector); });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

#ifdef OL_VEC_AVX2
// Erf 8-wide (vec_math_avx2.h), on a CPU with AVX2 and FMA.
Status ErfAvx2(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* p = x->data<float>();
  float* o = y.mutable_data<float>();
  Parallel(ctx, x->numel(), kEltGrain,
           [&](int64_t s, int64_t e) { vec::ErfMapAvx2(p + s, o + s, e - s); });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}
#endif

// Clip: bounds from attributes (opset 6) or optional scalar inputs (opset 11+). NaN stays NaN.
Status CpuClip(OpKernelContext& ctx, int64_t opset) {
  float lo = -std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::max();
  if (opset < 11) {
    lo = ctx.node().GetFloat("min", lo);
    hi = ctx.node().GetFloat("max", hi);
  } else {
    for (size_t i = 1; i < 3; ++i) {
      const Tensor* t = ctx.tensor(i);
      if (!t) continue;
      OL_RETURN_IF_ERROR(NeedFloat(ctx, *t));
      if (t->numel() != 1)
        return ctx.Error(std::string(i == 1 ? "min" : "max") + " must be a scalar");
      (i == 1 ? lo : hi) = t->data<float>()[0];
    }
  }
  return Unary(ctx, [lo, hi](float v) {
    const float a = v < lo ? lo : v;
    return a > hi ? hi : a;
  });
}

// Clip of uint8 / int8 (opset 12+; qdq-clip-integer writes it between int8 convolutions): bounds
// of the tensor's type, one value each or absent; the reference kernel takes other forms.
template <typename T>
Status ClipInteger(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  T lo = std::numeric_limits<T>::lowest(), hi = std::numeric_limits<T>::max();
  for (size_t i = 1; i < 3; ++i) {
    const Tensor* t = ctx.tensor(i);
    if (!t || t->numel() == 0) continue;
    if (t->dtype() != x->dtype() || t->numel() != 1)
      return ctx.Decline("a bound is not one value of the input's type");
    (i == 1 ? lo : hi) = t->data<T>()[0];
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x->dtype(), x->dims()));
  // Sixteen bytes a step in unsigned order (int8 with its sign bit flipped keeps its order).
  const uint8_t flip = std::is_same_v<T, int8_t> ? 0x80 : 0;
  const auto* a = static_cast<const uint8_t*>(x->raw());
  auto* o = static_cast<uint8_t*>(y.mutable_raw());
  const uint8_t ulo = static_cast<uint8_t>(lo) ^ flip, uhi = static_cast<uint8_t>(hi) ^ flip;
  const __m128i vf = _mm_set1_epi8(static_cast<char>(flip));
  const __m128i vlo = _mm_set1_epi8(static_cast<char>(ulo)),
                vhi = _mm_set1_epi8(static_cast<char>(uhi));
  const int64_t n = x->numel();
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i v = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)), vf);
    v = _mm_min_epu8(_mm_max_epu8(v, vlo), vhi);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + i), _mm_xor_si128(v, vf));
  }
  for (; i < n; ++i)
    o[i] = static_cast<uint8_t>(std::min(std::max(static_cast<uint8_t>(a[i] ^ flip), ulo), uhi) ^
                                flip);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Pow(OpKernelContext& ctx, int64_t opset) {
  const Tensor* e = ctx.tensor(1);
  if (e && e->numel() == 1 && (e->dtype() == DataType::kFloat)) {
    const float v = e->data<float>()[0];
    if (v == 2.f) return Unary(ctx, [](float x) { return x * x; });
    if (v == 0.5f) return Unary(ctx, [](float x) { return std::sqrt(x); });
    if (v == 1.f) return Unary(ctx, [](float x) { return x; });
  }
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *a));
  if (!e || e->dtype() != DataType::kFloat)
    return ctx.Decline("exponent must be float32 for the cpu kernel");
  auto dims = BroadcastShapes(a->dims(), e->dims());
  if (!dims.ok()) return ctx.Error(dims.status().message());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, *dims));
  float* po = y.mutable_data<float>();
  ForEachBroadcast(
      *dims, {BroadcastStrides(a->dims(), *dims), BroadcastStrides(e->dims(), *dims)},
      [&](int64_t o, const std::vector<int64_t>& off, int64_t cnt, const std::vector<int64_t>& in) {
        for (int64_t i = 0; i < cnt; ++i)
          po[o + i] =
              std::pow(a->data<float>()[off[0] + i * in[0]], e->data<float>()[off[1] + i * in[1]]);
      });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ---- BatchNormalization (inference) ----

Status CpuBatchNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  if (ctx.node().GetInt("training_mode", 0) != 0)
    return ctx.Decline("training_mode=1 runs on the reference provider");
  std::vector<const Tensor*> p;
  for (size_t i = 1; i < 5; ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
    OL_RETURN_IF_ERROR(NeedFloat(ctx, *t));
    p.push_back(t);
  }
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 2, "input X"));
  const int64_t N = x->dims()[0], C = x->dims()[1];
  OL_RETURN_IF_ERROR(CheckBatchNormParameters(ctx, C));
  const float eps = ctx.node().GetFloat("epsilon", 1e-5f);
  std::vector<float> scale(C), shift(C);
  for (int64_t c = 0; c < C; ++c) {
    scale[c] = p[0]->data<float>()[c] / std::sqrt(p[3]->data<float>()[c] + eps);
    shift[c] = p[1]->data<float>()[c] - p[2]->data<float>()[c] * scale[c];
  }
  int64_t inner = 1;
  for (size_t d = 2; d < x->dims().size(); ++d) inner *= x->dims()[d];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* in = x->data<float>();
  float* out = y.mutable_data<float>();
  Parallel(ctx, N * C, std::max<int64_t>(1, kEltGrain / std::max<int64_t>(inner, 1)),
           [&](int64_t s, int64_t e) {
             for (int64_t nc = s; nc < e; ++nc) {
               const float a = scale[nc % C], b = shift[nc % C];
               const float* src = in + nc * inner;
               float* dst = out + nc * inner;
               for (int64_t i = 0; i < inner; ++i) dst[i] = src[i] * a + b;
             }
           });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ---- 2-D pooling ----

Status Pool2D(OpKernelContext& ctx, bool is_max, bool global) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  if (x->dims().size() != 4) return ctx.Decline("the cpu pooling kernel takes 4-D input");
  if (is_max && ctx.output_wanted(1))
    return ctx.Decline("Indices output runs on the reference provider");
  ConvGeometry g;
  if (global) {
    g = ConvGeometry::Global(x->dims());
  } else {
    OL_ASSIGN_OR_RETURN(g, ConvGeometry::ForPool(ctx, x->dims()));
  }
  const bool cip = ctx.node().GetInt("count_include_pad", 0) != 0;
  const int64_t NC = x->dims()[0] * x->dims()[1], ih = g.in[0], iw = g.in[1], oh = g.out[0],
                ow = g.out[1];
  OL_ASSIGN_OR_RETURN(Tensor y,
                      NewTensor(ctx, DataType::kFloat, {x->dims()[0], x->dims()[1], oh, ow}));
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
  if (is_max && !global) {
    if (!WorkspaceFits(PhasePlaneFloats(g)))
      return ctx.Decline("the max-pooling phase planes of this padding would not fit in memory");
    MaxPool2D(X, g, NC, Y, ctx.pool());
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  if (global && !is_max) {
    // Summed as ONNX Runtime's global pooling kernel sums (MlasPoolGlobalKernel): four lanes
    // over the plane, the lanes as (l0 + l2) + (l1 + l3), the rest one by one, divided by the
    // plane's size. The same order gives the same bits, so a dynamically quantized model whose
    // next DynamicQuantizeLinear would flip a step on a last-bit difference (ppocr_det's
    // squeeze-and-excitation blocks) runs as it does there.
    const int64_t plane = ih * iw;
    const float size = static_cast<float>(plane);
    Parallel(ctx, NC, std::max<int64_t>(1, kEltGrain / std::max<int64_t>(plane, 1)),
             [&](int64_t s, int64_t e) {
               for (int64_t nc = s; nc < e; ++nc) {
                 const float* xp = X + nc * plane;
                 __m128 acc = _mm_setzero_ps();
                 int64_t i = 0;
                 for (; i + 4 <= plane; i += 4) acc = _mm_add_ps(acc, _mm_loadu_ps(xp + i));
                 acc = _mm_add_ps(acc, _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(3, 2, 3, 2)));
                 acc = _mm_add_ps(acc, _mm_shuffle_ps(acc, acc, _MM_SHUFFLE(1, 1, 1, 1)));
                 float sum = _mm_cvtss_f32(acc);
                 for (; i < plane; ++i) sum += xp[i];
                 Y[nc] = sum / size;
               }
             });
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  // Valid tap range [lo, hi) of one output coordinate along one axis (no bounds checks inside).
  auto taps = [](int64_t start, int64_t k, int64_t dil, int64_t limit, int64_t* lo, int64_t* hi) {
    *lo = start >= 0 ? 0 : (-start + dil - 1) / dil;
    *hi = start + (k - 1) * dil < limit ? k : (limit - start + dil - 1) / dil;
    if (*hi < *lo) *hi = *lo;
  };
  Parallel(ctx, NC, 1, [&](int64_t s, int64_t e) {
    for (int64_t nc = s; nc < e; ++nc) {
      const float* xp = X + nc * ih * iw;
      float* yp = Y + nc * oh * ow;
      for (int64_t oy = 0; oy < oh; ++oy) {
        const int64_t y0 = oy * g.strides[0] - g.pads[0];
        int64_t ky0, ky1, py0, py1;
        taps(y0, g.kernel[0], g.dilations[0], ih, &ky0, &ky1);
        taps(y0, g.kernel[0], g.dilations[0], ih + g.pads[2], &py0, &py1);
        for (int64_t ox = 0; ox < ow; ++ox) {
          const int64_t x0 = ox * g.strides[1] - g.pads[1];
          int64_t kx0, kx1, px0, px1;
          taps(x0, g.kernel[1], g.dilations[1], iw, &kx0, &kx1);
          float acc = is_max ? -std::numeric_limits<float>::infinity() : 0.f;
          for (int64_t ky = ky0; ky < ky1; ++ky) {
            const float* row = xp + (y0 + ky * g.dilations[0]) * iw + x0;
            for (int64_t kx = kx0; kx < kx1; ++kx) {
              const float v = row[kx * g.dilations[1]];
              if (is_max)
                acc = v > acc ? v : acc;
              else
                acc += v;
            }
          }
          if (!is_max) {
            int64_t denom = (ky1 - ky0) * (kx1 - kx0);
            if (cip) {
              // count_include_pad counts the begin/end padding but not what ceil_mode adds past it
              int64_t pyl = y0 < -g.pads[0] ? (-g.pads[0] - y0) : 0,
                      pxl = x0 < -g.pads[1] ? (-g.pads[1] - x0) : 0;
              taps(x0, g.kernel[1], g.dilations[1], iw + g.pads[3], &px0, &px1);
              denom = (py1 - std::max<int64_t>(0, pyl)) * (px1 - std::max<int64_t>(0, pxl));
            }
            acc = denom ? acc / float(denom) : 0.f;
          }
          yp[oy * ow + ox] = acc;
        }
      }
    }
  });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ---- softmax over the last axis (opset >= 13, or axis = rank-1) ----

#ifdef OL_VEC_AVX2
// One softmax row 8 lanes wide: the maximum (a NaN ignored, as std::max does), exp(x - max) with
// vec::ExpNeg8, the sum in 2 x 4 double lanes (the scalar loop's double sum, reassociated), then
// the scale or the log form. The scalar loop spent most of its time in the max and the sum's
// dependency chains (bert_tiny's 512 rows of 128 per layer).
__attribute__((target("avx2,fma"))) void SoftmaxRowAvx2(const float* xr, float* yr, int64_t len,
                                                        bool log) {
  __m256 vmx = _mm256_set1_ps(-std::numeric_limits<float>::infinity());
  int64_t i = 0;
  for (; i + 8 <= len; i += 8) vmx = _mm256_max_ps(_mm256_loadu_ps(xr + i), vmx);
  float lanes[8];
  _mm256_storeu_ps(lanes, vmx);
  float mx = -std::numeric_limits<float>::infinity();
  for (float l : lanes) mx = std::max(mx, l);
  for (; i < len; ++i) mx = std::max(mx, xr[i]);
  const __m256 vm = _mm256_set1_ps(mx);
  __m256d s0 = _mm256_setzero_pd(), s1 = _mm256_setzero_pd();
  for (i = 0; i + 8 <= len; i += 8) {
    const __m256 e = vec::ExpNeg8(_mm256_sub_ps(_mm256_loadu_ps(xr + i), vm));
    _mm256_storeu_ps(yr + i, e);
    s0 = _mm256_add_pd(s0, _mm256_cvtps_pd(_mm256_castps256_ps128(e)));
    s1 = _mm256_add_pd(s1, _mm256_cvtps_pd(_mm256_extractf128_ps(e, 1)));
  }
  double parts[4];
  _mm256_storeu_pd(parts, _mm256_add_pd(s0, s1));
  double sum = (parts[0] + parts[1]) + (parts[2] + parts[3]);
  for (; i < len; ++i) sum += (yr[i] = vec::ExpNeg(xr[i] - mx));
  if (log) {
    const float ls = static_cast<float>(std::log(sum));
    for (i = 0; i < len; ++i) yr[i] = xr[i] - mx - ls;
    return;
  }
  const float inv = static_cast<float>(1.0 / sum);
  const __m256 vinv = _mm256_set1_ps(inv);
  for (i = 0; i + 8 <= len; i += 8)
    _mm256_storeu_ps(yr + i, _mm256_mul_ps(_mm256_loadu_ps(yr + i), vinv));
  for (; i < len; ++i) yr[i] *= inv;
}
#endif

Status CpuSoftmax(OpKernelContext& ctx, int64_t opset, bool log) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis,
                      NormalizeAxis(ctx, ctx.node().GetInt("axis", opset >= 13 ? -1 : 1), rank));
  int64_t rows = 1, len = 1;
  if (opset >= 13 && axis != rank - 1)
    return ctx.Decline("the cpu softmax kernel reduces the last axis only");
  for (int64_t d = 0; d < axis; ++d) rows *= x->dims()[d];
  for (int64_t d = axis; d < rank; ++d) len *= x->dims()[d];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x->dims()));
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
#ifdef OL_VEC_AVX2
  const bool avx2 = vec::HasAvx2Fma();
#endif
  Parallel(ctx, rows, std::max<int64_t>(1, kEltGrain / std::max<int64_t>(len, 1)),
           [&](int64_t s, int64_t e) {
             for (int64_t r = s; r < e; ++r) {
               const float* xr = X + r * len;
               float* yr = Y + r * len;
#ifdef OL_VEC_AVX2
               if (avx2) {
                 SoftmaxRowAvx2(xr, yr, len, log);
                 continue;
               }
#endif
               float mx = -std::numeric_limits<float>::infinity();
               for (int64_t i = 0; i < len; ++i) mx = std::max(mx, xr[i]);
               double sum = 0;
               for (int64_t i = 0; i < len; ++i) yr[i] = xr[i] - mx;
               vec::Map(yr, yr, len, vec::ExpNeg, [](auto v) { return vec::ExpNeg4(v); });
               for (int64_t i = 0; i < len; ++i) sum += yr[i];
               if (log) {
                 const float ls = static_cast<float>(std::log(sum));
                 for (int64_t i = 0; i < len; ++i) yr[i] = xr[i] - mx - ls;
               } else {
                 const float inv = static_cast<float>(1.0 / sum);
                 for (int64_t i = 0; i < len; ++i) yr[i] *= inv;
               }
             }
           });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ---- Transpose: copy with an odometer over the output, innermost input stride as step ----

// dst[c][r] = src[r][c] for r in [r0, r1), c in [c0, c1); src is R x C, dst is C x R. 4x4 blocks
// go through SSE registers (whole 16-byte rows in, whole rows out), the edges one by one.
void Transpose2DTile(const float* src, float* dst, int64_t R, int64_t C, int64_t r0, int64_t r1,
                     int64_t c0, int64_t c1) {
  int64_t r = r0;
  for (; r + 4 <= r1; r += 4) {
    int64_t c = c0;
    for (; c + 4 <= c1; c += 4) {
      __m128 a = _mm_loadu_ps(src + r * C + c), b = _mm_loadu_ps(src + (r + 1) * C + c);
      __m128 e = _mm_loadu_ps(src + (r + 2) * C + c), f = _mm_loadu_ps(src + (r + 3) * C + c);
      _MM_TRANSPOSE4_PS(a, b, e, f);
      _mm_storeu_ps(dst + c * R + r, a);
      _mm_storeu_ps(dst + (c + 1) * R + r, b);
      _mm_storeu_ps(dst + (c + 2) * R + r, e);
      _mm_storeu_ps(dst + (c + 3) * R + r, f);
    }
    for (; c < c1; ++c)
      for (int64_t k = 0; k < 4; ++k) dst[c * R + r + k] = src[(r + k) * C + c];
  }
  for (; r < r1; ++r)
    for (int64_t c = c0; c < c1; ++c) dst[c * R + r] = src[r * C + c];
}

// Transpose of any fixed-size element (uint8 / int8 tensors of a QDQ transformer's attention,
// int64 shapes): strided copies of `E`, the storage type of the element's size.
template <typename E>
void TransposeElements(const Tensor& x, Tensor& y, const std::vector<int64_t>& dims,
                       const std::vector<int64_t>& pstr) {
  const E* X = static_cast<const E*>(x.raw());
  E* Y = static_cast<E*>(y.mutable_raw());
  ForEachBroadcast(
      dims, {pstr},
      [&](int64_t o, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        const E* src = X + off[0];
        if (in[0] == 1) {
          std::memcpy(Y + o, src, sizeof(E) * n);
        } else {
          for (int64_t i = 0; i < n; ++i) Y[o + i] = src[i * in[0]];
        }
      });
}

Status CpuTranspose(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dtype() == DataType::kString)
    return ctx.Decline("the cpu Transpose copies fixed-size types");
  const size_t rank = x->dims().size();
  std::vector<int64_t> perm = ctx.node().GetInts("perm");
  if (perm.empty())
    for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(rank - 1 - i));
  OL_RETURN_IF_ERROR(CheckPermutation(ctx, perm, rank));
  const auto in_str = Strides(x->dims());
  std::vector<int64_t> dims(rank), pstr(rank);
  for (size_t i = 0; i < rank; ++i) {
    dims[i] = x->dims()[perm[i]];
    pstr[i] = in_str[perm[i]];
  }
  if (x->dtype() != DataType::kFloat) {
    OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, x->dtype(), dims));
    if (out.numel() > 0) {
      const size_t elem = x->nbytes() / static_cast<size_t>(x->numel());
      if (elem == 1)
        TransposeElements<uint8_t>(*x, out, dims, pstr);
      else if (elem == 2)
        TransposeElements<uint16_t>(*x, out, dims, pstr);
      else if (elem == 4)
        TransposeElements<uint32_t>(*x, out, dims, pstr);
      else if (elem == 8)
        TransposeElements<uint64_t>(*x, out, dims, pstr);
      else
        return ctx.Decline("the cpu Transpose copies elements of 1, 2, 4 or 8 bytes");
    }
    ctx.SetOutput(0, std::move(out));
    return Status::Ok();
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, dims));
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
  bool swap_last2 = rank >= 2 && perm[rank - 1] == static_cast<int64_t>(rank - 2) &&
                    perm[rank - 2] == static_cast<int64_t>(rank - 1);
  for (size_t i = 0; i + 2 < rank && swap_last2; ++i)
    swap_last2 = perm[i] == static_cast<int64_t>(i);
  if (swap_last2) {
    // A batch of 2-D transposes, in 32x32 tiles so reads and writes both stay in cache.
    const int64_t R = x->dims()[rank - 2], C = x->dims()[rank - 1];
    const int64_t batch = (R != 0 && C != 0) ? x->numel() / (R * C) : 0;
    constexpr int64_t kTile = 32;
    Parallel(ctx, batch * ((R + kTile - 1) / kTile), 1, [&](int64_t s, int64_t e) {
      for (int64_t t = s; t < e; ++t) {
        const int64_t b = t / ((R + kTile - 1) / kTile),
                      r0 = (t % ((R + kTile - 1) / kTile)) * kTile;
        const float* src = X + b * R * C;
        float* dst = Y + b * R * C;
        for (int64_t c0 = 0; c0 < C; c0 += kTile)
          Transpose2DTile(src, dst, R, C, r0, std::min(R, r0 + kTile), c0, std::min(C, c0 + kTile));
      }
    });
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  ForEachBroadcast(
      dims, {pstr},
      [&](int64_t o, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        const float* src = X + off[0];
        if (in[0] == 1) {
          std::memcpy(Y + o, src, sizeof(float) * n);
        } else {
          for (int64_t i = 0; i < n; ++i) Y[o + i] = src[i * in[0]];
        }
      });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// ReduceMean / ReduceSum over one contiguous run of axes (keepdims or not): the trailing axes of
// the LayerNorm pattern, or a middle axis as silero_vad's mean over [1, 129, 24]'s channels (15 us
// on the reference kernel, ~1 us here). The input is viewed as [outer, red, inner].
Status ReduceContiguous(OpKernelContext& ctx, int64_t opset, bool mean) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<int64_t> axes;
  const bool axes_input = mean ? opset >= 18 : opset >= 13;
  if (axes_input) {
    if (const Tensor* t = ctx.tensor(1)) {
      OL_ASSIGN_OR_RETURN(axes, ReadInts(ctx, *t, "axes"));
    }
  } else {
    axes = ctx.node().GetInts("axes");
  }
  if (axes.empty() || rank == 0) return ctx.Decline("reduce over all axes");
  std::vector<bool> red(rank, false);
  for (int64_t a : axes) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, a, rank));
    red[ax] = true;
  }
  int64_t first = 0;
  while (!red[first]) ++first;
  int64_t last = first;
  while (last + 1 < rank && red[last + 1]) ++last;
  for (int64_t d = last + 1; d < rank; ++d) {
    if (red[d]) return ctx.Decline("reduced axes are not one contiguous run");
  }
  const bool keep = ctx.node().GetInt("keepdims", 1) != 0;
  std::vector<int64_t> dims;
  int64_t outer = 1, count = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t n = x->dims()[d];
    if (d < first) {
      outer *= n;
    } else if (d <= last) {
      count *= n;
    } else {
      inner *= n;
    }
    if (d < first || d > last) {
      dims.push_back(n);
    } else if (keep) {
      dims.push_back(1);
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, dims));
  const float* X = x->data<float>();
  float* Y = y.mutable_data<float>();
  auto finish = [mean, count](double acc) {
    return static_cast<float>(mean ? (count ? acc / double(count) : std::nan("")) : acc);
  };
  if (inner == 1) {
    Parallel(ctx, outer, std::max<int64_t>(1, kEltGrain / std::max<int64_t>(count, 1)),
             [&](int64_t s, int64_t e) {
               for (int64_t o = s; o < e; ++o) {
                 // Eight independent double sums: one chain waited on each add's latency
                 // (bert_tiny's LayerNorm ReduceMean over 256 values: 25 us per [1, 128, 256]).
                 double part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
                 const float* p = X + o * count;
                 int64_t i = 0;
                 for (; i + 8 <= count; i += 8)
                   for (int k = 0; k < 8; ++k) part[k] += p[i + k];
                 double acc = ((part[0] + part[1]) + (part[2] + part[3])) +
                              ((part[4] + part[5]) + (part[6] + part[7]));
                 for (; i < count; ++i) acc += p[i];
                 Y[o] = finish(acc);
               }
             });
  } else {
    // Column sums: each reduced row is added into `inner` accumulators, contiguous reads.
    Parallel(ctx, outer, std::max<int64_t>(1, kEltGrain / std::max<int64_t>(count * inner, 1)),
             [&](int64_t s, int64_t e) {
               std::vector<double> acc(static_cast<size_t>(inner));
               for (int64_t o = s; o < e; ++o) {
                 std::fill(acc.begin(), acc.end(), 0.0);
                 const float* p = X + o * count * inner;
                 for (int64_t r = 0; r < count; ++r, p += inner)
                   for (int64_t i = 0; i < inner; ++i) acc[i] += p[i];
                 for (int64_t i = 0; i < inner; ++i) Y[o * inner + i] = finish(acc[i]);
               }
             });
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuElementwiseKernels(KernelRegistry& r) {
  AddCpu(r, "Add", 7, CpuBinary<Bin::kAdd>);
  AddCpu(r, "Sub", 7, CpuBinary<Bin::kSub>);
  AddCpu(r, "Mul", 7, CpuBinary<Bin::kMul>);
  AddCpu(r, "Div", 7, CpuBinary<Bin::kDiv>);
  AddCpu(r, "Pow", 7, Pow);
  AddCpu(r, "Relu", 6, [](OpKernelContext& c, int64_t) {
    return Unary(c, [](float v) { return v > 0.f ? v : 0.f; });
  });
  AddCpu(r, "Sigmoid", 6, [](OpKernelContext& c, int64_t) {
    return UnaryVec(c, vec::Sigmoid, [](auto v) { return vec::Sigmoid4(v); });
  });
  r.Register({"com.microsoft",
              "QuickGelu",
              1,
              1000,
              kCpuProvider,
              {DataType::kFloat},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([](OpKernelContext& c) {
                      const float a = c.node().GetFloat("alpha", 1.702f);
                      return UnaryVec(
                          c, [a](float v) { return v * vec::Sigmoid(a * v); },
                          [a](auto v) {
                            return _mm_mul_ps(v, vec::Sigmoid4(_mm_mul_ps(_mm_set1_ps(a), v)));
                          });
                    }));
              }});
  AddCpu(r, "Tanh", 6, [](OpKernelContext& c, int64_t) {
    return UnaryVec(c, vec::Tanh, [](auto v) { return vec::Tanh4(v); });
  });
  AddCpu(r, "Erf", 9, [](OpKernelContext& c, int64_t) {
#ifdef OL_VEC_AVX2
    if (vec::HasAvx2Fma()) return ErfAvx2(c);
#endif
    return UnaryVec(c, vec::Erf, [](auto v) { return vec::Erf4(v); });
  });
  AddCpu(r, "ReduceMean", 1,
         [](OpKernelContext& c, int64_t o) { return ReduceContiguous(c, o, true); });
  AddCpu(r, "ReduceSum", 1,
         [](OpKernelContext& c, int64_t o) { return ReduceContiguous(c, o, false); });
  AddCpu(r, "Sqrt", 6, [](OpKernelContext& c, int64_t) {
    return Unary(c, [](float v) { return std::sqrt(v); });
  });
  AddCpu(r, "Exp", 6,
         [](OpKernelContext& c, int64_t) { return Unary(c, [](float v) { return std::exp(v); }); });
  AddCpu(r, "Log", 6,
         [](OpKernelContext& c, int64_t) { return Unary(c, [](float v) { return std::log(v); }); });
  AddCpu(r, "Neg", 6,
         [](OpKernelContext& c, int64_t) { return Unary(c, [](float v) { return -v; }); });
  AddCpu(r, "HardSigmoid", 6, [](OpKernelContext& c, int64_t) {
    const float a = c.node().GetFloat("alpha", 0.2f), b = c.node().GetFloat("beta", 0.5f);
    return Unary(c, [a, b](float v) { return std::max(0.f, std::min(1.f, a * v + b)); });
  });
  AddCpu(r, "HardSwish", 14, [](OpKernelContext& c, int64_t) {
    return Unary(c, [](float v) { return v * std::max(0.f, std::min(1.f, v / 6.f + 0.5f)); });
  });
  AddCpu(r, "LeakyRelu", 6, [](OpKernelContext& c, int64_t) {
    const float a = c.node().GetFloat("alpha", 0.01f);
    return Unary(c, [a](float v) { return v < 0.f ? v * a : v; });
  });
  AddCpu(r, "Clip", 6, CpuClip);
  r.Register({"",
              "Clip",
              12,
              1000,
              kCpuProvider,
              {DataType::kUint8, DataType::kInt8},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([](OpKernelContext& ctx) {
                      OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
                      return x->dtype() == DataType::kInt8 ? ClipInteger<int8_t>(ctx)
                                                           : ClipInteger<uint8_t>(ctx);
                    }));
              }});
  AddCpu(r, "BatchNormalization", 9, CpuBatchNorm);
  AddCpu(r, "MaxPool", 8, [](OpKernelContext& c, int64_t) { return Pool2D(c, true, false); });
  AddCpu(r, "AveragePool", 7, [](OpKernelContext& c, int64_t) { return Pool2D(c, false, false); });
  AddCpu(r, "GlobalAveragePool", 1,
         [](OpKernelContext& c, int64_t) { return Pool2D(c, false, true); });
  AddCpu(r, "GlobalMaxPool", 1, [](OpKernelContext& c, int64_t) { return Pool2D(c, true, true); });
  AddCpu(r, "Softmax", 1, [](OpKernelContext& c, int64_t o) { return CpuSoftmax(c, o, false); });
  AddCpu(r, "LogSoftmax", 1, [](OpKernelContext& c, int64_t o) { return CpuSoftmax(c, o, true); });
  AddCpu(r, "Transpose", 1, CpuTranspose);
  r.Register(
      {"",
       "Transpose",
       1,
       1000,
       kCpuProvider,
       {DataType::kUint8, DataType::kInt8, DataType::kUint16, DataType::kInt16, DataType::kInt32,
        DataType::kInt64, DataType::kBool, DataType::kFloat16, DataType::kDouble},
       [](const KernelInfo&) {
         return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
             [](OpKernelContext& ctx) { return CpuTranspose(ctx, 1); }));
       }});
}

}  // namespace onnxlens::kernels
