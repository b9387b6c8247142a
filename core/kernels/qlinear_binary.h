// The arithmetic of com.microsoft QLinearAdd / QLinearMul (ONNX Runtime's contrib ops, which
// qdq-node-units makes of DequantizeLinear -> Add / Mul -> QuantizeLinear units), shared by the
// reference kernel and the cpu kernel so that the two agree bit for bit.
//
// ONNX does not define these ops; ONNX Runtime does, and its x86 kernels fix the rounding. The
// numbers here are those, so a model runs the same in both runtimes:
// - Add: with ra = sa / sc and rb = sb / sc, y = round(a * ra + (b * rb + fixed)) with both
//   multiply-adds fused (one rounding each) and fixed = zc - fma(ra, za, rb * zb) (ONNX Runtime's
//   build contracts its `ra * za + rb * zb` so; unfused, the fixed part can differ in its last bit
//   and flip a rounding: 13 of 75264 values of mobilenet_v2's first residual Add); when one input
//   is a single value it joins the fixed part first (fixed + b * rb, not fused) and the other is
//   `a` (ONNX Runtime swaps the inputs when A is the single one).
// - Mul: y = round(float((a - za) * (b - zb)) * (sa * sb / sc) + zc), multiply then add.
// round is to nearest, ties to even; a value outside int32 (or NaN) becomes INT32_MIN, as x86's
// conversion makes it; the result saturates to the output type.
// Files that compute these must not let the compiler fuse a multiply and an add on its own
// (-ffp-contract=off, set in core/CMakeLists.txt).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace onnxlens::kernels::qlinear {

struct AddParams {
  float ra = 0, rb = 0, fixed = 0;
};

inline AddParams MakeAddParams(float sa, int32_t za, float sb, int32_t zb, float sc, int32_t zc) {
  AddParams p;
  p.ra = sa / sc;
  p.rb = sb / sc;
  const float zb_part = p.rb * static_cast<float>(zb);
  p.fixed = static_cast<float>(zc) - std::fma(p.ra, static_cast<float>(za), zb_part);
  return p;
}

/// Both inputs vary: fma(a, ra, fma(b, rb, fixed)).
inline float AddValue(int32_t a, int32_t b, const AddParams& p) {
  return std::fma(static_cast<float>(a), p.ra, std::fma(static_cast<float>(b), p.rb, p.fixed));
}

/// The fixed part with an input's single value `v` (and its ratio `r`) folded in.
inline float AddFixedWithScalar(int32_t v, float r, float fixed) {
  const float part = static_cast<float>(v) * r;
  return fixed + part;
}

/// One input varies (`a`), the other is folded into `fixed` (AddFixedWithScalar).
inline float AddValueScalar(int32_t a, float ra, float fixed) {
  return std::fma(static_cast<float>(a), ra, fixed);
}

struct MulParams {
  float ratio = 0, zc = 0;
  int32_t za = 0, zb = 0;
};

inline MulParams MakeMulParams(float sa, int32_t za, float sb, int32_t zb, float sc, int32_t zc) {
  MulParams p;
  const float sab = sa * sb;
  p.ratio = sab / sc;
  p.zc = static_cast<float>(zc);
  p.za = za;
  p.zb = zb;
  return p;
}

inline float MulValue(int32_t a, int32_t b, const MulParams& p) {
  const float prod = static_cast<float>((a - p.za) * (b - p.zb)) * p.ratio;
  return prod + p.zc;
}

/// Rounds half to even as x86's float -> int32 conversion does (INT32_MIN when out of range or
/// NaN), then saturates to T.
template <typename T>
T Saturate(float v) {
  int32_t i = std::numeric_limits<int32_t>::min();
  if (v >= -2147483648.0f && v < 2147483648.0f) i = static_cast<int32_t>(std::nearbyint(v));
  if (i < std::numeric_limits<T>::min()) return std::numeric_limits<T>::min();
  if (i > std::numeric_limits<T>::max()) return std::numeric_limits<T>::max();
  return static_cast<T>(i);
}

}  // namespace onnxlens::kernels::qlinear
