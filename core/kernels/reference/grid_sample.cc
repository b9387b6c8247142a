// Reference GridSample (opset 16, 4-D): every output pixel samples X at the grid's normalized
// (x, y) with bilinear, nearest or bicubic (a = -0.75) interpolation and zeros, border or
// reflection padding, align_corners either way; the arithmetic of ONNX's reference (and of
// PyTorch's grid_sample, which produced the backend tests' outputs).
#include <cmath>
#include <string>

#include "kernels/grid_sample_common.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

using grid_sample::CubicCoeffs;
using grid_sample::Denormalize;
using grid_sample::Mode;
using grid_sample::Padding;
using grid_sample::Reflect;

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
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* grid, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const grid_sample::Args args, grid_sample::CheckGridSample(ctx, *x, *grid));
  const Mode mode = args.mode;
  const Padding padding = args.padding;
  const int64_t N = args.n, C = args.c, H = args.h, W = args.w, Ho = args.ho, Wo = args.wo;
  const std::vector<int64_t>& out_dims = args.out_dims;
  const int64_t total = args.total;
  std::vector<double> out(static_cast<size_t>(total), 0.0);
  if (total > 0) {
    const std::vector<double> xv = ToDoubles(*x), gv = ToDoubles(*grid);
    const bool ac = args.align_corners;
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

Expected<grid_sample::Args> grid_sample::CheckGridSample(const OpKernelContext& ctx,
                                                         const Tensor& x, const Tensor& grid) {
  const ir::Node& node = ctx.node();
  const std::string mode_name = node.GetString("mode", "bilinear");
  const std::string pad_name = node.GetString("padding_mode", "zeros");
  Args a;
  if (mode_name == "bilinear")
    a.mode = Mode::kBilinear;
  else if (mode_name == "nearest")
    a.mode = Mode::kNearest;
  else if (mode_name == "bicubic")
    a.mode = Mode::kBicubic;
  else
    return ctx.Error("mode '" + mode_name + "' is not one of bilinear, nearest, bicubic");
  if (pad_name == "zeros")
    a.padding = Padding::kZeros;
  else if (pad_name == "border")
    a.padding = Padding::kBorder;
  else if (pad_name == "reflection")
    a.padding = Padding::kReflection;
  else
    return ctx.Error("padding_mode '" + pad_name + "' is not one of zeros, border, reflection");
  const int64_t align = node.GetInt("align_corners", 0);
  if (align != 0 && align != 1) return ctx.Error("align_corners must be 0 or 1");
  a.align_corners = align == 1;
  if (x.dims().size() != 4)
    return ctx.Error("input X has shape " + ShapeString(x.dims()) + ", expected [N, C, H, W]");
  a.n = x.dims()[0];
  a.c = x.dims()[1];
  a.h = x.dims()[2];
  a.w = x.dims()[3];
  if (grid.dims().size() != 4 || grid.dims()[0] != a.n || grid.dims()[3] != 2)
    return ctx.Error("input grid has shape " + ShapeString(grid.dims()) + ", expected [" +
                     std::to_string(a.n) + ", H_out, W_out, 2]");
  a.ho = grid.dims()[1];
  a.wo = grid.dims()[2];
  a.out_dims = {a.n, a.c, a.ho, a.wo};
  OL_ASSIGN_OR_RETURN(a.total, CheckOutputSize(ctx, a.out_dims, "output Y"));
  if (a.total > 0 && (a.h == 0 || a.w == 0))
    return ctx.Error("input X has shape " + ShapeString(x.dims()) + ": nothing to sample");
  return a;
}

void RegisterGridSampleKernels(KernelRegistry& r) {
  AddKernel(r, "", "GridSample", 16, GridSample);
}

}  // namespace onnxlens::kernels
