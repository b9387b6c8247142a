// Reference RoiAlign (opsets 10 and 16): per region of interest, output_height x output_width
// bins, each the average (or max) of sampling_ratio^2 bilinear samples (adaptive: ceil(roi / bins)
// when sampling_ratio is 0); half_pixel (opset 16's default) shifts the box by half a pixel,
// output_half_pixel (opset 10's behaviour) keeps it and makes every box at least one pixel. The
// arithmetic of ONNX Runtime's kernel, which produced the backend tests' outputs.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

// Bounds on the work the file's attributes and boxes may ask for: samples along one axis of a
// bin, in one bin, and over the whole node (about a minute of this kernel).
constexpr double kMaxSamplesPerAxis = 4096;
constexpr double kMaxSamplesPerBin = 65536;
constexpr double kMaxSamples = 4294967296.0;  // 2^32

std::string FormatSamples(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

struct RoiTap {
  int64_t o[4] = {0, 0, 0, 0};  // offsets of the four neighbours in the plane
  double w[4] = {0, 0, 0, 0};
};

RoiTap BilinearTap(double y, double x, int64_t h, int64_t w) {
  RoiTap t;
  if (y < -1.0 || y > static_cast<double>(h) || x < -1.0 || x > static_cast<double>(w)) return t;
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x), y1, x1;
  if (y0 >= h - 1) {
    y0 = y1 = h - 1;
    y = static_cast<double>(y0);
  } else {
    y1 = y0 + 1;
  }
  if (x0 >= w - 1) {
    x0 = x1 = w - 1;
    x = static_cast<double>(x0);
  } else {
    x1 = x0 + 1;
  }
  const double ly = y - static_cast<double>(y0), lx = x - static_cast<double>(x0);
  const double hy = 1 - ly, hx = 1 - lx;
  t.o[0] = y0 * w + x0;
  t.o[1] = y0 * w + x1;
  t.o[2] = y1 * w + x0;
  t.o[3] = y1 * w + x1;
  t.w[0] = hy * hx;
  t.w[1] = hy * lx;
  t.w[2] = ly * hx;
  t.w[3] = ly * lx;
  return t;
}

Status RoiAlign(OpKernelContext& ctx, int64_t opset) {
  const ir::Node& node = ctx.node();
  const std::string mode = node.GetString("mode", "avg");
  if (mode != "avg" && mode != "max") return ctx.Error("mode '" + mode + "' is not avg or max");
  const std::string ctm = node.GetString("coordinate_transformation_mode",
                                         opset >= 16 ? "half_pixel" : "output_half_pixel");
  if (ctm != "half_pixel" && ctm != "output_half_pixel")
    return ctx.Error("coordinate_transformation_mode '" + ctm +
                     "' is not half_pixel or output_half_pixel");
  const int64_t oh = node.GetInt("output_height", 1), ow = node.GetInt("output_width", 1);
  const int64_t sampling = node.GetInt("sampling_ratio", 0);
  const double scale = node.GetFloat("spatial_scale", 1.0f);
  if (oh <= 0 || ow <= 0) return ctx.Error("output_height and output_width must be positive");
  if (sampling < 0) return ctx.Error("sampling_ratio must not be negative");

  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* rois, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* batch, ctx.RequireTensor(2));
  if (x->dims().size() != 4)
    return ctx.Error("input X has shape " + ShapeString(x->dims()) + ", expected [N, C, H, W]");
  const int64_t N = x->dims()[0], C = x->dims()[1], H = x->dims()[2], W = x->dims()[3];
  if (rois->dims().size() != 2 || rois->dims()[1] != 4)
    return ctx.Error("rois has shape " + ShapeString(rois->dims()) + ", expected [num_rois, 4]");
  const int64_t R = rois->dims()[0];
  OL_RETURN_IF_ERROR(CheckShape(ctx, *batch, {R}, "batch_indices"));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> bi, ReadInts(ctx, *batch, "batch_indices"));
  const std::vector<int64_t> out_dims = {R, C, oh, ow};
  OL_ASSIGN_OR_RETURN(const int64_t total, CheckOutputSize(ctx, out_dims, "output"));
  std::vector<double> out(static_cast<size_t>(total), 0.0);
  const std::vector<double> xv = ToDoubles(*x), rv = ToDoubles(*rois);
  const bool half = ctm == "half_pixel";
  const double offset = half ? 0.5 : 0.0;
  // First every region's geometry and the work it takes (the attributes and the boxes come from
  // the file): an error before any sampling when a bin or the whole node would take too long.
  struct Region {
    double sw = 0, sh = 0, bh = 0, bw = 0, count = 1;
    int64_t gh = 0, gw = 0;
  };
  std::vector<Region> regions(static_cast<size_t>(R));
  double work = 0;
  for (int64_t r = 0; r < R; ++r) {
    if (bi[r] < 0 || bi[r] >= N)
      return ctx.Error("batch_indices[" + std::to_string(r) + "] is " + std::to_string(bi[r]) +
                       ", outside the batch of " + std::to_string(N));
    if (H == 0 || W == 0) continue;
    const double* box = rv.data() + r * 4;
    for (int k = 0; k < 4; ++k)
      if (!std::isfinite(box[k])) return ctx.Error("rois[" + std::to_string(r) + "] is not finite");
    Region& g = regions[r];
    g.sw = box[0] * scale - offset;
    g.sh = box[1] * scale - offset;
    double rw = box[2] * scale - offset - g.sw, rh = box[3] * scale - offset - g.sh;
    if (!half) {
      rw = std::max(rw, 1.0);
      rh = std::max(rh, 1.0);
    }
    g.bh = rh / static_cast<double>(oh);
    g.bw = rw / static_cast<double>(ow);
    const double gh_d =
        sampling > 0 ? static_cast<double>(sampling) : std::ceil(rh / static_cast<double>(oh));
    const double gw_d =
        sampling > 0 ? static_cast<double>(sampling) : std::ceil(rw / static_cast<double>(ow));
    if (!(gh_d <= kMaxSamplesPerAxis) || !(gw_d <= kMaxSamplesPerAxis) ||
        !(std::max(gh_d, 0.0) * std::max(gw_d, 0.0) <= kMaxSamplesPerBin))
      return ctx.Error("rois[" + std::to_string(r) + "] needs " + FormatSamples(gh_d) + " x " +
                       FormatSamples(gw_d) + " samples per bin (sampling_ratio " +
                       std::to_string(sampling) + "), more than the " +
                       FormatSamples(kMaxSamplesPerBin) + " a bin may take");
    g.gh = static_cast<int64_t>(std::max(gh_d, 0.0));
    g.gw = static_cast<int64_t>(std::max(gw_d, 0.0));
    g.count = static_cast<double>(std::max<int64_t>(g.gh * g.gw, 1));
    work += static_cast<double>(C) * static_cast<double>(oh) * static_cast<double>(ow) *
            static_cast<double>(g.gh * g.gw);
  }
  if (work > kMaxSamples)
    return ctx.Error("the " + std::to_string(R) + " regions need " + FormatSamples(work) +
                     " bilinear samples (" + std::to_string(C) + " channels x " +
                     std::to_string(oh) + " x " + std::to_string(ow) +
                     " bins x the samples per bin), more than the " + FormatSamples(kMaxSamples) +
                     " a RoiAlign may take");
  for (int64_t r = 0; r < R; ++r) {
    if (H == 0 || W == 0) continue;
    const Region& g = regions[r];
    const double sw = g.sw, sh = g.sh, bh = g.bh, bw = g.bw, count = g.count;
    const int64_t gh = g.gh, gw = g.gw;
    for (int64_t c = 0; c < C; ++c) {
      const double* plane = xv.data() + (bi[r] * C + c) * H * W;
      for (int64_t py = 0; py < oh; ++py)
        for (int64_t px = 0; px < ow; ++px) {
          double acc = 0;
          bool first = true;
          for (int64_t iy = 0; iy < gh; ++iy) {
            const double y = sh + static_cast<double>(py) * bh +
                             (static_cast<double>(iy) + 0.5) * bh / static_cast<double>(gh);
            for (int64_t ix = 0; ix < gw; ++ix) {
              const double xx = sw + static_cast<double>(px) * bw +
                                (static_cast<double>(ix) + 0.5) * bw / static_cast<double>(gw);
              const RoiTap t = BilinearTap(y, xx, H, W);
              if (mode == "avg") {
                for (int k = 0; k < 4; ++k) acc += t.w[k] * plane[t.o[k]];
              } else {
                double m = t.w[0] * plane[t.o[0]];
                for (int k = 1; k < 4; ++k) m = std::max(m, t.w[k] * plane[t.o[k]]);
                acc = first ? m : std::max(acc, m);
                first = false;
              }
            }
          }
          out[static_cast<size_t>(((r * C + c) * oh + py) * ow + px)] =
              mode == "avg" ? acc / count : acc;
        }
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, out, out_dims, x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterRoiAlignKernels(KernelRegistry& r) { AddKernel(r, "", "RoiAlign", 10, RoiAlign); }

}  // namespace onnxlens::kernels
