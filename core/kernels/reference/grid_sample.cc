// Reference GridSample (opset 16, 4-D): every output pixel samples X at the grid's normalized
// (x, y) with bilinear, nearest or bicubic (a = -0.75) interpolation and zeros, border or
// reflection padding, align_corners either way; the arithmetic of ONNX's reference (and of
// PyTorch's grid_sample, which produced the backend tests' outputs).
#include <cmath>
#include <string>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

enum class Mode { kBilinear, kNearest, kBicubic };
enum class Padding { kZeros, kBorder, kReflection };

double Denormalize(double n, int64_t length, bool align_corners) {
  return align_corners ? (n + 1) / 2.0 * static_cast<double>(length - 1)
                       : ((n + 1) * static_cast<double>(length) - 1) / 2.0;
}

// Reflects x into [lo, hi] (a degenerate range answers lo).
double Reflect(double x, double lo, double hi) {
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

struct Plane {
  const double* data;
  int64_t h, w;
  Padding padding;
  double lo_x, lo_y, hi_x, hi_y;  // the reflection borders

  double At(double yf, double xf) const {
    if (padding == Padding::kZeros) {
      if (xf < 0 || xf >= static_cast<double>(w) || yf < 0 || yf >= static_cast<double>(h))
        return 0.0;
    } else if (padding == Padding::kReflection) {
      xf = std::trunc(Reflect(xf, lo_x, hi_x));
      yf = std::trunc(Reflect(yf, lo_y, hi_y));
    }
    // border (and a reflection that lands on the edge): clamp, which also keeps every read
    // inside the plane.
    const int64_t x = static_cast<int64_t>(std::min(std::max(xf, 0.0), static_cast<double>(w - 1)));
    const int64_t y = static_cast<int64_t>(std::min(std::max(yf, 0.0), static_cast<double>(h - 1)));
    return data[y * w + x];
  }
};

void CubicCoeffs(double x, double c[4]) {
  constexpr double a = -0.75;
  x = std::abs(x);
  c[0] = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a;
  c[1] = ((a + 2) * x - (a + 3)) * x * x + 1;
  c[2] = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1;
  c[3] = ((a * (2 - x) - 5 * a) * (2 - x) + 8 * a) * (2 - x) - 4 * a;
}

double Sample(const Plane& p, double x, double y, Mode mode, bool align_corners) {
  const double x_min = align_corners ? 0.0 : -0.5, y_min = x_min;
  const double x_max =
      align_corners ? static_cast<double>(p.w) - 1 : static_cast<double>(p.w) - 0.5;
  const double y_max =
      align_corners ? static_cast<double>(p.h) - 1 : static_cast<double>(p.h) - 0.5;
  if (mode == Mode::kNearest) {
    x = std::nearbyint(x);
    y = std::nearbyint(y);
  }
  if (x < x_min || x > x_max || y < y_min || y > y_max) {
    if (p.padding == Padding::kBorder) {
      x = std::min(std::max(x, 0.0), static_cast<double>(p.w - 1));
      y = std::min(std::max(y, 0.0), static_cast<double>(p.h - 1));
    } else if (p.padding == Padding::kReflection) {
      x = Reflect(x, x_min, x_max);
      y = Reflect(y, y_min, y_max);
    }
  }
  switch (mode) {
    case Mode::kNearest:
      return p.At(std::nearbyint(y), std::nearbyint(x));
    case Mode::kBilinear: {
      const double x1 = std::floor(x), y1 = std::floor(y), x2 = x1 + 1, y2 = y1 + 1;
      const double p11 = p.At(y1, x1), p12 = p.At(y1, x2), p21 = p.At(y2, x1), p22 = p.At(y2, x2);
      const double dx2 = x2 - x, dx1 = x - x1, dy2 = y2 - y, dy1 = y - y1;
      return dy2 * (dx2 * p11 + dx1 * p12) + dy1 * (dx2 * p21 + dx1 * p22);
    }
    case Mode::kBicubic: {
      const double x0 = std::floor(x) - 1, y0 = std::floor(y) - 1;
      double cx[4], cy[4];
      CubicCoeffs(x - x0 - 1, cx);
      CubicCoeffs(y - y0 - 1, cy);
      double out = 0;
      for (int i = 0; i < 4; ++i) {
        double row = 0;
        for (int j = 0; j < 4; ++j) row += cx[j] * p.At(y0 + i, x0 + j);
        out += cy[i] * row;
      }
      return out;
    }
  }
  return 0;
}

Status GridSample(OpKernelContext& ctx, int64_t) {
  const ir::Node& node = ctx.node();
  const std::string mode_name = node.GetString("mode", "bilinear");
  const std::string pad_name = node.GetString("padding_mode", "zeros");
  Mode mode;
  if (mode_name == "bilinear")
    mode = Mode::kBilinear;
  else if (mode_name == "nearest")
    mode = Mode::kNearest;
  else if (mode_name == "bicubic")
    mode = Mode::kBicubic;
  else
    return ctx.Error("mode '" + mode_name + "' is not one of bilinear, nearest, bicubic");
  Padding padding;
  if (pad_name == "zeros")
    padding = Padding::kZeros;
  else if (pad_name == "border")
    padding = Padding::kBorder;
  else if (pad_name == "reflection")
    padding = Padding::kReflection;
  else
    return ctx.Error("padding_mode '" + pad_name + "' is not one of zeros, border, reflection");
  const int64_t align = node.GetInt("align_corners", 0);
  if (align != 0 && align != 1) return ctx.Error("align_corners must be 0 or 1");

  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* grid, ctx.RequireTensor(1));
  if (x->dims().size() != 4)
    return ctx.Error("input X has shape " + ShapeString(x->dims()) + ", expected [N, C, H, W]");
  const int64_t N = x->dims()[0], C = x->dims()[1], H = x->dims()[2], W = x->dims()[3];
  if (grid->dims().size() != 4 || grid->dims()[0] != N || grid->dims()[3] != 2)
    return ctx.Error("input grid has shape " + ShapeString(grid->dims()) + ", expected [" +
                     std::to_string(N) + ", H_out, W_out, 2]");
  const int64_t Ho = grid->dims()[1], Wo = grid->dims()[2];
  const std::vector<int64_t> out_dims = {N, C, Ho, Wo};
  OL_ASSIGN_OR_RETURN(const int64_t total, CheckOutputSize(ctx, out_dims, "output Y"));
  std::vector<double> out(static_cast<size_t>(total), 0.0);
  if (total > 0 && (H == 0 || W == 0))
    return ctx.Error("input X has shape " + ShapeString(x->dims()) + ": nothing to sample");
  if (total > 0) {
    const std::vector<double> xv = ToDoubles(*x), gv = ToDoubles(*grid);
    const bool ac = align == 1;
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < C; ++c) {
        Plane p{xv.data() + (n * C + c) * H * W, H, W, padding, 0, 0, 0, 0};
        p.lo_x = ac ? 0.0 : -0.5;
        p.lo_y = p.lo_x;
        p.hi_x = ac ? static_cast<double>(W) - 1 : static_cast<double>(W) - 0.5;
        p.hi_y = ac ? static_cast<double>(H) - 1 : static_cast<double>(H) - 0.5;
        for (int64_t oy = 0; oy < Ho; ++oy)
          for (int64_t ox = 0; ox < Wo; ++ox) {
            const double* g = gv.data() + ((n * Ho + oy) * Wo + ox) * 2;
            const double sx = Denormalize(g[0], W, ac), sy = Denormalize(g[1], H, ac);
            out[static_cast<size_t>(((n * C + c) * Ho + oy) * Wo + ox)] =
                std::isfinite(sx) && std::isfinite(sy) ? Sample(p, sx, sy, mode, ac) : 0.0;
          }
      }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, out_dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterGridSampleKernels(KernelRegistry& r) {
  AddKernel(r, "", "GridSample", 16, GridSample);
}

}  // namespace onnxlens::kernels
