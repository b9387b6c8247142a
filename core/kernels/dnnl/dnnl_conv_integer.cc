// ConvInteger (what dynamic quantization writes for a Conv: x quantized at run time by
// DynamicQuantizeLinear) on oneDNN's int8 convolution with an s32 destination: u8 / s8 x with its
// zero point as a run-time source zero point, constant int8 W with zero points 0 (reordered once
// per layout), no scales: the s32 sums are the reference kernel's exactly (on a CPU without VNNI,
// or under ONNXLENS_MAX_ISA=avx2, W must stay within +-64 and x be uint8, see Int8PairsExact;
// else the reference kernel runs the node). 1-D to 3-D, grouped, strided, dilated, any pads.
// Before it the reference kernel ran every dynamically quantized convolution (crnn: 50 ms a node).
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
using ir::DataType;
using ir::Tensor;

Capability ConvIntegerCheck(const KernelInfo& info) {
  const ir::Node& n = info.node;
  if (Capability c = CheckInt8Weight(n, 3, "W", 3, 5); !c.accepted()) return c;
  if (const ir::Value* x = n.input(0); x && x->type().is_tensor())
    if (Capability c = CheckInt8ConvInput(n, x->type().elem_type); !c.accepted()) return c;
  if (auto zd = KnownShape(n.input(2))) {
    int64_t count = 1;
    for (int64_t d : *zd) count *= d;
    if (count != 1)
      return Capability::Decline(DeclineReason::kRank,
                                 "the dnnl ConvInteger kernel takes one x_zero_point");
  }
  return Capability::Accept();
}

struct ConvIntegerEntry {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward prim;
  memory::desc src_plain, dst_plain;
  std::vector<int64_t> ydims;
  memory weights;
};

class DnnlConvInteger final : public OpKernel {
 public:
  DnnlConvInteger(Tensor w, int threads) : w_(std::move(w)), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    if (x->dtype() != DataType::kUint8 && x->dtype() != DataType::kInt8)
      return ctx.Decline("x is " + std::string(DataTypeName(x->dtype())));
    if (x->dtype() == DataType::kInt8 && !Int8PairsExact())
      return ctx.Decline("x is int8 and the CPU (or ONNXLENS_MAX_ISA) has no VNNI");
    int32_t zp = 0;
    if (const Tensor* z = ctx.tensor(2)) {
      if (z->numel() != 1 || z->dtype() != x->dtype())
        return ctx.Decline("x_zero_point is not one " + std::string(DataTypeName(x->dtype())));
      zp = x->dtype() == DataType::kInt8 ? int32_t{z->data<int8_t>()[0]}
                                         : int32_t{z->data<uint8_t>()[0]};
    }
    if (x->dims().size() != w_.dims().size())
      return ctx.Decline("x and W differ in rank: " + ShapeString(x->dims()) + " and " +
                         ShapeString(w_.dims()));
    if (x->numel() == 0) return ctx.Decline("empty tensors");
    const bool s8 = x->dtype() == DataType::kInt8;
    std::vector<int64_t> key = x->dims();
    key.push_back(s8);
    key.push_back(zp != 0);
    OL_ASSIGN_OR_RETURN(std::shared_ptr<ConvIntegerEntry> e,
                        cache_.GetOrMake(key, [&]() -> Expected<std::shared_ptr<ConvIntegerEntry>> {
                          OL_ASSIGN_OR_RETURN(
                              ConvGeometry g,
                              ConvGeometry::ForConv(ctx, x->dims(), w_.dims(), nullptr));
                          return Make(ctx, g, x->dims(), s8, zp != 0);
                        }));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt32, e->ydims));
    int32_t zp_value = zp;
    std::unordered_map<int, memory> args = {{DNNL_ARG_WEIGHTS, e->weights}};
    if (zp != 0)
      args[DNNL_ARG_ATTR_ZERO_POINTS | DNNL_ARG_SRC] = memory(
          memory::desc({1}, memory::data_type::s32, memory::format_tag::a), Engine(), &zp_value);
    OL_RETURN_IF_ERROR(ExecuteBetweenPlain(ctx, PrepareThreads(threads_), e->prim, e->pd.src_desc(),
                                           e->pd.dst_desc(), e->src_plain, e->dst_plain, *x, y,
                                           std::move(args)));
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<ConvIntegerEntry>> Make(const OpKernelContext& ctx,
                                                   const ConvGeometry& g,
                                                   const std::vector<int64_t>& x, bool s8,
                                                   bool zp) const {
    const DnnlConvShape c = ToDnnlConvShape(g, x, w_.dims());
    auto e = std::make_shared<ConvIntegerEntry>();
    e->ydims = c.ydims;
    const auto x_type = s8 ? memory::data_type::s8 : memory::data_type::u8;
    e->src_plain = TypedPlainDesc(x, x_type);
    e->dst_plain = TypedPlainDesc(e->ydims, memory::data_type::s32);
    const memory::desc w_plain = TypedPlainDesc(c.wdims, memory::data_type::s8);
    const auto any = memory::format_tag::any;
    try {
      const dnnl::convolution_forward::desc d(
          dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
          memory::desc(memory::dims(x.begin(), x.end()), x_type, any),
          memory::desc(memory::dims(c.wdims.begin(), c.wdims.end()), memory::data_type::s8, any),
          memory::desc(memory::dims(e->ydims.begin(), e->ydims.end()), memory::data_type::s32, any),
          c.strides, c.dilations, c.pad_l, c.pad_r);
      dnnl::primitive_attr attr = UserScratchpad();
      if (zp) attr.set_zero_points(DNNL_ARG_SRC, 0, {DNNL_RUNTIME_S32_VAL});
      dnnl::stream& s = PrepareThreads(threads_);
      e->pd = dnnl::convolution_forward::primitive_desc(d, attr, Engine());
      e->prim = dnnl::convolution_forward(e->pd);
      PrepareConstantWeights(cache_, *e, w_plain, w_, s);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  Tensor w_;
  int threads_;
  mutable PrimitiveCache<ConvIntegerEntry> cache_;
};

Expected<std::unique_ptr<OpKernel>> MakeDnnlConvInteger(const KernelInfo& info) {
  if (Capability c = ConvIntegerCheck(info); !c.accepted()) return Unsupported(c.sentence);
  return std::unique_ptr<OpKernel>(
      std::make_unique<DnnlConvInteger>(*info.node.input(1)->initializer(), info.threads));
}

}  // namespace

void RegisterDnnlConvIntegerKernel(KernelRegistry& r) {
  r.Register({"",
              "ConvInteger",
              10,
              1000,
              kDnnlProvider,
              {DataType::kUint8, DataType::kInt8},
              MakeDnnlConvInteger});
  r.SetCheck("", "ConvInteger", kDnnlProvider, ConvIntegerCheck);
}

}  // namespace onnxlens::kernels::dnnl_ep
