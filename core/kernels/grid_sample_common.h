// What the reference and cpu GridSample kernels share: the attributes and input checks
// (CheckGridSample, in reference/grid_sample.cc) and the coordinate arithmetic of ONNX's
// reference (denormalizing, reflecting, the bicubic a = -0.75 coefficients), so both compute the
// same source coordinates bit for bit.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/kernel.h"

namespace onnxlens::kernels::grid_sample {

enum class Mode { kBilinear, kNearest, kBicubic };
enum class Padding { kZeros, kBorder, kReflection };

struct Args {
  Mode mode = Mode::kBilinear;
  Padding padding = Padding::kZeros;
  bool align_corners = false;
  int64_t n = 0, c = 0, h = 0, w = 0, ho = 0, wo = 0;
  std::vector<int64_t> out_dims;  ///< [N, C, H_out, W_out]
  int64_t total = 0;              ///< elements of the output (within the output size cap)
};

/// The node's mode / padding_mode / align_corners and the shapes of X [N, C, H, W] and grid
/// [N, H_out, W_out, 2]; an error naming what is wrong (also an empty X to sample from).
Expected<Args> CheckGridSample(const OpKernelContext& ctx, const ir::Tensor& x,
                               const ir::Tensor& grid);

/// A normalized coordinate in [-1, 1] as a pixel coordinate of an axis of `length`.
inline double Denormalize(double n, int64_t length, bool align_corners) {
  return align_corners ? (n + 1) / 2.0 * static_cast<double>(length - 1)
                       : ((n + 1) * static_cast<double>(length) - 1) / 2.0;
}

/// Reflects x into [lo, hi] (a degenerate range answers lo).
inline double Reflect(double x, double lo, double hi) {
  const double range = hi - lo;
  if (!(range > 0)) return lo;
  if (x < lo) {
    const double dx = lo - x;
    const double n = std::floor(dx / range);
    const double r = dx - n * range;
    return std::fmod(n, 2.0) == 0 ? lo + r : hi - r;
  }
  if (x > hi) {
    const double dx = x - hi;
    const double n = std::floor(dx / range);
    const double r = dx - n * range;
    return std::fmod(n, 2.0) == 0 ? hi - r : lo + r;
  }
  return x;
}

/// The four bicubic weights (a = -0.75) of a point at fraction x past the second tap.
inline void CubicCoeffs(double x, double c[4]) {
  constexpr double a = -0.75;
  x = std::abs(x);
  c[0] = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a;
  c[1] = ((a + 2) * x - (a + 3)) * x * x + 1;
  c[2] = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1;
  c[3] = ((a * (2 - x) - 5 * a) * (2 - x) + 8 * a) * (2 - x) - 4 * a;
}

}  // namespace onnxlens::kernels::grid_sample
