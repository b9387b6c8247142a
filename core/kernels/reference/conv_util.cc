// Convolution / pooling geometry.
#include "kernels/reference/conv_util.h"

#include <cmath>

#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

int64_t Product(const std::vector<int64_t>& v) {
  int64_t p = 1;
  for (int64_t x : v) p *= x;
  return p;
}

// strides, dilations and pads of the spatial rank `r`; strides and dilations positive.
Status CheckAttributeLengths(const OpKernelContext& ctx, const ConvGeometry& g, size_t r) {
  if (g.strides.size() != r || g.dilations.size() != r || g.pads.size() != 2 * r) {
    return ctx.Error("strides " + ShapeString(g.strides) + ", dilations " +
                     ShapeString(g.dilations) + " or pads " + ShapeString(g.pads) +
                     " do not match the spatial rank " + std::to_string(r));
  }
  OL_RETURN_IF_ERROR(CheckPositive(ctx, g.strides, "strides"));
  return CheckPositive(ctx, g.dilations, "dilations");
}

// Spatial sizes and attributes past 2^31 are no convolution a model runs (a zero-element tensor
// can still declare them); bounding them keeps every product of two of them, and the sums of those,
// inside int64.
Status CheckGeometryBounds(
    const OpKernelContext& ctx,
    std::initializer_list<std::pair<const char*, const std::vector<int64_t>*>> values) {
  constexpr int64_t kBound = int64_t{1} << 31;
  for (const auto& [what, v] : values) {
    for (int64_t x : *v) {
      if (x > kBound || x < -kBound) {
        return ctx.Error(std::string(what) + " " + ShapeString(*v) + " is past 2^31");
      }
    }
  }
  return Status::Ok();
}

// The kernel comes from W when kernel_shape is absent; when present it must agree with W, whose
// taps the kernels read.
Status CheckKernelShape(const OpKernelContext& ctx, const ConvGeometry& g,
                        const std::vector<int64_t>& w) {
  const std::vector<int64_t> from_w(w.begin() + 2, w.end());
  if (g.kernel != from_w) {
    return ctx.Error("kernel_shape " + ShapeString(g.kernel) + " does not match W " +
                     ShapeString(w));
  }
  return CheckPositive(ctx, g.kernel, "kernel_shape");
}

Status CheckBias(const OpKernelContext& ctx, const ir::Tensor* bias, int64_t out_channels) {
  return bias ? CheckCount(ctx, *bias, out_channels, "bias B", "output channels") : Status::Ok();
}

// Fills strides/dilations/pads defaults and resolves auto_pad for a forward window op.
Status Resolve(const OpKernelContext& ctx, ConvGeometry* g, bool ceil_mode) {
  const size_t r = g->kernel.size();
  const ir::Node& n = ctx.node();
  OL_RETURN_IF_ERROR(CheckPositive(ctx, g->kernel, "kernel_shape"));
  g->strides = n.GetInts("strides", std::vector<int64_t>(r, 1));
  g->dilations = n.GetInts("dilations", std::vector<int64_t>(r, 1));
  g->pads = n.GetInts("pads", std::vector<int64_t>(2 * r, 0));
  OL_RETURN_IF_ERROR(CheckAttributeLengths(ctx, *g, r));
  OL_RETURN_IF_ERROR(CheckGeometryBounds(ctx, {{"the spatial input size", &g->in},
                                               {"kernel_shape", &g->kernel},
                                               {"strides", &g->strides},
                                               {"dilations", &g->dilations},
                                               {"pads", &g->pads}}));
  const std::string auto_pad = n.GetString("auto_pad", "NOTSET");
  g->out.resize(r);
  for (size_t d = 0; d < r; ++d) {
    const int64_t ek = (g->kernel[d] - 1) * g->dilations[d] + 1;
    if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      const int64_t out = (g->in[d] + g->strides[d] - 1) / g->strides[d];
      const int64_t total = std::max<int64_t>(0, (out - 1) * g->strides[d] + ek - g->in[d]);
      g->pads[d] = auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      g->pads[d + r] = total - g->pads[d];
      g->out[d] = out;
      continue;
    }
    if (auto_pad == "VALID") {
      g->pads[d] = g->pads[d + r] = 0;
    }
    const int64_t span = g->in[d] + g->pads[d] + g->pads[d + r] - ek;
    if (span < 0) {
      return ctx.Error("the window (" + std::to_string(ek) + ") is larger than the padded input (" +
                       std::to_string(g->in[d] + g->pads[d] + g->pads[d + r]) + ")");
    }
    int64_t out =
        ceil_mode ? (span + g->strides[d] - 1) / g->strides[d] + 1 : span / g->strides[d] + 1;
    // A window may not start in the end padding.
    if (ceil_mode && (out - 1) * g->strides[d] >= g->in[d] + g->pads[d]) --out;
    g->out[d] = out;
  }
  return Status::Ok();
}

}  // namespace

int64_t ConvGeometry::InSize() const { return Product(in); }
int64_t ConvGeometry::OutSize() const { return Product(out); }
int64_t ConvGeometry::KernelSize() const { return Product(kernel); }

Expected<ConvGeometry> ConvGeometry::ForConv(const OpKernelContext& ctx,
                                             const std::vector<int64_t>& x,
                                             const std::vector<int64_t>& w,
                                             const ir::Tensor* bias) {
  if (x.size() < 3 || w.size() != x.size()) {
    return ctx.Error("X " + ShapeString(x) + " and W " + ShapeString(w) +
                     " must have the same rank >= 3");
  }
  ConvGeometry g;
  g.in.assign(x.begin() + 2, x.end());
  g.kernel = ctx.node().GetInts("kernel_shape", std::vector<int64_t>(w.begin() + 2, w.end()));
  g.group = ctx.node().GetInt("group", 1);
  if (g.group <= 0 || x[1] % g.group != 0 || w[0] % g.group != 0 || w[1] * g.group != x[1]) {
    return ctx.Error("channels do not match: X " + ShapeString(x) + ", W " + ShapeString(w) +
                     ", group " + std::to_string(g.group) + " (W's second dimension times group " +
                     "must be X's channels, and group must divide both X's and W's channels)");
  }
  OL_RETURN_IF_ERROR(CheckKernelShape(ctx, g, w));
  OL_RETURN_IF_ERROR(CheckBias(ctx, bias, w[0]));
  OL_RETURN_IF_ERROR(Resolve(ctx, &g, false));
  return g;
}

Expected<ConvGeometry> ConvGeometry::ForConvTranspose(const OpKernelContext& ctx,
                                                      const std::vector<int64_t>& x,
                                                      const std::vector<int64_t>& w,
                                                      const ir::Tensor* bias) {
  if (x.size() < 3 || w.size() != x.size()) {
    return ctx.Error("X " + ShapeString(x) + " and W " + ShapeString(w) +
                     " must have the same rank >= 3");
  }
  const ir::Node& n = ctx.node();
  ConvGeometry g;
  g.in.assign(x.begin() + 2, x.end());
  const size_t r = g.in.size();
  g.kernel = n.GetInts("kernel_shape", std::vector<int64_t>(w.begin() + 2, w.end()));
  g.group = n.GetInt("group", 1);
  if (g.group <= 0 || x[1] % g.group != 0) {
    return ctx.Error("group " + std::to_string(g.group) + " does not divide the " +
                     std::to_string(x[1]) + " input channels of X " + ShapeString(x));
  }
  if (x[1] != w[0]) {
    return ctx.Error("W " + ShapeString(w) + " has " + std::to_string(w[0]) +
                     " input channels, X " + ShapeString(x) + " has " + std::to_string(x[1]));
  }
  OL_RETURN_IF_ERROR(CheckKernelShape(ctx, g, w));
  OL_RETURN_IF_ERROR(CheckBias(ctx, bias, w[1] * g.group));
  g.strides = n.GetInts("strides", std::vector<int64_t>(r, 1));
  g.dilations = n.GetInts("dilations", std::vector<int64_t>(r, 1));
  g.pads = n.GetInts("pads", std::vector<int64_t>(2 * r, 0));
  OL_RETURN_IF_ERROR(CheckAttributeLengths(ctx, g, r));
  std::vector<int64_t> out_pad = n.GetInts("output_padding", std::vector<int64_t>(r, 0));
  std::vector<int64_t> out_shape = n.GetInts("output_shape");
  const std::string auto_pad = n.GetString("auto_pad", "NOTSET");
  if (out_shape.size() == r + 2) out_shape.erase(out_shape.begin(), out_shape.begin() + 2);
  if (out_pad.size() != r || (!out_shape.empty() && out_shape.size() != r)) {
    return ctx.Error("output_padding " + ShapeString(out_pad) + " or output_shape " +
                     ShapeString(n.GetInts("output_shape")) + " does not match the spatial rank " +
                     std::to_string(r));
  }
  OL_RETURN_IF_ERROR(CheckGeometryBounds(ctx, {{"the spatial input size", &g.in},
                                               {"kernel_shape", &g.kernel},
                                               {"strides", &g.strides},
                                               {"dilations", &g.dilations},
                                               {"pads", &g.pads},
                                               {"output_padding", &out_pad},
                                               {"output_shape", &out_shape}}));
  g.out.resize(r);
  for (size_t d = 0; d < r; ++d) {
    const int64_t ek = (g.kernel[d] - 1) * g.dilations[d] + 1;
    const int64_t full = g.strides[d] * (g.in[d] - 1) + out_pad[d] + ek;
    if (!out_shape.empty() || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      const int64_t target = !out_shape.empty() ? out_shape[d] : g.in[d] * g.strides[d];
      const int64_t total = full - target;
      if (auto_pad == "SAME_LOWER") {
        g.pads[d] = total - total / 2;
        g.pads[d + r] = total / 2;
      } else {
        g.pads[d] = total / 2;
        g.pads[d + r] = total - total / 2;
      }
      g.out[d] = target;
    } else {
      g.out[d] = full - g.pads[d] - g.pads[d + r];
    }
    if (g.out[d] <= 0) return ctx.Error("computed output size is not positive");
  }
  return g;
}

Expected<ConvGeometry> ConvGeometry::ForPool(const OpKernelContext& ctx,
                                             const std::vector<int64_t>& x) {
  ConvGeometry g;
  g.in.assign(x.begin() + 2, x.end());
  g.kernel = ctx.node().GetInts("kernel_shape");
  if (g.kernel.size() != g.in.size()) {
    return ctx.Error("kernel_shape " + ShapeString(g.kernel) + " does not match the input " +
                     ShapeString(x));
  }
  OL_RETURN_IF_ERROR(Resolve(ctx, &g, ctx.node().GetInt("ceil_mode", 0) != 0));
  return g;
}

ConvGeometry ConvGeometry::Global(const std::vector<int64_t>& x) {
  ConvGeometry g;
  g.in.assign(x.begin() + 2, x.end());
  g.kernel = g.in;
  const size_t r = g.in.size();
  g.strides.assign(r, 1);
  g.dilations.assign(r, 1);
  g.pads.assign(2 * r, 0);
  g.out.assign(r, 1);
  return g;
}

}  // namespace onnxlens::kernels
