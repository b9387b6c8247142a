// Reference Resize (opset 10..19) and Upsample: nearest / linear / cubic, every coordinate
// transformation mode, N-dimensional and separable: each output coordinate takes taps (index,
// weight) per dimension and the value is the sum over the product of taps.
#include <cmath>
#include <tuple>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

struct Tap {
  int64_t index;  // -1: outside (extrapolation value)
  double weight;
};

struct ResizeParams {
  std::string mode = "nearest";
  std::string ctm = "half_pixel";
  std::string nearest_mode = "round_prefer_floor";
  double cubic_a = -0.75;
  bool exclude_outside = false;
  double extrapolation = 0;
};

double SourceCoord(const ResizeParams& p, double out_i, double scale, int64_t in_len,
                   int64_t out_len, double roi_start, double roi_end) {
  const std::string& m = p.ctm;
  if (m == "half_pixel") return (out_i + 0.5) / scale - 0.5;
  if (m == "half_pixel_symmetric") {
    const double adj = out_len / (scale * in_len);
    const double center = in_len / 2.0;
    const double offset = center * (1 - adj);
    return offset + (out_i + 0.5) / scale - 0.5;
  }
  if (m == "pytorch_half_pixel") return out_len > 1 ? (out_i + 0.5) / scale - 0.5 : 0.0;
  // ONNX uses the unrounded output length in_len * scale here.
  const double scaled_len = scale * double(in_len);
  if (m == "align_corners") return scaled_len <= 1 ? 0.0 : out_i * (in_len - 1) / (scaled_len - 1);
  if (m == "tf_half_pixel_for_nn") return (out_i + 0.5) / scale;
  if (m == "asymmetric") return out_i / scale;
  if (m == "tf_crop_and_resize") {
    return out_len > 1 ? roi_start * (in_len - 1) +
                             out_i * (roi_end - roi_start) * (in_len - 1) / (out_len - 1)
                       : 0.5 * (roi_start + roi_end) * (in_len - 1);
  }
  return (out_i + 0.5) / scale - 0.5;
}

std::vector<Tap> TapsFor(const ResizeParams& p, double x, int64_t in_len, bool crop) {
  std::vector<Tap> taps;
  if (crop && (x < 0 || x > in_len - 1)) return {{-1, 1.0}};
  // Far outside the input every tap clamps to the border alike; bounding x first keeps the
  // float -> int conversions below defined (NaN or 1e300 from extreme roi / scales).
  x = std::isnan(x) ? 0.0 : std::clamp(x, -4.0, double(in_len) + 4.0);
  if (p.mode == "nearest") {
    int64_t i;
    const std::string& nm = p.nearest_mode;
    if (nm == "floor")
      i = static_cast<int64_t>(std::floor(x));
    else if (nm == "ceil")
      i = static_cast<int64_t>(std::ceil(x));
    else if (nm == "round_prefer_ceil")
      i = static_cast<int64_t>(std::floor(x + 0.5));
    else
      i = (x - std::floor(x) == 0.5) ? static_cast<int64_t>(std::floor(x))
                                     : static_cast<int64_t>(std::round(x));
    return {{std::clamp<int64_t>(i, 0, in_len - 1), 1.0}};
  }
  if (p.mode == "linear") {
    const double xc = std::clamp(x, 0.0, double(in_len - 1));
    const int64_t i0 = static_cast<int64_t>(std::floor(xc));
    const int64_t i1 = std::min(i0 + 1, in_len - 1);
    const double f = xc - i0;
    if (i1 == i0) return {{i0, 1.0}};
    return {{i0, 1 - f}, {i1, f}};
  }
  // cubic
  const double a = p.cubic_a;
  const int64_t base = static_cast<int64_t>(std::floor(x));
  const double t = x - base;
  auto w = [a](double d) {
    d = std::abs(d);
    if (d <= 1) return ((a + 2) * d - (a + 3)) * d * d + 1;
    if (d < 2) return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
    return 0.0;
  };
  double sum = 0;
  for (int64_t k = -1; k <= 2; ++k) {
    const int64_t i = base + k;
    double wt = w(t - k);
    if (p.exclude_outside && (i < 0 || i >= in_len)) wt = 0;
    taps.push_back({std::clamp<int64_t>(i, 0, in_len - 1), wt});
    sum += wt;
  }
  if (p.exclude_outside && sum != 0)
    for (Tap& tp : taps) tp.weight /= sum;
  return taps;
}

// An output length computed in double, as an int64 when it is one (not NaN, not past 2^62).
Expected<int64_t> OutputSize(const OpKernelContext& ctx, double v, int64_t axis) {
  if (!(v >= 0 && v < 4.6e18)) {
    return ctx.Error("the output size of axis " + std::to_string(axis) + " (" + std::to_string(v) +
                     ") is not a size");
  }
  return static_cast<int64_t>(v);
}

Status ResizeImpl(OpKernelContext& ctx, int64_t opset, bool upsample) {
  OL_ASSIGN_OR_RETURN(const Tensor* tx, ctx.RequireTensor(0));
  const DataType orig = tx->dtype();
  const Tensor x = ToFloat(*tx);
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  const ir::Node& n = ctx.node();
  ResizeParams p;
  p.mode = n.GetString("mode", "nearest");
  if (p.mode == "bilinear" || p.mode == "trilinear") p.mode = "linear";
  p.ctm = n.GetString("coordinate_transformation_mode",
                      upsample || opset < 11 ? "asymmetric" : "half_pixel");
  p.nearest_mode = n.GetString("nearest_mode", opset < 11 ? "floor" : "round_prefer_floor");
  if (upsample || opset < 11) p.nearest_mode = "floor";
  p.cubic_a = n.GetFloat("cubic_coeff_a", -0.75f);
  p.exclude_outside = n.GetInt("exclude_outside", 0) != 0;
  p.extrapolation = n.GetFloat("extrapolation_value", 0.f);

  std::vector<double> scales;
  std::vector<int64_t> sizes;
  std::vector<double> roi;
  size_t scales_in = 1, sizes_in = 99, roi_in = 99;
  if (!upsample && opset >= 11) {
    roi_in = 1;
    scales_in = 2;
    sizes_in = 3;
  }
  if (upsample && opset < 9) {
    for (float f :
         n.FindAttribute("scales") ? n.FindAttribute("scales")->floats : std::vector<float>{})
      scales.push_back(f);
  } else if (const Tensor* s = ctx.tensor(scales_in); s && s->numel() > 0) {
    scales = ToDoubles(*s);
  }
  if (const Tensor* s = ctx.tensor(sizes_in); s && s->numel() > 0) {
    OL_ASSIGN_OR_RETURN(sizes, ReadInts(ctx, *s, "sizes"));
  }
  if (const Tensor* r = ctx.tensor(roi_in); r && r->numel() > 0) roi = ToDoubles(*r);
  // opset 18: `axes` limits scales/sizes/roi to some dimensions.
  std::vector<int64_t> axes = n.GetInts("axes");
  const size_t n_axes = axes.empty() ? static_cast<size_t>(rank) : axes.size();
  if (!scales.empty() && !sizes.empty()) return ctx.Error("takes scales or sizes, not both");
  for (const auto& [len, what, want] :
       {std::tuple{scales.size(), "scales", n_axes}, std::tuple{sizes.size(), "sizes", n_axes},
        std::tuple{roi.size(), "roi", 2 * n_axes}}) {
    if (len != 0 && len != want) {
      return ctx.Error(std::string(what) + " has " + std::to_string(len) + " values for " +
                       std::to_string(n_axes) + " axes (needs " + std::to_string(want) + ")");
    }
  }
  for (double v : scales) {
    if (!(v > 0) || !std::isfinite(v)) {
      return ctx.Error("scales must be positive and finite, got " + std::to_string(v));
    }
  }
  OL_RETURN_IF_ERROR(CheckPositive(ctx, sizes, "sizes"));
  if (!axes.empty()) {
    std::vector<double> fs(rank, 1.0);
    std::vector<int64_t> fz(x.dims());
    std::vector<double> fr;
    if (!roi.empty()) {
      fr.assign(2 * rank, 0.0);
      for (int64_t d = 0; d < rank; ++d) fr[d + rank] = 1.0;
    }
    for (size_t i = 0; i < axes.size(); ++i) {
      OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, axes[i], rank));
      if (!scales.empty()) fs[ax] = scales[i];
      if (!sizes.empty()) fz[ax] = sizes[i];
      if (!roi.empty()) {
        fr[ax] = roi[i];
        fr[ax + rank] = roi[i + axes.size()];
      }
    }
    if (!scales.empty()) scales = fs;
    if (!sizes.empty()) sizes = fz;
    if (!roi.empty()) roi = fr;
  }
  std::vector<int64_t> out(rank);
  if (!sizes.empty()) {
    const std::string policy = n.GetString("keep_aspect_ratio_policy", "stretch");
    scales.assign(rank, 1.0);
    if (policy != "stretch") {
      double s = policy == "not_larger" ? 1e300 : 0;
      for (int64_t d = 0; d < rank; ++d) {
        if (!axes.empty() && std::find(axes.begin(), axes.end(), d) == axes.end() &&
            std::find(axes.begin(), axes.end(), d - rank) == axes.end())
          continue;
        const double r = double(sizes[d]) / double(x.dims()[d]);
        s = policy == "not_larger" ? std::min(s, r) : std::max(s, r);
      }
      for (int64_t d = 0; d < rank; ++d) {
        const bool on = axes.empty() || std::find(axes.begin(), axes.end(), d) != axes.end() ||
                        std::find(axes.begin(), axes.end(), d - rank) != axes.end();
        scales[d] = on ? s : 1.0;
        OL_ASSIGN_OR_RETURN(out[d], on ? OutputSize(ctx, std::round(s * x.dims()[d]), d)
                                       : Expected<int64_t>(x.dims()[d]));
      }
    } else {
      for (int64_t d = 0; d < rank; ++d) {
        out[d] = sizes[d];
        scales[d] = double(sizes[d]) / double(x.dims()[d]);
      }
    }
  } else {
    if (static_cast<int64_t>(scales.size()) != rank)
      return ctx.Error("needs scales or sizes for every dimension");
    for (int64_t d = 0; d < rank; ++d) {
      OL_ASSIGN_OR_RETURN(out[d], OutputSize(ctx, std::floor(x.dims()[d] * scales[d]), d));
    }
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (x.dims()[d] == 0 && out[d] > 0) {
      return ctx.Error("cannot resize the empty axis " + std::to_string(d) + " of " +
                       ShapeString(x.dims()) + " to " + std::to_string(out[d]));
    }
  }
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, out, "the resized output").status());
  const bool crop = p.ctm == "tf_crop_and_resize";
  std::vector<std::vector<std::vector<Tap>>> taps(rank);
  for (int64_t d = 0; d < rank; ++d) {
    const double rs = roi.empty() ? 0.0 : roi[d], re = roi.empty() ? 1.0 : roi[d + rank];
    for (int64_t o = 0; o < out[d]; ++o) {
      if (out[d] == x.dims()[d] && scales[d] == 1.0 && !crop) {
        taps[d].push_back({{o, 1.0}});
        continue;
      }
      const double src = SourceCoord(p, double(o), scales[d], x.dims()[d], out[d], rs, re);
      taps[d].push_back(TapsFor(p, src, x.dims()[d], crop));
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), out));
  const auto xs = Strides(x.dims());
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const T* X = x.data<T>();
    T* Y = y.mutable_data<T>();
    std::vector<int64_t> idx(rank, 0), k(rank, 0);
    for (int64_t o = 0; o < y.numel(); ++o) {
      double acc = 0;
      bool outside = false;
      // iterate over the product of taps
      std::fill(k.begin(), k.end(), 0);
      while (true) {
        double w = 1;
        int64_t off = 0;
        for (int64_t d = 0; d < rank; ++d) {
          const Tap& t = taps[d][idx[d]][k[d]];
          if (t.index < 0) outside = true;
          w *= t.weight;
          off += std::max<int64_t>(t.index, 0) * xs[d];
        }
        if (outside) break;
        acc += w * double(X[off]);
        int64_t d = rank - 1;
        for (; d >= 0; --d) {
          if (++k[d] < static_cast<int64_t>(taps[d][idx[d]].size())) break;
          k[d] = 0;
        }
        if (d < 0) break;
      }
      if (outside) acc = p.extrapolation;
      if constexpr (std::is_integral_v<T>) {
        Y[o] = static_cast<T>(std::clamp(std::round(acc), double(std::numeric_limits<T>::lowest()),
                                         double(std::numeric_limits<T>::max())));
      } else {
        Y[o] = static_cast<T>(acc);
      }
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++idx[d] < out[d]) break;
        idx[d] = 0;
      }
    }
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterResizeKernels(KernelRegistry& r) {
  AddKernel(r, "", "Resize", 10,
            [](OpKernelContext& c, int64_t o) { return ResizeImpl(c, o, false); });
  AddKernel(r, "", "Upsample", 7,
            [](OpKernelContext& c, int64_t o) { return ResizeImpl(c, o, true); });
}

}  // namespace onnxlens::kernels
