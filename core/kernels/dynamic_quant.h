// DynamicQuantizeLinear's arithmetic, shared by the cpu kernel and the dnnl
// DynamicQuantizeMatMul: the float32 range (always holding 0; NaN skipped), scale = range / 255,
// the zero point rounded half to even, and each value x / scale rounded half to even plus the
// zero point, saturated to [0, 255] (NaN -> 0) — bit for bit the reference kernel's, in loops the
// compiler vectorizes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace onnxlens::kernels {

/// Folds x[b, e) into the range [*lo, *hi] (which starts as [0, 0]); NaN is skipped.
inline void DynamicRange(const float* x, int64_t b, int64_t e, float* lo, float* hi) {
  float mn = *lo, mx = *hi;
  int64_t i = b;
#if defined(__SSE2__)
  // Four lanes (GCC does not vectorize a float min / max reduction without -ffast-math: this was
  // half of a DynamicQuantizeLinear's time). minps(x, m) is m when x is NaN, as the scalar
  // x < m ? x : m below; min and max are exact, so the lanes' order does not matter.
  if (e - i >= 8) {
    __m128 vmn = _mm_set1_ps(mn), vmx = _mm_set1_ps(mx);
    for (; i + 4 <= e; i += 4) {
      const __m128 v = _mm_loadu_ps(x + i);
      vmn = _mm_min_ps(v, vmn);
      vmx = _mm_max_ps(v, vmx);
    }
    alignas(16) float l[4], h[4];
    _mm_store_ps(l, vmn);
    _mm_store_ps(h, vmx);
    for (int k = 0; k < 4; ++k) {
      mn = l[k] < mn ? l[k] : mn;
      mx = h[k] > mx ? h[k] : mx;
    }
  }
#endif
  for (; i < e; ++i) {
    mn = x[i] < mn ? x[i] : mn;
    mx = x[i] > mx ? x[i] : mx;
  }
  *lo = mn;
  *hi = mx;
}

struct DynamicQuantParams {
  float scale = 0;
  float zero_point = 0;  ///< a whole number in [0, 255]
};

inline DynamicQuantParams DynamicParamsOf(float lo, float hi) {
  DynamicQuantParams p;
  p.scale = (hi - lo) / 255.0f;
  p.zero_point = p.scale == 0.f ? 0.f : std::clamp(std::nearbyint(0.f - lo / p.scale), 0.f, 255.f);
  return p;
}

/// y[i] = saturate(round_half_even(x[i] / scale) + zero_point) for i in [b, e).
inline void DynamicQuantizeRange(const float* x, uint8_t* y, const DynamicQuantParams& p, int64_t b,
                                 int64_t e) {
  const uint8_t z = static_cast<uint8_t>(p.zero_point);
  if (p.scale == 0.f) {
    std::fill(y + b, y + e, z);
    return;
  }
  // Saturating before rounding is the same as after (the bounds are whole numbers) and keeps |v|
  // small enough for the add-and-subtract rounding (half to even in the default mode).
  const float lo = -p.zero_point, hi = 255.f - p.zero_point;
  const float magic = 12582912.f;  // 1.5 * 2^23
  int64_t i = b;
#if defined(__SSE2__)
  // Sixteen values a step, each lane the scalar loop's operations in its order (maxps(v, lo) is lo
  // for NaN, as v >= lo ? v : lo): GCC left the loop scalar, and its division made it most of a
  // DynamicQuantizeLinear's time.
  const __m128 vs = _mm_set1_ps(p.scale), vlo = _mm_set1_ps(lo), vhi = _mm_set1_ps(hi);
  const __m128 vmagic = _mm_set1_ps(magic), vzp = _mm_set1_ps(p.zero_point);
  auto lane = [&](const float* src) {
    __m128 v = _mm_div_ps(_mm_loadu_ps(src), vs);
    v = _mm_min_ps(_mm_max_ps(v, vlo), vhi);
    v = _mm_add_ps(_mm_sub_ps(_mm_add_ps(v, vmagic), vmagic), vzp);
    return _mm_cvttps_epi32(v);
  };
  for (; i + 16 <= e; i += 16) {
    const __m128i a = _mm_packs_epi32(lane(x + i), lane(x + i + 4));
    const __m128i c = _mm_packs_epi32(lane(x + i + 8), lane(x + i + 12));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i), _mm_packus_epi16(a, c));
  }
#endif
  for (; i < e; ++i) {
    float v = x[i] / p.scale;
    v = v >= lo ? v : lo;  // NaN -> lo: 0 after the zero point, as the reference kernel
    v = v <= hi ? v : hi;
    y[i] = static_cast<uint8_t>(((v + magic) - magic) + p.zero_point);
  }
}

}  // namespace onnxlens::kernels
