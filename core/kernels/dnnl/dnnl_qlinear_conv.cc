// QLinearConv on oneDNN's int8 convolution: u8 / s8 activations (the x zero point as a run-time
// source zero point), constant s8 weights with zero points 0 (reordered once per layout), the
// int32 bias, x_scale * w_scale / y_scale as output scales (per output channel: mask 1 << 1) and
// the y zero point as the destination zero point; the result saturates to y's type. Activations
// are plain NCHW at the kernel's boundary, as for the float Conv; com.onnxlens QLinearConv (made
// by the qlinear-nhwc pass) reads x and / or writes y channels-last (attributes x_channels_last,
// y_channels_last), the layout oneDNN's int8 convolutions compute in, so a chain of them runs
// without reorders. The creation-time checks (constant parameters, s8 weights with zero points
// 0) are in dnnl_qlinear_common.cc.
#include <optional>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_conv_util.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/dnnl/dnnl_qlinear.h"
#include "kernels/reference/conv_util.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

struct QConvEntry {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward prim;
  memory::desc src_plain, dst_plain;  ///< x and y as the graph holds them (NCHW or NHWC)
  std::vector<int64_t> ydims;         ///< logical [N, M, spatial]
  std::vector<int64_t> y_shape;       ///< y's tensor dims (ydims, or [N, H, W, M] channels-last)
  memory weights;
};

class DnnlQLinearConv final : public OpKernel {
 public:
  DnnlQLinearConv(QLinearParams p, Tensor w, std::optional<Tensor> bias, int threads, bool x_nhwc,
                  bool y_nhwc)
      : p_(std::move(p)),
        w_(std::move(w)),
        bias_(std::move(bias)),
        threads_(threads),
        x_nhwc_(x_nhwc),
        y_nhwc_(y_nhwc) {}

  Status Compute(OpKernelContext& ctx) const override;
  void Prime(const ir::Node& node, const std::vector<int64_t>& x) const;
  /// x's logical [N, C, spatial] dims from its tensor dims.
  std::vector<int64_t> Logical(const std::vector<int64_t>& x) const {
    if (!x_nhwc_ || x.size() != 4) return x;
    return {x[0], x[3], x[1], x[2]};
  }

 private:
  Expected<std::shared_ptr<QConvEntry>> Make(const OpKernelContext& ctx, const ConvGeometry& g,
                                             const std::vector<int64_t>& x) const;
  Expected<std::shared_ptr<QConvEntry>> Entry(const OpKernelContext& ctx,
                                              const std::vector<int64_t>& x) const;

  QLinearParams p_;
  Tensor w_;
  std::optional<Tensor> bias_;
  int threads_;
  bool x_nhwc_, y_nhwc_;
  mutable PrimitiveCache<QConvEntry> cache_;
};

Expected<std::shared_ptr<QConvEntry>> DnnlQLinearConv::Make(const OpKernelContext& ctx,
                                                            const ConvGeometry& g,
                                                            const std::vector<int64_t>& x) const {
  const DnnlConvShape c = ToDnnlConvShape(g, x, w_.dims());
  const int64_t M = w_.dims()[0];
  auto e = std::make_shared<QConvEntry>();
  e->ydims = c.ydims;
  const auto nhwc = memory::format_tag::nhwc;
  e->src_plain = x_nhwc_ ? memory::desc(memory::dims(x.begin(), x.end()), p_.x_type, nhwc)
                         : TypedPlainDesc(x, p_.x_type);
  e->dst_plain = y_nhwc_
                     ? memory::desc(memory::dims(e->ydims.begin(), e->ydims.end()), p_.y_type, nhwc)
                     : TypedPlainDesc(e->ydims, p_.y_type);
  e->y_shape = e->ydims;
  if (y_nhwc_) e->y_shape = {e->ydims[0], e->ydims[2], e->ydims[3], e->ydims[1]};
  const memory::desc w_plain = TypedPlainDesc(c.wdims, memory::data_type::s8);
  const auto any = memory::format_tag::any;
  const memory::desc src_any(memory::dims(x.begin(), x.end()), p_.x_type, any);
  const memory::desc dst_any(memory::dims(e->ydims.begin(), e->ydims.end()), p_.y_type, any);
  const memory::desc w_any(memory::dims(c.wdims.begin(), c.wdims.end()), memory::data_type::s8,
                           any);
  try {
    using D = dnnl::convolution_forward::desc;
    const auto prop = dnnl::prop_kind::forward_inference;
    const auto alg = dnnl::algorithm::convolution_direct;
    D d = bias_ ? D(prop, alg, src_any, w_any,
                    memory::desc({M}, memory::data_type::s32, memory::format_tag::a), dst_any,
                    c.strides, c.dilations, c.pad_l, c.pad_r)
                : D(prop, alg, src_any, w_any, dst_any, c.strides, c.dilations, c.pad_l, c.pad_r);
    dnnl::primitive_attr attr = UserScratchpad();
    SetQuantAttributes(p_, &attr);
    dnnl::stream& s = PrepareThreads(threads_);
    e->pd = dnnl::convolution_forward::primitive_desc(d, attr, Engine());
    e->prim = dnnl::convolution_forward(e->pd);
    PrepareConstantWeights(cache_, *e, w_plain, w_, s);
  } catch (const dnnl::error& err) {
    return ctx.Decline(DnnlWhat(err));
  }
  return e;
}

Expected<std::shared_ptr<QConvEntry>> DnnlQLinearConv::Entry(const OpKernelContext& ctx,
                                                             const std::vector<int64_t>& x) const {
  return cache_.GetOrMake(x, [&]() -> Expected<std::shared_ptr<QConvEntry>> {
    OL_ASSIGN_OR_RETURN(ConvGeometry g,
                        ConvGeometry::ForConv(ctx, x, w_.dims(), bias_ ? &*bias_ : nullptr));
    return Make(ctx, g, x);
  });
}

Status DnnlQLinearConv::Compute(OpKernelContext& ctx) const {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dtype() != p_.x_onnx_type)
    return ctx.Decline("x is " + std::string(DataTypeName(x->dtype())) + ", not its zero point's " +
                       std::string(DataTypeName(p_.x_onnx_type)));
  if (x->dims().size() != w_.dims().size())
    return ctx.Decline("x and W differ in rank: " + ShapeString(x->dims()) + " and " +
                       ShapeString(w_.dims()));
  if (x->numel() == 0) return ctx.Decline("empty tensors");
  OL_ASSIGN_OR_RETURN(std::shared_ptr<QConvEntry> e, Entry(ctx, Logical(x->dims())));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, p_.y_onnx_type, e->y_shape));
  std::unordered_map<int, memory> args = {{DNNL_ARG_WEIGHTS, e->weights}};
  AddZeroPointArgs(p_, &args);
  if (bias_)
    args[DNNL_ARG_BIAS] =
        Wrap(memory::desc({e->ydims[1]}, memory::data_type::s32, memory::format_tag::a), *bias_);
  OL_RETURN_IF_ERROR(ExecuteBetweenPlain(ctx, PrepareThreads(threads_), e->prim, e->pd.src_desc(),
                                         e->pd.dst_desc(), e->src_plain, e->dst_plain, *x, y,
                                         std::move(args)));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

void DnnlQLinearConv::Prime(const ir::Node& node, const std::vector<int64_t>& x) const {
  std::vector<RtValue> outs(node.outputs().size());
  OpKernelContext ctx(node, {}, &outs, nullptr, nullptr);
  (void)Entry(ctx, Logical(x));  // a shape oneDNN declines is declined again at run time
}

Expected<std::unique_ptr<OpKernel>> MakeDnnlQLinearConv(const KernelInfo& info) {
  const ir::Node& n = info.node;
  OL_ASSIGN_OR_RETURN(QLinearParams p, ReadQLinearParams(n, n.input(3)->initializer()->dims()[0]));
  std::optional<Tensor> bias;
  if (n.input(8)) bias = *n.input(8)->initializer();
  const bool x_nhwc = n.GetInt("x_channels_last", 0) != 0;
  const bool y_nhwc = n.GetInt("y_channels_last", 0) != 0;
  if ((x_nhwc || y_nhwc) && n.input(3)->initializer()->dims().size() != 4)
    return Unsupported("channels-last QLinearConv takes a 2-D convolution (W of rank 4)");
  auto kernel = std::make_unique<DnnlQLinearConv>(std::move(p), *n.input(3)->initializer(),
                                                  std::move(bias), info.threads, x_nhwc, y_nhwc);
  if (auto x = KnownShape(n.input(0));
      info.prepare && x && x->size() == n.input(3)->initializer()->dims().size())
    kernel->Prime(n, *x);
  return std::unique_ptr<OpKernel>(std::move(kernel));
}

}  // namespace

void RegisterDnnlQLinearConvKernel(KernelRegistry& r) {
  r.Register({"",
              "QLinearConv",
              10,
              1000,
              kDnnlProvider,
              {ir::DataType::kUint8, ir::DataType::kInt8},
              MakeDnnlQLinearConv});
  r.Register({"com.onnxlens",
              "QLinearConv",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kUint8, ir::DataType::kInt8},
              MakeDnnlQLinearConv});
}

}  // namespace onnxlens::kernels::dnnl_ep
