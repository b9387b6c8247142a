// DynamicQuantizeLinear's arithmetic, shared by the cpu kernel and the dnnl
// DynamicQuantizeMatMul: the float32 range (always holding 0; NaN skipped), scale = range / 255,
// the zero point rounded half to even, and each value x / scale rounded half to even plus the
// zero point, saturated to [0, 255] (NaN -> 0) — bit for bit the reference kernel's, in loops the
// compiler vectorizes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace onnxlens::kernels {

/// Folds x[b, e) into the range [*lo, *hi] (which starts as [0, 0]); NaN is skipped.
inline void DynamicRange(const float* x, int64_t b, int64_t e, float* lo, float* hi) {
  float mn = *lo, mx = *hi;
  for (int64_t i = b; i < e; ++i) {
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
  for (int64_t i = b; i < e; ++i) {
    float v = x[i] / p.scale;
    v = v >= lo ? v : lo;  // NaN -> lo: 0 after the zero point, as the reference kernel
    v = v <= hi ? v : hi;
    y[i] = static_cast<uint8_t>(((v + magic) - magic) + p.zero_point);
  }
}

}  // namespace onnxlens::kernels
