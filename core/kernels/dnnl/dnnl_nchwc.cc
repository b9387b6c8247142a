// com.microsoft.nchwc Conv on oneDNN: activations stay in NCHWc (nChw8c / nChw16c) from one
// convolution to the next, so a chain reorders only at its edges (the ReorderInput /
// ReorderOutput nodes of the layout level). The filter arrives in ONNX Runtime's OIHWBiBo / OIHWBo
// forms (ir/nchwc.h), which are oneDNN's OIhw{B}i{B}o / Oihw{B}o / Goihw{B}g; it is reordered once
// into the primitive's preferred layout. Bias, Sum (the residual, a sum post-op) and the
// activation are fused.
#include <cstring>
#include <optional>

#include "ir/nchwc.h"
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

// A blocked convolution's primitive and descriptors, shared by every kernel of the process with
// the same configuration (SharedPrimitives).
struct NchwcPrimitive {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward prim;
  memory::desc src, dst, w_user;
  std::vector<int64_t> ydims;
};

SharedPrimitives<NchwcPrimitive>& SharedNchwcConvs() {
  static auto* shared = new SharedPrimitives<NchwcPrimitive>;  // never destroyed
  return *shared;
}

struct NchwcEntry {
  std::shared_ptr<const NchwcPrimitive> conv;
  dnnl::convolution_forward::primitive_desc pd;  ///< conv->pd (a handle to the same descriptor)
  memory weights;  ///< W in pd.weights_desc() when W is the kernel's constant
};

class DnnlNchwcConv final : public OpKernel {
 public:
  DnnlNchwcConv(FusedActivation act, std::optional<Tensor> constant_w, int64_t block, int threads)
      : act_(act), constant_w_(std::move(constant_w)), block_(block), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* w, ctx.RequireTensor(1));
    const Tensor* b = ctx.tensor(2);
    const Tensor* sum = ctx.tensor(3);
    for (const Tensor* t : {x, w, b, sum}) {
      if (t && t->dtype() != ir::DataType::kFloat)
        return ctx.Error("takes float32, got " + std::string(DataTypeName(t->dtype())));
    }
    const int64_t group = ctx.node().GetInt("group", 1);
    if (w->dims().size() != 4 || w->dims()[0] % block_ != 0)
      return ctx.Error("W must be an NCHWc filter [O, I, kH, kW] with O a multiple of " +
                       std::to_string(block_) + ", got " + ShapeString(w->dims()));
    const bool plain_input = group == 1 && w->dims()[1] < block_;
    if (x->dims().size() != 4 || (!plain_input && x->dims()[1] % block_ != 0))
      return ctx.Error("X must be " + std::string(plain_input ? "an NCHW" : "an NCHWc") +
                       " tensor [N, C, H, W], got " + ShapeString(x->dims()));
    if (x->numel() == 0) return ctx.Decline("empty input");
    OL_ASSIGN_OR_RETURN(ConvGeometry g, ConvGeometry::ForConv(ctx, x->dims(), w->dims(), b));
    const bool constant = constant_w_ && constant_w_->data<float>() == w->data<float>() &&
                          constant_w_->dims() == w->dims();
    std::vector<int64_t> key = x->dims();
    key.insert(key.end(), w->dims().begin(), w->dims().end());
    key.push_back((b ? 1 : 0) | (sum ? 2 : 0) | (constant ? 4 : 0));
    OL_ASSIGN_OR_RETURN(std::shared_ptr<NchwcEntry> e, cache_.GetOrMake(key, [&] {
      return Make(ctx, g, x->dims(), w->dims(), b != nullptr, sum != nullptr, plain_input,
                  constant ? w : nullptr);
    }));
    const NchwcPrimitive& p = *e->conv;
    if (sum && sum->dims() != p.ydims)
      return ctx.Error("Sum must have the output's shape " + ShapeString(p.ydims) + ", got " +
                       ShapeString(sum->dims()));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, p.ydims));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      memory weights = e->weights;
      std::optional<Tensor> w_buf;
      if (!weights) {
        OL_ASSIGN_OR_RETURN(w_buf, Scratch(ctx, p.pd.weights_desc().get_size()));
        weights = Wrap(p.pd.weights_desc(), *w_buf);
        memory user = Wrap(p.w_user, *w);
        Reorder(s, user, weights);
      }
      if (sum) std::memcpy(y.mutable_data<float>(), sum->data<float>(), sum->nbytes());
      std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(p.src, *x)},
                                              {DNNL_ARG_WEIGHTS, weights},
                                              {DNNL_ARG_DST, Wrap(p.dst, y)}};
      if (b)
        args[DNNL_ARG_BIAS] =
            Wrap(memory::desc({p.ydims[1]}, memory::data_type::f32, memory::format_tag::a), *b);
      OL_RETURN_IF_ERROR(Execute(ctx, s, p.prim, args));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

  void Prime(const ir::Node& node, const std::vector<int64_t>& x) const {
    std::vector<RtValue> outs(node.outputs().size());
    OpKernelContext ctx(node, {}, &outs, nullptr, nullptr);
    const Tensor* b = node.input(2) ? node.input(2)->initializer() : nullptr;
    auto g = ConvGeometry::ForConv(ctx, x, constant_w_->dims(), b);
    if (!g.ok()) return;
    const bool sum = node.inputs().size() > 3 && node.input(3);
    const bool plain_input = node.GetInt("group", 1) == 1 && constant_w_->dims()[1] < block_;
    std::vector<int64_t> key = x;
    key.insert(key.end(), constant_w_->dims().begin(), constant_w_->dims().end());
    key.push_back((node.input(2) ? 1 : 0) | (sum ? 2 : 0) | 4);
    (void)cache_.GetOrMake(key, [&] {
      return Make(ctx, *g, x, constant_w_->dims(), node.input(2) != nullptr, sum, plain_input,
                  &*constant_w_);
    });
  }

 private:
  Expected<std::shared_ptr<NchwcEntry>> Make(const OpKernelContext& ctx, const ConvGeometry& g,
                                             const std::vector<int64_t>& x,
                                             const std::vector<int64_t>& w, bool bias, bool sum,
                                             bool plain_input, const Tensor* constant_w) const {
    using tag = memory::format_tag;
    const bool b16 = block_ == 16;
    const int64_t O = w[0], I = w[1], G = g.group;
    const auto f32 = memory::data_type::f32;
    memory::dims wdims;
    tag wtag;
    if (G == 1) {
      wdims = {O, I, w[2], w[3]};
      wtag = plain_input ? (b16 ? tag::Abcd16a : tag::Abcd8a)  // Oihw{B}o
                         : (b16 ? tag::OIhw16i16o : tag::OIhw8i8o);
    } else if (I == 1 && O == G) {
      wdims = {G, 1, 1, w[2], w[3]};
      wtag = b16 ? tag::Goihw16g : tag::Goihw8g;
    } else {
      wdims = {G, O / G, I, w[2], w[3]};
      wtag = b16 ? tag::gOIhw16i16o : tag::gOIhw8i8o;
    }
    memory::dims strides(g.strides.begin(), g.strides.end()), dil(2), pl(2), pr(2);
    for (size_t d = 0; d < 2; ++d) {
      dil[d] = g.dilations[d] - 1;
      pl[d] = g.pads[d];
      pr[d] = g.pads[d + 2];
    }
    // The configuration: shapes, geometry, layouts, bias / sum, the activation and the thread
    // count (oneDNN fixes a primitive's team size when it is made).
    auto key = ConvKey(x, {&wdims, &strides, &dil, &pl, &pr},
                       (bias ? 1 : 0) | (sum ? 2 : 0) | (plain_input ? 4 : 0), act_, threads_);
    key.insert(key.end(), {static_cast<int64_t>(wtag), block_});
    dnnl::stream* s = nullptr;  // before the primitive: oneDNN fixes its team size then
    try {
      s = &PrepareThreads(threads_);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    auto conv =
        SharedNchwcConvs().GetOrMake(key, [&]() -> Expected<std::shared_ptr<const NchwcPrimitive>> {
          auto p = std::make_shared<NchwcPrimitive>();
          p->ydims = {x[0], O, g.out[0], g.out[1]};
          p->src = plain_input ? PlainDesc(x) : BlockedDesc(x, block_);
          p->dst = BlockedDesc(p->ydims, block_);
          p->w_user = memory::desc(wdims, f32, wtag);
          try {
            using D = dnnl::convolution_forward::desc;
            const auto prop = dnnl::prop_kind::forward_inference;
            const auto alg = dnnl::algorithm::convolution_direct;
            const memory::desc w_any(wdims, f32, tag::any);
            D d = bias ? D(prop, alg, p->src, w_any, memory::desc({O}, f32, tag::a), p->dst,
                           strides, dil, pl, pr)
                       : D(prop, alg, p->src, w_any, p->dst, strides, dil, pl, pr);
            OL_RETURN_IF_ERROR(MakeConvPrimitive(d, sum, act_, &p->pd, &p->prim));
          } catch (const dnnl::error& err) {
            return Unsupported(DnnlWhat(err));
          }
          return std::shared_ptr<const NchwcPrimitive>(std::move(p));
        });
    return SharedConvEntry(ctx, std::move(conv), cache_, &NchwcPrimitive::w_user, constant_w, *s);
  }

  FusedActivation act_;
  std::optional<Tensor> constant_w_;
  int64_t block_;
  int threads_;
  mutable PrimitiveCache<NchwcEntry> cache_;
};

Expected<std::unique_ptr<OpKernel>> MakeNchwcConv(const KernelInfo& info) {
  const int64_t block = ir::NchwcBlockSize();
  if (block <= 0) return Unsupported("this CPU has no NCHWc block");
  OL_ASSIGN_OR_RETURN(FusedActivation act, FusedActivation::FromNode(info.node));
  std::optional<Tensor> constant_w;
  if (const ir::Value* w = info.node.input(1);
      info.prepack && w && w->initializer() && w->initializer()->dtype() == ir::DataType::kFloat)
    constant_w = *w->initializer();
  auto kernel = std::make_unique<DnnlNchwcConv>(act, constant_w, block, info.threads);
  // The ReorderInput / previous convolution in front fixes X's shape at session creation.
  if (constant_w && constant_w->dims().size() == 4 && info.prepare) {
    if (auto x = KnownShape(info.node.input(0)); x && x->size() == 4) kernel->Prime(info.node, *x);
  }
  return std::unique_ptr<OpKernel>(std::move(kernel));
}

}  // namespace

void RegisterDnnlNchwcKernels(KernelRegistry& r) {
  r.Register(
      {ir::kNchwcDomain, "Conv", 1, 1000, kDnnlProvider, {ir::DataType::kFloat}, MakeNchwcConv});
}

}  // namespace onnxlens::kernels::dnnl_ep
