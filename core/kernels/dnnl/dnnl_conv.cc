// Conv and com.microsoft FusedConv on oneDNN: 1-D to 3-D, grouped / depthwise, strided, dilated,
// any pads (auto_pad resolved by ConvGeometry), bias, the residual Z as a sum post-op and the
// activation as eltwise post-ops. Activations are plain (NCHW) at the kernel's boundary; inside,
// the primitive picks its layout (format_tag::any) and the kernel reorders in and out when it
// prefers a blocked one. Constant weights are reordered once per weight layout and shared across
// the cached shapes. (Blocked activations across a chain of convolutions are the NCHWc step of
// issue 18: this kernel would then take and give nChw8c without the edge reorders.)
#include <cstring>
#include <optional>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_conv_util.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/reference/conv_util.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

// A convolution's primitive and descriptors: what depends only on its configuration, shared by
// every kernel of the process with the same one (SharedPrimitives).
struct ConvPrimitive {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward prim;
  memory::desc src_plain, dst_plain, w_plain;
  std::vector<int64_t> ydims;
};

SharedPrimitives<ConvPrimitive>& SharedConvs() {
  static auto* shared = new SharedPrimitives<ConvPrimitive>;  // never destroyed: kernels outlive
  return *shared;
}

struct ConvEntry {
  std::shared_ptr<const ConvPrimitive> conv;
  dnnl::convolution_forward::primitive_desc pd;  ///< conv->pd (a handle to the same descriptor)
  memory weights;  ///< W in pd.weights_desc() when W is the constant the kernel was made with
};

class DnnlConv final : public OpKernel {
 public:
  DnnlConv(FusedActivation act, bool fused, std::optional<Tensor> constant_w, int threads)
      : act_(act), fused_(fused), constant_w_(std::move(constant_w)), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override;

  /// Prepares the primitive and the weights for input shape `x` at session creation.
  void Prime(const ir::Node& node, const std::vector<int64_t>& x) const;

 private:
  bool IsConstantW(const Tensor& w) const {
    return constant_w_ && constant_w_->data<float>() == w.data<float>() &&
           constant_w_->dims() == w.dims();
  }
  Expected<std::shared_ptr<ConvEntry>> Make(const OpKernelContext& ctx, const ConvGeometry& g,
                                            const std::vector<int64_t>& x,
                                            const std::vector<int64_t>& w, bool bias, bool z,
                                            const Tensor* constant_w) const;
  Expected<std::shared_ptr<ConvEntry>> Entry(const OpKernelContext& ctx, const ConvGeometry& g,
                                             const std::vector<int64_t>& x, const Tensor& w,
                                             bool bias, bool z) const;

  FusedActivation act_;
  bool fused_;
  std::optional<Tensor> constant_w_;
  int threads_;  ///< oneDNN's team size (the session's intra-op count)
  mutable PrimitiveCache<ConvEntry> cache_;
};

Expected<std::shared_ptr<ConvEntry>> DnnlConv::Make(const OpKernelContext& ctx,
                                                    const ConvGeometry& g,
                                                    const std::vector<int64_t>& x,
                                                    const std::vector<int64_t>& w, bool bias,
                                                    bool z, const Tensor* constant_w) const {
  const DnnlConvShape c = ToDnnlConvShape(g, x, w);
  // The configuration: shapes, geometry, bias / Z, the activation and the thread count (oneDNN
  // fixes a primitive's team size when it is made).
  const auto key = ConvKey(x, {&c.wdims, &c.strides, &c.dilations, &c.pad_l, &c.pad_r},
                           (bias ? 1 : 0) | (z ? 2 : 0), act_, threads_);
  dnnl::stream* s = nullptr;  // before the primitive: oneDNN fixes its team size then
  try {
    s = &PrepareThreads(threads_);
  } catch (const dnnl::error& err) {
    return ctx.Decline(DnnlWhat(err));
  }
  auto conv = SharedConvs().GetOrMake(key, [&]() -> Expected<std::shared_ptr<const ConvPrimitive>> {
    const int64_t M = w[0];
    auto p = std::make_shared<ConvPrimitive>();
    p->ydims = c.ydims;
    const std::vector<int64_t>& wdims = c.wdims;
    const memory::dims &strides = c.strides, &dil = c.dilations, &pl = c.pad_l, &pr = c.pad_r;
    p->src_plain = PlainDesc(x);
    p->dst_plain = PlainDesc(p->ydims);
    p->w_plain = PlainDesc(wdims);
    const auto f32 = memory::data_type::f32;
    const memory::desc src_any(memory::dims(x.begin(), x.end()), f32, memory::format_tag::any);
    const memory::desc dst_any(memory::dims(p->ydims.begin(), p->ydims.end()), f32,
                               memory::format_tag::any);
    const memory::desc w_any(memory::dims(wdims.begin(), wdims.end()), f32,
                             memory::format_tag::any);
    try {
      using D = dnnl::convolution_forward::desc;
      const auto prop = dnnl::prop_kind::forward_inference;
      const auto alg = dnnl::algorithm::convolution_direct;
      D d = bias ? D(prop, alg, src_any, w_any, memory::desc({M}, f32, memory::format_tag::a),
                     dst_any, strides, dil, pl, pr)
                 : D(prop, alg, src_any, w_any, dst_any, strides, dil, pl, pr);
      OL_RETURN_IF_ERROR(MakeConvPrimitive(d, z, act_, &p->pd, &p->prim));
    } catch (const dnnl::error& err) {
      return Unsupported(DnnlWhat(err));
    }
    return std::shared_ptr<const ConvPrimitive>(std::move(p));
  });
  return SharedConvEntry(ctx, std::move(conv), cache_, &ConvPrimitive::w_plain, constant_w, *s);
}

Expected<std::shared_ptr<ConvEntry>> DnnlConv::Entry(const OpKernelContext& ctx,
                                                     const ConvGeometry& g,
                                                     const std::vector<int64_t>& x, const Tensor& w,
                                                     bool bias, bool z) const {
  const bool constant = IsConstantW(w);
  std::vector<int64_t> key = x;
  key.insert(key.end(), w.dims().begin(), w.dims().end());
  key.push_back((bias ? 1 : 0) | (z ? 2 : 0) | (constant ? 4 : 0));
  return cache_.GetOrMake(
      key, [&] { return Make(ctx, g, x, w.dims(), bias, z, constant ? &w : nullptr); });
}

Status DnnlConv::Compute(OpKernelContext& ctx) const {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
  const Tensor* b = ctx.tensor(2);
  for (const Tensor* t : {x, w, b}) {
    if (t && t->dtype() != ir::DataType::kFloat)
      return ctx.Decline("the dnnl Conv kernel takes float32, got " +
                         std::string(DataTypeName(t->dtype())));
  }
  if (x->dims().size() < 3 || x->dims().size() > 5)
    return ctx.Decline("the dnnl Conv kernel takes 1-D to 3-D convolutions");
  OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConv(ctx, x->dims(), w->dims(), b));
  const Tensor* z = fused_ ? ctx.tensor(3) : nullptr;
  if (x->numel() == 0 || w->numel() == 0) return ctx.Decline("empty tensors");
  if (g.kernel.size() == 1) {
    // Inside a subgraph the shapes are often unknown at creation: the same size rule as the
    // creation-time check (kSmallConv1dMacs), on the real shapes.
    const int64_t macs = SaturatingMul(SaturatingMul(x->dims()[0], g.OutSize()), w->numel());
    if (macs < kSmallConv1dMacs)
      return ctx.Decline("1-D convolution of " + std::to_string(macs) +
                         " multiply-adds: faster without oneDNN's reorders");
  }
  OL_ASSIGN_OR_RETURN(std::shared_ptr<ConvEntry> e, Entry(ctx, g, x->dims(), *w, b != nullptr, z));
  const ConvPrimitive& p = *e->conv;
  if (z && (z->dtype() != ir::DataType::kFloat || z->dims() != p.ydims))
    return ctx.Error("Z must be float32 with the output's shape " + ShapeString(p.ydims));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, p.ydims));
  try {
    dnnl::stream& s = PrepareThreads(threads_);
    memory src = Wrap(p.src_plain, *x);
    std::optional<Tensor> src_buf, dst_buf, w_buf;
    if (p.pd.src_desc() != p.src_plain) {
      OL_ASSIGN_OR_RETURN(src_buf, Scratch(ctx, p.pd.src_desc().get_size()));
      memory blocked = Wrap(p.pd.src_desc(), *src_buf);
      Reorder(s, src, blocked);
      src = blocked;
    }
    memory weights = e->weights;
    if (!weights) {  // W is computed at run time: reorder it for this call
      OL_ASSIGN_OR_RETURN(w_buf, Scratch(ctx, p.pd.weights_desc().get_size()));
      weights = Wrap(p.pd.weights_desc(), *w_buf);
      memory user = Wrap(p.w_plain, *w);
      Reorder(s, user, weights);
    }
    memory out = Wrap(p.dst_plain, y);
    memory dst = out;
    const bool blocked_dst = p.pd.dst_desc() != p.dst_plain;
    if (blocked_dst) {
      OL_ASSIGN_OR_RETURN(dst_buf, Scratch(ctx, p.pd.dst_desc().get_size()));
      dst = Wrap(p.pd.dst_desc(), *dst_buf);
    }
    if (z) {  // the sum post-op accumulates into dst: start from Z
      memory zm = Wrap(p.dst_plain, *z);
      if (blocked_dst)
        Reorder(s, zm, dst);
      else
        std::memcpy(y.mutable_data<float>(), z->data<float>(), z->nbytes());
    }
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, weights}, {DNNL_ARG_DST, dst}};
    if (b)
      args[DNNL_ARG_BIAS] =
          Wrap(memory::desc({p.ydims[1]}, memory::data_type::f32, memory::format_tag::a), *b);
    OL_RETURN_IF_ERROR(Execute(ctx, s, p.prim, args));
    if (blocked_dst) Reorder(s, dst, out);
  } catch (const dnnl::error& err) {
    return ctx.Decline(DnnlWhat(err));
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

void DnnlConv::Prime(const ir::Node& node, const std::vector<int64_t>& x) const {
  std::vector<RtValue> outs(node.outputs().size());
  OpKernelContext ctx(node, {}, &outs, nullptr, nullptr);
  const Tensor* b = node.input(2) ? node.input(2)->initializer() : nullptr;
  auto g = ConvGeometry::ForConv(ctx, x, constant_w_->dims(), b);
  if (!g.ok()) return;  // the run reports it, naming the node
  const bool z = fused_ && node.inputs().size() > 3 && node.input(3);
  // Only the cache matters here: a shape oneDNN declines is declined again at run time.
  (void)Entry(ctx, *g, x, *constant_w_, node.input(2) != nullptr, z);
}

}  // namespace

Expected<std::unique_ptr<OpKernel>> MakeDnnlConv(const KernelInfo& info, bool fused) {
  FusedActivation act;
  if (fused) {
    OL_ASSIGN_OR_RETURN(act, FusedActivation::FromNode(info.node));
  }
  std::optional<Tensor> constant_w;
  if (const ir::Value* w = info.node.input(1);
      info.prepack && w && w->initializer() && w->initializer()->dtype() == ir::DataType::kFloat)
    constant_w = *w->initializer();
  auto kernel = std::make_unique<DnnlConv>(act, fused, constant_w, info.threads);
  // Weights reordered at session creation when the input shape is known.
  if (constant_w && info.prepare) {
    if (auto x = KnownShape(info.node.input(0)); x && x->size() >= 3 && x->size() <= 5)
      kernel->Prime(info.node, *x);
  }
  return std::unique_ptr<OpKernel>(std::move(kernel));
}

void RegisterDnnlConvKernels(KernelRegistry& r) {
  r.Register(
      {"", "Conv", 1, 1000, kDnnlProvider, {ir::DataType::kFloat}, [](const KernelInfo& info) {
         return MakeDnnlConv(info, false);
       }});
  r.Register({"com.microsoft",
              "FusedConv",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) { return MakeDnnlConv(info, true); }});
}

}  // namespace onnxlens::kernels::dnnl_ep
