// 8-wide AVX2 + FMA twins of vec_math.h's erf (same Abramowitz & Stegun 7.1.26 formula and the
// same exp polynomial, fused multiply-adds: within 1e-6 of the SSE2 form), compiled for that
// target only and chosen at run time (ErfMapAvx2 is called only where the CPU has AVX2 and FMA).
// The exact GELU of a QDQ transformer runs Erf on every intermediate activation (bert_tiny's
// [1, 128, 1024] four times a run): 220 us each with the 4-wide form.
#pragma once

#include <cstdint>

#include "common/cpu_isa.h"
#include "kernels/cpu/vec_math.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define OL_VEC_AVX2 1
#endif

namespace onnxlens::kernels::vec {

#ifdef OL_VEC_AVX2
/// True when the CPU runs AVX2 and FMA instructions.
/// True when the CPU runs AVX2 and FMA instructions and ONNXLENS_MAX_ISA allows them.
inline bool HasAvx2Fma() { return IsaAllows(Isa::kAvx2); }

__attribute__((target("avx2,fma"))) inline __m256 ExpNeg8(__m256 x) {
  // As ExpNeg4: min / max return their second operand when one is NaN, x last keeps a NaN.
  x = _mm256_min_ps(_mm256_setzero_ps(), _mm256_max_ps(_mm256_set1_ps(-87.f), x));
  const __m256i ni = _mm256_cvtps_epi32(_mm256_mul_ps(x, _mm256_set1_ps(1.44269504f)));
  const __m256 n = _mm256_cvtepi32_ps(ni);
  const __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(1.428606765330187e-06f),
                                    _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693145751953125f), x));
  __m256 p = _mm256_set1_ps(1.f / 720);
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 120));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 24));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 6));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f));
  const __m256i e = _mm256_slli_epi32(_mm256_add_epi32(ni, _mm256_set1_epi32(127)), 23);
  return _mm256_mul_ps(p, _mm256_castsi256_ps(e));
}

__attribute__((target("avx2,fma"))) inline __m256 Erf8(__m256 x) {
  const __m256 sign = _mm256_and_ps(x, _mm256_set1_ps(-0.f));
  const __m256 a = _mm256_min_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.f), x), _mm256_set1_ps(4.f));
  const __m256 t = _mm256_div_ps(
      _mm256_set1_ps(1.f), _mm256_fmadd_ps(_mm256_set1_ps(0.3275911f), a, _mm256_set1_ps(1.f)));
  __m256 p = _mm256_set1_ps(1.061405429f);
  p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(-1.453152027f));
  p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(1.421413741f));
  p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(-0.284496736f));
  p = _mm256_fmadd_ps(p, t, _mm256_set1_ps(0.254829592f));
  p = _mm256_mul_ps(p, t);
  const __m256 y = _mm256_fnmadd_ps(
      p, ExpNeg8(_mm256_sub_ps(_mm256_setzero_ps(), _mm256_mul_ps(a, a))), _mm256_set1_ps(1.f));
  return _mm256_or_ps(y, sign);
}

/// out[i] = erf(in[i]), 8 at a time, the tail with the scalar form.
__attribute__((target("avx2,fma"))) inline void ErfMapAvx2(const float* in, float* out, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, Erf8(_mm256_loadu_ps(in + i)));
  for (; i < n; ++i) out[i] = Erf(in[i]);
}
#endif

}  // namespace onnxlens::kernels::vec
