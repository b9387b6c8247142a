// ConvTranspose on oneDNN's deconvolution: 1-D to 3-D, grouped, strided, dilated, pads,
// output_padding and output_shape (resolved by ConvGeometry::ForConvTranspose), bias. Plain layout
// at the boundary, the primitive's preferred one inside; constant weights reordered once per
// layout. A case oneDNN cannot express (output_padding past the end pad: negative right padding)
// is declined at run time to the next provider; so are narrow ones (< 128 input channels per
// group) when the next provider is cpu, whose kernel runs them faster.
#include <optional>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/reference/conv_util.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

/// With fewer input channels per group than this, the cpu provider's ConvTranspose (one GEMM per
/// block of rows, then col2im) beats oneDNN's deconvolution; with more, oneDNN wins. Measured at
/// 1 and 2 threads (P50, dnnl / cpu): ppocr_det's 24 -> 24 and 24 -> 1 channel 2x2 / stride 2
/// upsampling 4.7 / 3.6 ms and 9.4 / 0.9 ms at 1 thread; 64 -> 32, 2x2 / 2 at 64x64: 2.6 / 1.1 ms;
/// 21 -> 21, 16x16 / 8: 11.9 / 7.2 ms; but 256 -> 128, 4x4 / 2 at 16x16: 2.7 / 4.1 ms.
constexpr int64_t kWideDeconvChannels = 128;

struct DeconvEntry {
  dnnl::deconvolution_forward::primitive_desc pd;
  dnnl::deconvolution_forward prim;
  memory::desc src_plain, dst_plain, w_plain;
  std::vector<int64_t> ydims;
  memory weights;  ///< prepared W when it is the kernel's constant
};

class DnnlConvTranspose final : public OpKernel {
 public:
  DnnlConvTranspose(std::optional<Tensor> constant_w, int threads, bool narrow_to_cpu)
      : constant_w_(std::move(constant_w)), threads_(threads), narrow_to_cpu_(narrow_to_cpu) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
    const Tensor* b = ctx.tensor(2);
    for (const Tensor* t : {x, w, b}) {
      if (t && t->dtype() != ir::DataType::kFloat)
        return ctx.Decline("the dnnl ConvTranspose kernel takes float32");
    }
    if (x->dims().size() < 3 || x->dims().size() > 5)
      return ctx.Decline("the dnnl ConvTranspose kernel takes 1-D to 3-D input");
    OL_ASSIGN_OR_RETURN(ConvGeometry g,
                        ConvGeometry::ForConvTranspose(ctx, x->dims(), w->dims(), b));
    if (x->numel() == 0 || w->numel() == 0) return ctx.Decline("empty tensors");
    // Only what the cpu kernel takes (1-D and 2-D; a fallback's decline would be an error).
    if (narrow_to_cpu_ && x->dims().size() <= 4 && x->dims()[1] / g.group < kWideDeconvChannels)
      return ctx.Decline("fewer than 128 input channels per group: faster on the cpu kernel");
    const bool constant = constant_w_ && constant_w_->data<float>() == w->data<float>() &&
                          constant_w_->dims() == w->dims();
    std::vector<int64_t> key = x->dims();
    key.insert(key.end(), w->dims().begin(), w->dims().end());
    key.push_back((b ? 1 : 0) | (constant ? 4 : 0));
    OL_ASSIGN_OR_RETURN(std::shared_ptr<DeconvEntry> e, cache_.GetOrMake(key, [&] {
      return Make(ctx, g, x->dims(), w->dims(), b != nullptr, constant ? w : nullptr);
    }));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, e->ydims));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      std::optional<Tensor> src_buf, dst_buf, w_buf;
      memory src = Wrap(e->src_plain, *x);
      if (e->pd.src_desc() != e->src_plain) {
        OL_ASSIGN_OR_RETURN(src_buf, Scratch(ctx, e->pd.src_desc().get_size()));
        memory blocked = Wrap(e->pd.src_desc(), *src_buf);
        Reorder(s, src, blocked);
        src = blocked;
      }
      memory weights = e->weights;
      if (!weights) {
        OL_ASSIGN_OR_RETURN(w_buf, Scratch(ctx, e->pd.weights_desc().get_size()));
        weights = Wrap(e->pd.weights_desc(), *w_buf);
        memory user = Wrap(e->w_plain, *w);
        Reorder(s, user, weights);
      }
      memory out = Wrap(e->dst_plain, y);
      memory dst = out;
      const bool blocked_dst = e->pd.dst_desc() != e->dst_plain;
      if (blocked_dst) {
        OL_ASSIGN_OR_RETURN(dst_buf, Scratch(ctx, e->pd.dst_desc().get_size()));
        dst = Wrap(e->pd.dst_desc(), *dst_buf);
      }
      std::unordered_map<int, memory> args = {
          {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}};
      if (b) args[DNNL_ARG_BIAS] = Wrap(PlainDesc({e->ydims[1]}), *b);
      OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
      if (blocked_dst) Reorder(s, dst, out);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<DeconvEntry>> Make(const OpKernelContext& ctx, const ConvGeometry& g,
                                              const std::vector<int64_t>& x,
                                              const std::vector<int64_t>& w, bool bias,
                                              const Tensor* constant_w) const {
    const size_t r = g.kernel.size();
    const int64_t G = g.group, C = x[1], M = w[1] * G;
    memory::dims strides(g.strides.begin(), g.strides.end()), dil(r), pl(r), pr(r);
    for (size_t d = 0; d < r; ++d) {
      dil[d] = g.dilations[d] - 1;
      pl[d] = g.pads[d];
      // output_padding (and output_shape) make the output longer than the pads say: oneDNN's
      // right padding is what is left after it.
      const int64_t ek = (g.kernel[d] - 1) * g.dilations[d] + 1;
      pr[d] = (g.in[d] - 1) * g.strides[d] + ek - pl[d] - g.out[d];
      if (pl[d] < 0 || pr[d] < 0)
        return ctx.Decline("output_padding or output_shape past the pads (negative padding)");
    }
    auto e = std::make_shared<DeconvEntry>();
    e->ydims = {x[0], M};
    e->ydims.insert(e->ydims.end(), g.out.begin(), g.out.end());
    e->src_plain = PlainDesc(x);
    e->dst_plain = PlainDesc(e->ydims);
    // ONNX's W is [C, M/G, k...]: per group (input, output, k...), oneDNN's (g)iohw.
    memory::dims wdims = G > 1 ? memory::dims{G, M / G, C / G} : memory::dims{M, C};
    wdims.insert(wdims.end(), w.begin() + 2, w.end());
    std::vector<int64_t> onnx_w =
        G > 1 ? std::vector<int64_t>{G, C / G, M / G} : std::vector<int64_t>{C, M};
    onnx_w.insert(onnx_w.end(), w.begin() + 2, w.end());
    // The strides of ONNX's layout, with the (input, output) axes swapped into oneDNN's order.
    memory::dims wstrides = RowMajorStrides(onnx_w);
    const size_t io = G > 1 ? 1 : 0;
    std::swap(wstrides[io], wstrides[io + 1]);
    e->w_plain = memory::desc(wdims, memory::data_type::f32, wstrides);
    const auto f32 = memory::data_type::f32;
    const auto any = memory::format_tag::any;
    try {
      using D = dnnl::deconvolution_forward::desc;
      const auto prop = dnnl::prop_kind::forward_inference;
      const auto alg = dnnl::algorithm::deconvolution_direct;
      const memory::desc src(memory::dims(x.begin(), x.end()), f32, any);
      const memory::desc dst(memory::dims(e->ydims.begin(), e->ydims.end()), f32, any);
      const memory::desc wd(wdims, f32, any);
      D d = bias ? D(prop, alg, src, wd, PlainDesc({M}), dst, strides, dil, pl, pr)
                 : D(prop, alg, src, wd, dst, strides, dil, pl, pr);
      dnnl::stream& s = PrepareThreads(threads_);
      e->pd = dnnl::deconvolution_forward::primitive_desc(d, UserScratchpad(), Engine());
      e->prim = dnnl::deconvolution_forward(e->pd);
      if (constant_w) PrepareConstantWeights(cache_, *e, e->w_plain, *constant_w, s);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  std::optional<Tensor> constant_w_;
  int threads_;         ///< oneDNN's team size (the session's intra-op count)
  bool narrow_to_cpu_;  ///< the cpu provider is next: it takes the narrow deconvolutions
  mutable PrimitiveCache<DeconvEntry> cache_;
};

}  // namespace

void RegisterDnnlConvTransposeKernel(KernelRegistry& r) {
  r.Register({"",
              "ConvTranspose",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                std::optional<Tensor> constant_w;
                if (const ir::Value* w = info.node.input(1);
                    info.prepack && w && w->initializer() &&
                    w->initializer()->dtype() == ir::DataType::kFloat)
                  constant_w = *w->initializer();
                return std::unique_ptr<OpKernel>(std::make_unique<DnnlConvTranspose>(
                    std::move(constant_w), info.threads, info.fallback == kCpuProvider));
              }});
}

}  // namespace onnxlens::kernels::dnnl_ep
