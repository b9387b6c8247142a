// MaxPool, AveragePool, GlobalMaxPool and GlobalAveragePool on oneDNN's pooling_v2 (dilations),
// 1-D to 3-D, plain layout in and out; ceil_mode becomes extra right padding (declined for an
// average that counts padding: ONNX counts only the explicit pads). MaxPool also takes uint8 /
// int8 (opset 12; what qdq-node-units makes of DQ -> MaxPool -> Q): a quarter of the bytes;
// com.onnxlens MaxPool (made by qlinear-nhwc inside int8 convolution chains) pools NHWC directly.
#include "ir/nchwc.h"
#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/reference/conv_util.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

enum class PoolKind { kMax, kAverage, kGlobalMax, kGlobalAverage };

struct PoolEntry {
  dnnl::pooling_v2_forward prim;
  memory::desc src, dst;
  /// uint8 / int8: the tensors' plain layout; the pooling runs channels-last between reorders
  /// (oneDNN's int8 pooling on NCHW is its slow reference loop: 45 ms for resnet18's MaxPool).
  memory::desc src_user, dst_user;
  bool reorder = false;
  std::vector<int64_t> ydims;
};

class DnnlPool final : public OpKernel {
 public:
  /// `block` > 0: com.microsoft.nchwc pooling, input and output in NCHWc with that block.
  /// `channels_last`: com.onnxlens MaxPool (passes/qlinear_nhwc.h), X and Y NHWC.
  DnnlPool(PoolKind kind, int threads, int64_t block = 0, ir::DataType type = ir::DataType::kFloat,
           bool channels_last = false)
      : kind_(kind), threads_(threads), block_(block), type_(type), nhwc_(channels_last) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    const bool quantized = x->dtype() == ir::DataType::kUint8 || x->dtype() == ir::DataType::kInt8;
    if (x->dtype() != type_) return ctx.Decline("X's element type changed since creation");
    if (x->dtype() != ir::DataType::kFloat &&
        !(quantized && kind_ == PoolKind::kMax && block_ == 0))
      return ctx.Decline("the dnnl pooling kernels take float32 (MaxPool also uint8 / int8)");
    if (x->dims().size() < 3 || x->dims().size() > 5)
      return ctx.Decline("the dnnl pooling kernels take 1-D to 3-D pooling");
    if (x->numel() == 0) return ctx.Decline("empty input");
    if (block_ > 0 && (x->dims().size() != 4 || x->dims()[1] % block_ != 0))
      return ctx.Error("X must be an NCHWc tensor [N, C, H, W] with C a multiple of " +
                       std::to_string(block_) + ", got " + ShapeString(x->dims()));
    if (nhwc_ && x->dims().size() != 4)
      return ctx.Error("a channels-last MaxPool takes a 4-D NHWC X, got " + ShapeString(x->dims()));
    std::vector<int64_t> dims = x->dims();  // logical NCHW
    if (nhwc_) dims = {dims[0], dims[3], dims[1], dims[2]};
    OL_ASSIGN_OR_RETURN(std::shared_ptr<PoolEntry> e,
                        cache_.GetOrMake(dims, [&] { return Make(ctx, dims); }));
    std::vector<int64_t> ydims = e->ydims;
    if (nhwc_) ydims = {ydims[0], ydims[2], ydims[3], ydims[1]};
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x->dtype(), ydims));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      if (e->reorder) {
        OL_ASSIGN_OR_RETURN(Tensor src_buf, Scratch(ctx, e->src.get_size()));
        OL_ASSIGN_OR_RETURN(Tensor dst_buf, Scratch(ctx, e->dst.get_size()));
        memory user_src = Wrap(e->src_user, *x), src = Wrap(e->src, src_buf);
        memory dst = Wrap(e->dst, dst_buf), user_dst = Wrap(e->dst_user, y);
        Reorder(s, user_src, src);
        std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
        OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
        Reorder(s, dst, user_dst);
      } else {
        std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(e->src, *x)},
                                                {DNNL_ARG_DST, Wrap(e->dst, y)}};
        OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
      }
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<PoolEntry>> Make(const OpKernelContext& ctx,
                                            const std::vector<int64_t>& x) const {
    const bool global = kind_ == PoolKind::kGlobalMax || kind_ == PoolKind::kGlobalAverage;
    ConvGeometry g;
    if (global) {
      g = ConvGeometry::Global(x);
    } else {
      OL_ASSIGN_OR_RETURN(g, ConvGeometry::ForPool(ctx, x));
    }
    const size_t r = g.kernel.size();
    const bool ceil = !global && ctx.node().GetInt("ceil_mode", 0) != 0;
    const bool include_pad = ctx.node().GetInt("count_include_pad", 0) != 0;
    memory::dims strides(g.strides.begin(), g.strides.end()),
        kernel(g.kernel.begin(), g.kernel.end());
    memory::dims dil(r), pl(r), pr(r);
    for (size_t d = 0; d < r; ++d) {
      dil[d] = g.dilations[d] - 1;
      pl[d] = g.pads[d];
      pr[d] = g.pads[d + r];
      const int64_t ext = (g.kernel[d] - 1) * g.dilations[d] + 1;
      const int64_t needed = (g.out[d] - 1) * g.strides[d] + ext - g.in[d] - pl[d];
      if (ceil && needed > pr[d]) {
        if (kind_ == PoolKind::kAverage && include_pad) {
          return ctx.Decline(
              "ceil_mode adds padding past the explicit pads and count_include_pad=1 would count "
              "it");
        }
        pr[d] = needed;
      }
    }
    auto e = std::make_shared<PoolEntry>();
    e->ydims = {x[0], x[1]};
    e->ydims.insert(e->ydims.end(), g.out.begin(), g.out.end());
    if (block_ > 0) {
      e->src = BlockedDesc(x, block_);
      e->dst = BlockedDesc(e->ydims, block_);
    } else {
      e->src = TypedDesc(x);
      e->dst = TypedDesc(e->ydims);
      if (nhwc_) {
        e->src = memory::desc(memory::dims(x.begin(), x.end()), e->src.data_type(),
                              memory::format_tag::nhwc);
        e->dst = memory::desc(memory::dims(e->ydims.begin(), e->ydims.end()), e->src.data_type(),
                              memory::format_tag::nhwc);
      } else if (type_ != ir::DataType::kFloat && x.size() == 4) {
        const auto t = e->src.data_type();
        e->src_user = e->src;
        e->dst_user = e->dst;
        e->src = memory::desc(memory::dims(x.begin(), x.end()), t, memory::format_tag::nhwc);
        e->dst = memory::desc(memory::dims(e->ydims.begin(), e->ydims.end()), t,
                              memory::format_tag::nhwc);
        e->reorder = true;
      }
    }
    dnnl::algorithm alg = dnnl::algorithm::pooling_max;
    if (kind_ == PoolKind::kGlobalAverage) alg = dnnl::algorithm::pooling_avg_exclude_padding;
    if (kind_ == PoolKind::kAverage) {
      alg = include_pad ? dnnl::algorithm::pooling_avg_include_padding
                        : dnnl::algorithm::pooling_avg_exclude_padding;
    }
    try {
      PrepareThreads(threads_);
      dnnl::pooling_v2_forward::desc d(dnnl::prop_kind::forward_inference, alg, e->src, e->dst,
                                       strides, kernel, dil, pl, pr);
      e->prim = dnnl::pooling_v2_forward(
          dnnl::pooling_v2_forward::primitive_desc(d, UserScratchpad(), Engine()));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  // The plain descriptor of `dims` in the kernel's element type.
  memory::desc TypedDesc(const std::vector<int64_t>& dims) const {
    if (type_ == ir::DataType::kFloat) return PlainDesc(dims);
    return memory::desc(
        memory::dims(dims.begin(), dims.end()),
        type_ == ir::DataType::kInt8 ? memory::data_type::s8 : memory::data_type::u8,
        RowMajorStrides(dims));
  }

  PoolKind kind_;
  int threads_;  ///< oneDNN's team size (the session's intra-op count)
  int64_t block_;
  ir::DataType type_;  ///< the input's element type the kernel was made for
  bool nhwc_;
  mutable PrimitiveCache<PoolEntry> cache_;
};

void AddPool(KernelRegistry& r, const char* op, PoolKind kind) {
  r.Register({ir::kNchwcDomain,
              op,
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [kind](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                const int64_t block = ir::NchwcBlockSize();
                if (block <= 0) return Unsupported("this CPU has no NCHWc block");
                return std::unique_ptr<OpKernel>(
                    std::make_unique<DnnlPool>(kind, info.threads, block));
              }});
  r.Register({"",
              op,
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [kind](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(std::make_unique<DnnlPool>(kind, info.threads));
              }});
  if (kind != PoolKind::kMax) return;
  for (ir::DataType t : {ir::DataType::kUint8, ir::DataType::kInt8}) {
    r.Register({"com.onnxlens",
                op,
                1,
                1000,
                kDnnlProvider,
                {t},
                [kind, t](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                  return std::unique_ptr<OpKernel>(
                      std::make_unique<DnnlPool>(kind, info.threads, 0, t, true));
                }});
    r.Register({"",
                op,
                12,
                1000,
                kDnnlProvider,
                {t},
                [kind, t](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                  return std::unique_ptr<OpKernel>(
                      std::make_unique<DnnlPool>(kind, info.threads, 0, t));
                }});
  }
}

}  // namespace

void RegisterDnnlPoolKernels(KernelRegistry& r) {
  AddPool(r, "MaxPool", PoolKind::kMax);
  AddPool(r, "AveragePool", PoolKind::kAverage);
  AddPool(r, "GlobalMaxPool", PoolKind::kGlobalMax);
  AddPool(r, "GlobalAveragePool", PoolKind::kGlobalAverage);
}

}  // namespace onnxlens::kernels::dnnl_ep
