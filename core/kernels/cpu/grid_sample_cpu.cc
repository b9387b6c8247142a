// CPU GridSample (opset 16, 4-D, float32): the reference kernel's coordinate arithmetic
// (core/kernels/reference/grid_sample.cc), done once per output pixel in double and turned into
// taps (a source offset in the plane, -1 for a padding zero, and a float weight: 1 for nearest,
// 4 for bilinear, 16 for bicubic). The taps of a block of output pixels are then applied to every
// channel of that image: no per-element double math or allocation. The blocks are split over the
// intra-op pool.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "kernels/cpu/cpu_util.h"
#include "kernels/grid_sample_common.h"
#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

using grid_sample::CubicCoeffs;
using grid_sample::Denormalize;
using grid_sample::Mode;
using grid_sample::Padding;
using grid_sample::Reflect;

struct Geometry {
  int64_t h, w;
  Mode mode;
  Padding padding;
  bool align;
  double lo, hi_x, hi_y;  // the reflection borders (lo is the same for x and y)
};

// The reference Plane::At along one axis: the index read for coordinate `f` of an axis of
// `len`, or -1 when zeros padding reads outside. At's per-axis steps are independent, so a tap's
// offset is row(y) * w + col(x), and it is a padding zero when either is -1.
int64_t AxisIndex(double f, int64_t len, double lo, double hi, Padding padding) {
  if (padding == Padding::kZeros) {
    if (f < 0 || f >= static_cast<double>(len)) return -1;
  } else if (padding == Padding::kReflection) {
    f = std::trunc(Reflect(f, lo, hi));
  }
  return static_cast<int64_t>(std::min(std::max(f, 0.0), static_cast<double>(len - 1)));
}

constexpr int kMaxTaps = 16;

int TapCount(Mode mode) { return mode == Mode::kNearest ? 1 : mode == Mode::kBilinear ? 4 : 16; }

// Writes the taps of the output pixel sampling (sx, sy) (source pixel coordinates).
void PixelTaps(const Geometry& g, double sx, double sy, int64_t* off, float* wt) {
  const int taps = TapCount(g.mode);
  if (!std::isfinite(sx) || !std::isfinite(sy)) {
    std::fill(off, off + taps, -1);
    std::fill(wt, wt + taps, 0.f);
    return;
  }
  const double x_min = g.align ? 0.0 : -0.5, y_min = x_min;
  const double x_max = g.hi_x, y_max = g.hi_y;
  double x = sx, y = sy;
  if (g.mode == Mode::kNearest) {
    x = std::nearbyint(x);
    y = std::nearbyint(y);
  }
  if (x < x_min || x > x_max || y < y_min || y > y_max) {
    if (g.padding == Padding::kBorder) {
      x = std::min(std::max(x, 0.0), static_cast<double>(g.w - 1));
      y = std::min(std::max(y, 0.0), static_cast<double>(g.h - 1));
    } else if (g.padding == Padding::kReflection) {
      x = Reflect(x, x_min, x_max);
      y = Reflect(y, y_min, y_max);
    }
  }
  auto tap = [&](int k, double yf, double xf, double weight) {
    const int64_t r = AxisIndex(yf, g.h, g.lo, g.hi_y, g.padding);
    const int64_t c = AxisIndex(xf, g.w, g.lo, g.hi_x, g.padding);
    off[k] = r < 0 || c < 0 ? -1 : r * g.w + c;
    wt[k] = static_cast<float>(weight);
  };
  switch (g.mode) {
    case Mode::kNearest:
      tap(0, std::nearbyint(y), std::nearbyint(x), 1.0);
      return;
    case Mode::kBilinear: {
      const double x1 = std::floor(x), y1 = std::floor(y), x2 = x1 + 1, y2 = y1 + 1;
      const double dx2 = x2 - x, dx1 = x - x1, dy2 = y2 - y, dy1 = y - y1;
      tap(0, y1, x1, dy2 * dx2);
      tap(1, y1, x2, dy2 * dx1);
      tap(2, y2, x1, dy1 * dx2);
      tap(3, y2, x2, dy1 * dx1);
      return;
    }
    case Mode::kBicubic: {
      const double x0 = std::floor(x) - 1, y0 = std::floor(y) - 1;
      double cx[4], cy[4];
      CubicCoeffs(x - x0 - 1, cx);
      CubicCoeffs(y - y0 - 1, cy);
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) tap(i * 4 + j, y0 + i, x0 + j, cy[i] * cx[j]);
      return;
    }
  }
}

template <int kTaps>
void ApplyTaps(const float* plane, const int64_t* off, const float* wt, int64_t pixels,
               float* out) {
  for (int64_t p = 0; p < pixels; ++p) {
    float s = 0.f;
    for (int k = 0; k < kTaps; ++k) {
      // a padding zero reads nothing (0 * an infinite plane[0] would be NaN; the reference's 0)
      const int64_t o = off[p * kTaps + k];
      s += wt[p * kTaps + k] * (o < 0 ? 0.f : plane[o]);
    }
    out[p] = s;
  }
}

Status CpuGridSample(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* grid, ctx.RequireTensor(1));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *x));
  OL_RETURN_IF_ERROR(NeedFloat(ctx, *grid));
  OL_ASSIGN_OR_RETURN(const grid_sample::Args args, grid_sample::CheckGridSample(ctx, *x, *grid));
  const int64_t N = args.n, C = args.c, H = args.h, W = args.w, Ho = args.ho, Wo = args.wo;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, args.out_dims));
  if (y.numel() == 0) {
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }
  Geometry g{};
  g.mode = args.mode;
  g.padding = args.padding;
  g.align = args.align_corners;
  g.h = H;
  g.w = W;
  g.lo = g.align ? 0.0 : -0.5;
  g.hi_x = g.align ? static_cast<double>(W) - 1 : static_cast<double>(W) - 0.5;
  g.hi_y = g.align ? static_cast<double>(H) - 1 : static_cast<double>(H) - 0.5;

  const int taps = TapCount(g.mode);
  const float* X = x->data<float>();
  const float* G = grid->data<float>();
  float* Y = y.mutable_data<float>();
  const int64_t plane_in = H * W, plane_out = Ho * Wo;
  // Work items are blocks of at most kBlockPixels output pixels of one image; each computes its
  // pixels' taps (a bounded buffer) and applies them to all C channels.
  constexpr int64_t kBlockPixels = 512;
  const int64_t blocks_per_image = (plane_out + kBlockPixels - 1) / kBlockPixels;
  const int64_t buffer_pixels = std::min(plane_out, kBlockPixels);
  auto run = [&](int64_t b, int64_t e) {
    std::unique_ptr<int64_t[]> off(new int64_t[static_cast<size_t>(buffer_pixels * taps)]);
    std::unique_ptr<float[]> wt(new float[static_cast<size_t>(buffer_pixels * taps)]);
    for (int64_t item = b; item < e; ++item) {
      const int64_t n = item / blocks_per_image;
      const int64_t p0 = (item % blocks_per_image) * kBlockPixels;
      const int64_t pixels = std::min(plane_out - p0, kBlockPixels);
      const float* gp = G + (n * plane_out + p0) * 2;
      for (int64_t p = 0; p < pixels; ++p) {
        const double sx = Denormalize(gp[2 * p], W, g.align);
        const double sy = Denormalize(gp[2 * p + 1], H, g.align);
        PixelTaps(g, sx, sy, off.get() + p * taps, wt.get() + p * taps);
      }
      for (int64_t c = 0; c < C; ++c) {
        const float* plane = X + (n * C + c) * plane_in;
        float* out = Y + (n * C + c) * plane_out + p0;
        switch (g.mode) {
          case Mode::kNearest:
            ApplyTaps<1>(plane, off.get(), wt.get(), pixels, out);
            break;
          case Mode::kBilinear:
            ApplyTaps<4>(plane, off.get(), wt.get(), pixels, out);
            break;
          case Mode::kBicubic:
            ApplyTaps<kMaxTaps>(plane, off.get(), wt.get(), pixels, out);
            break;
        }
      }
    }
  };
  // Small blocks, so that the threads share a single image too.
  const int64_t items = N * blocks_per_image;
  if (ctx.pool() && ctx.pool()->threads() > 1 && items > 1 && y.numel() >= 16384)
    ctx.pool()->ParallelFor(items, run);
  else
    run(0, items);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuGridSampleKernel(KernelRegistry& r) { AddCpu(r, "GridSample", 16, CpuGridSample); }

}  // namespace onnxlens::kernels
