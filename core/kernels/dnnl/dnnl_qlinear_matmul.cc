// QLinearMatMul on oneDNN's int8 matmul: A (u8 / s8, rank >= 2, its leading dimensions taken as
// rows) times a constant 2-D s8 B with zero points 0 (reordered once to the layout the primitive
// wants), output scales per tensor or per column, A's and y's zero points at run time.
#include <optional>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/dnnl/dnnl_qlinear.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

struct QMatMulEntry {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul prim;
  memory::desc a, dst;
  memory weights;
};

class DnnlQLinearMatMul final : public OpKernel {
 public:
  DnnlQLinearMatMul(QLinearParams p, Tensor b, int threads)
      : p_(std::move(p)), b_(std::move(b)), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    if (a->dtype() != p_.x_onnx_type)
      return ctx.Decline("A is " + std::string(DataTypeName(a->dtype())) +
                         ", not its zero point's " + std::string(DataTypeName(p_.x_onnx_type)));
    const int64_t K = b_.dims()[0], N = b_.dims()[1];
    if (a->dims().size() < 2 || a->dims().back() != K)
      return ctx.Decline("A " + ShapeString(a->dims()) + " is not [..., rows, " +
                         std::to_string(K) + "]");
    const int64_t rows = a->numel() / K;
    std::vector<int64_t> ydims = a->dims();
    ydims.back() = N;
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, p_.y_onnx_type, ydims));
    if (rows == 0) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }
    OL_ASSIGN_OR_RETURN(std::shared_ptr<QMatMulEntry> e,
                        cache_.GetOrMake({rows}, [&] { return Make(ctx, rows); }));
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(e->a, *a)},
                                              {DNNL_ARG_WEIGHTS, e->weights},
                                              {DNNL_ARG_DST, Wrap(e->dst, y)}};
      AddZeroPointArgs(p_, &args);
      OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<QMatMulEntry>> Make(const OpKernelContext& ctx, int64_t rows) const {
    const int64_t K = b_.dims()[0], N = b_.dims()[1];
    auto e = std::make_shared<QMatMulEntry>();
    e->a = TypedPlainDesc({rows, K}, p_.x_type);
    e->dst = TypedPlainDesc({rows, N}, p_.y_type);
    const memory::desc b_plain = TypedPlainDesc({K, N}, memory::data_type::s8);
    const memory::desc b_any({K, N}, memory::data_type::s8, memory::format_tag::any);
    try {
      dnnl::primitive_attr attr = UserScratchpad();
      SetQuantAttributes(p_, &attr);
      dnnl::stream& s = PrepareThreads(threads_);
      e->pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(e->a, b_any, e->dst), attr, Engine());
      e->prim = dnnl::matmul(e->pd);
      PrepareConstantWeights(cache_, *e, b_plain, b_, s);
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  QLinearParams p_;
  Tensor b_;
  int threads_;
  mutable PrimitiveCache<QMatMulEntry> cache_;
};

Expected<std::unique_ptr<OpKernel>> MakeDnnlQLinearMatMul(const KernelInfo& info) {
  const ir::Node& n = info.node;
  OL_ASSIGN_OR_RETURN(QLinearParams p, ReadQLinearParams(n, 0));
  return std::unique_ptr<OpKernel>(
      std::make_unique<DnnlQLinearMatMul>(std::move(p), *n.input(3)->initializer(), info.threads));
}

}  // namespace

void RegisterDnnlQLinearMatMulKernel(KernelRegistry& r) {
  r.Register({"",
              "QLinearMatMul",
              10,
              1000,
              kDnnlProvider,
              {ir::DataType::kUint8, ir::DataType::kInt8},
              MakeDnnlQLinearMatMul});
}

}  // namespace onnxlens::kernels::dnnl_ep
