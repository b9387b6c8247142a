// Resize (opset 11+) on oneDNN's resampling, for the cases where its coordinates are ONNX's:
// oneDNN samples at (o + 0.5) * in / out - 0.5 (the dimensions' ratio), rounding half away from
// zero for nearest. That is ONNX's linear with half_pixel (pytorch_half_pixel for outputs longer
// than 1) when the scale is out / in, and ONNX's nearest with (asymmetric, floor) or (half_pixel,
// round_prefer_*) when every spatial axis grows by a whole factor (no sample then falls on a
// tie). Batch and channel axes keep their size. Other cases decline to the next provider.
#include <cmath>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

struct ResizeEntry {
  dnnl::resampling_forward prim;
  memory::desc src, dst;
};

class DnnlResize final : public OpKernel {
 public:
  DnnlResize(bool linear, bool pytorch, int threads)
      : linear_(linear), pytorch_(pytorch), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    if (x->dtype() != ir::DataType::kFloat)
      return ctx.Decline("the dnnl Resize kernel takes float32");
    const size_t rank = x->dims().size();
    if (rank < 3 || rank > 5) return ctx.Decline("the dnnl Resize kernel takes 3-D to 5-D input");
    if (x->numel() == 0) return ctx.Decline("empty input");
    // Output sizes from `sizes` (input 3) or `scales` (input 2), and the scale each axis uses.
    std::vector<int64_t> out(rank);
    std::vector<double> scale(rank);
    const Tensor* sizes = ctx.tensor(3);
    const Tensor* scales = ctx.tensor(2);
    if (sizes && sizes->numel() > 0) {
      if (sizes->dtype() != ir::DataType::kInt64 || sizes->numel() != static_cast<int64_t>(rank))
        return ctx.Decline("sizes must be int64 with one value per axis");
      for (size_t d = 0; d < rank; ++d) {
        out[d] = sizes->data<int64_t>()[d];
        if (out[d] <= 0) return ctx.Error("sizes must be positive");
        scale[d] = double(out[d]) / double(x->dims()[d]);
      }
    } else if (scales && scales->numel() > 0) {
      if (scales->dtype() != ir::DataType::kFloat || scales->numel() != static_cast<int64_t>(rank))
        return ctx.Decline("scales must be float32 with one value per axis");
      for (size_t d = 0; d < rank; ++d) {
        scale[d] = scales->data<float>()[d];
        const double len = scale[d] * double(x->dims()[d]);
        if (!(scale[d] > 0) || !(len < 4.6e18)) return ctx.Error("scales must be positive sizes");
        out[d] = static_cast<int64_t>(len);
        if (out[d] <= 0) return ctx.Error("computed output size is not positive");
      }
    } else {
      return ctx.Error("needs scales or sizes");
    }
    if (out[0] != x->dims()[0] || out[1] != x->dims()[1])
      return ctx.Decline("oneDNN resamples spatial axes only (batch and channels keep their size)");
    for (size_t d = 2; d < rank; ++d) {
      const int64_t in = x->dims()[d];
      // oneDNN's coordinates use out / in: the scale must be exactly that.
      if (double(out[d]) != scale[d] * double(in))
        return ctx.Decline("the scale is not output / input size on axis " + std::to_string(d));
      if (!linear_ && out[d] % in != 0)
        return ctx.Decline("nearest on oneDNN needs a whole growth factor on axis " +
                           std::to_string(d));
      if (linear_ && out[d] == 1 && pytorch_)
        return ctx.Decline("pytorch_half_pixel with an output length of 1");
    }
    OL_ASSIGN_OR_RETURN(std::shared_ptr<ResizeEntry> e, cache_.GetOrMake(key(x->dims(), out), [&] {
      return Make(ctx, x->dims(), out);
    }));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, out));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(e->src, *x)},
                                              {DNNL_ARG_DST, Wrap(e->dst, y)}};
      OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  static std::vector<int64_t> key(const std::vector<int64_t>& x, const std::vector<int64_t>& y) {
    std::vector<int64_t> k = x;
    k.insert(k.end(), y.begin(), y.end());
    return k;
  }

  Expected<std::shared_ptr<ResizeEntry>> Make(const OpKernelContext& ctx,
                                              const std::vector<int64_t>& x,
                                              const std::vector<int64_t>& y) const {
    auto e = std::make_shared<ResizeEntry>();
    e->src = PlainDesc(x);
    e->dst = PlainDesc(y);
    try {
      PrepareThreads(threads_);
      dnnl::resampling_forward::desc d(
          dnnl::prop_kind::forward_inference,
          linear_ ? dnnl::algorithm::resampling_linear : dnnl::algorithm::resampling_nearest,
          e->src, e->dst);
      e->prim = dnnl::resampling_forward(
          dnnl::resampling_forward::primitive_desc(d, UserScratchpad(), Engine()));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  bool linear_;
  bool pytorch_;  ///< coordinate_transformation_mode is pytorch_half_pixel
  int threads_;
  mutable PrimitiveCache<ResizeEntry> cache_;
};

}  // namespace

namespace {

Capability ResizeCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  auto decline = [](std::string why) {
    return Capability::Decline(DeclineReason::kAttribute, "the dnnl Resize kernel " + why);
  };
  const std::string mode = n.GetString("mode", "nearest");
  const std::string ctm = n.GetString("coordinate_transformation_mode", "half_pixel");
  const std::string nearest = n.GetString("nearest_mode", "round_prefer_floor");
  if (n.GetInt("antialias", 0) != 0) return decline("does not antialias");
  if (n.FindAttribute("axes")) return decline("takes no axes attribute");
  if (n.GetString("keep_aspect_ratio_policy", "stretch") != "stretch")
    return decline("stretches only (keep_aspect_ratio_policy)");
  if (mode == "linear") {
    if (ctm != "half_pixel" && ctm != "pytorch_half_pixel")
      return decline("samples linear at half_pixel only, not " + ctm);
    return Capability::Accept();
  }
  if (mode == "nearest") {
    const bool ok = (ctm == "asymmetric" && nearest == "floor") ||
                    ((ctm == "half_pixel" || ctm == "pytorch_half_pixel") &&
                     (nearest == "round_prefer_floor" || nearest == "round_prefer_ceil"));
    if (!ok)
      return decline(
          "takes nearest with (asymmetric, floor) or (half_pixel, round_prefer_*), not (" + ctm +
          ", " + nearest + ")");
    return Capability::Accept();
  }
  return decline("has no " + mode + " mode (nearest and linear only)");
}

}  // namespace

void RegisterDnnlResizeKernel(KernelRegistry& r) {
  r.Register({"",
              "Resize",
              11,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                if (Capability c = ResizeCheck(info); !c.accepted()) return Unsupported(c.sentence);
                const bool linear = info.node.GetString("mode", "nearest") == "linear";
                const bool pytorch = info.node.GetString("coordinate_transformation_mode",
                                                         "half_pixel") == "pytorch_half_pixel";
                return std::unique_ptr<OpKernel>(
                    std::make_unique<DnnlResize>(linear, pytorch, info.threads));
              }});
  r.SetCheck("", "Resize", kDnnlProvider, ResizeCheck);
}

}  // namespace onnxlens::kernels::dnnl_ep
