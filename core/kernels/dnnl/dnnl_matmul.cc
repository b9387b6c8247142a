// MatMul (batched, broadcast batch dimensions, 1-D operands), Gemm (transA / transB through
// strides, C as a broadcast bias) and com.microsoft FusedGemm (the activation as post-ops) on
// oneDNN's matmul primitive, plain layouts.
#include <mutex>
#include <unordered_map>

#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

struct MatMulEntry {
  dnnl::matmul prim;
  memory::desc a, b, bias, dst;
  std::vector<int64_t> ydims;  ///< the ONNX output shape
  // The primitive's arguments, made once and pointed at each call's tensors: creating four
  // dnnl::memory objects and their map per call cost ~1 us of a 5 us MatMul of a transformer.
  // A call that finds them in use (the kernel run from two threads at once) makes its own.
  std::mutex args_mu;
  std::unordered_map<int, memory> args;
};

/// Descriptor of a row-major [rows, cols] operand, read transposed when `trans`.
memory::desc Matrix2D(int64_t rows, int64_t cols, bool trans) {
  // The operand as oneDNN sees it: [rows, cols] after the transpose.
  return trans ? memory::desc({rows, cols}, memory::data_type::f32, memory::dims{1, rows})
               : memory::desc({rows, cols}, memory::data_type::f32, memory::dims{cols, 1});
}

class DnnlMatMul final : public OpKernel {
 public:
  DnnlMatMul(bool gemm, FusedActivation act, int threads)
      : gemm_(gemm), act_(act), threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
    OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
    const float beta = gemm_ ? ctx.node().GetFloat("beta", 1.f) : 1.f;
    const Tensor* c = gemm_ && beta != 0.f ? ctx.tensor(2) : nullptr;
    if (gemm_ && (ctx.node().GetFloat("alpha", 1.f) != 1.f || (c && beta != 1.f)))
      return ctx.Decline("the dnnl Gemm kernel takes alpha = 1 and beta = 1 (or 0)");
    for (const Tensor* t : {a, b, c}) {
      if (t && t->dtype() != ir::DataType::kFloat)
        return ctx.Decline("the dnnl MatMul / Gemm kernels take float32");
    }
    std::vector<int64_t> key = a->dims();
    key.push_back(-1);
    key.insert(key.end(), b->dims().begin(), b->dims().end());
    if (c) {
      key.push_back(-2);
      key.insert(key.end(), c->dims().begin(), c->dims().end());
    }
    OL_ASSIGN_OR_RETURN(std::shared_ptr<MatMulEntry> e, cache_.GetOrMake(key, [&] {
      return gemm_ ? MakeGemm(ctx, a->dims(), b->dims(), c) : MakeMatMul(ctx, a->dims(), b->dims());
    }));
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, ir::DataType::kFloat, e->ydims));
    if (y.numel() == 0) {
      ctx.SetOutput(0, std::move(y));
      return Status::Ok();
    }
    try {
      dnnl::stream& s = PrepareThreads(threads_);
      std::unique_lock<std::mutex> reuse(e->args_mu, std::try_to_lock);
      if (reuse.owns_lock()) {
        if (e->args.empty()) {
          e->args = {{DNNL_ARG_SRC, memory(e->a, Engine(), DNNL_MEMORY_NONE)},
                     {DNNL_ARG_WEIGHTS, memory(e->b, Engine(), DNNL_MEMORY_NONE)},
                     {DNNL_ARG_DST, memory(e->dst, Engine(), DNNL_MEMORY_NONE)}};
          if (c) e->args[DNNL_ARG_BIAS] = memory(e->bias, Engine(), DNNL_MEMORY_NONE);
        }
        // oneDNN's handles are non-const; primitives only read their inputs.
        e->args[DNNL_ARG_SRC].set_data_handle(const_cast<float*>(a->data<float>()));
        e->args[DNNL_ARG_WEIGHTS].set_data_handle(const_cast<float*>(b->data<float>()));
        e->args[DNNL_ARG_DST].set_data_handle(y.mutable_data<float>());
        if (c) e->args[DNNL_ARG_BIAS].set_data_handle(const_cast<float*>(c->data<float>()));
        OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, e->args));
      } else {
        std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(e->a, *a)},
                                                {DNNL_ARG_WEIGHTS, Wrap(e->b, *b)},
                                                {DNNL_ARG_DST, Wrap(e->dst, y)}};
        if (c) args[DNNL_ARG_BIAS] = Wrap(e->bias, *c);
        OL_RETURN_IF_ERROR(Execute(ctx, s, e->prim, args));
      }
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  }

 private:
  Expected<std::shared_ptr<MatMulEntry>> Finish(const OpKernelContext& ctx,
                                                std::shared_ptr<MatMulEntry> e) const {
    try {
      dnnl::post_ops ops;
      if (!AppendActivation(act_, &ops)) return ctx.Decline("activation not expressible in oneDNN");
      dnnl::primitive_attr attr = UserScratchpad();
      attr.set_post_ops(ops);
      const bool bias = !e->bias.is_zero();
      dnnl::matmul::desc d = bias ? dnnl::matmul::desc(e->a, e->b, e->bias, e->dst)
                                  : dnnl::matmul::desc(e->a, e->b, e->dst);
      PrepareThreads(threads_);
      e->prim = dnnl::matmul(dnnl::matmul::primitive_desc(d, attr, Engine()));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  Expected<std::shared_ptr<MatMulEntry>> MakeMatMul(const OpKernelContext& ctx,
                                                    std::vector<int64_t> ad,
                                                    std::vector<int64_t> bd) const {
    if (ad.empty() || bd.empty()) return ctx.Error("inputs must not be scalars");
    const bool a1 = ad.size() == 1, b1 = bd.size() == 1;
    if (a1) ad.insert(ad.begin(), 1);
    if (b1) bd.push_back(1);
    const int64_t M = ad[ad.size() - 2], K = ad.back(), N = bd.back();
    if (K != bd[bd.size() - 2]) {
      return ctx.Error("inner dimensions differ: " + ShapeString(ad) + " x " + ShapeString(bd));
    }
    std::vector<int64_t> abatch(ad.begin(), ad.end() - 2), bbatch(bd.begin(), bd.end() - 2);
    auto batch = BroadcastShapes(abatch, bbatch);
    if (!batch.ok()) return ctx.Error(batch.status().message());
    if (batch->size() + 2 > DNNL_MAX_NDIMS) return ctx.Decline("too many batch dimensions");
    if (M == 0 || N == 0 || K == 0) return ctx.Decline("empty operands");
    if (bd.size() == 2 && ad.size() > 2) {
      // B without batch dimensions (a weight): A's batch dimensions fold into its rows, one GEMM
      // of [batch * M, K] x [K, N] instead of a batch of small ones (PyTorch's attention
      // projection [32, 1, 64] x [64, 192] ran as 32 products of one row: 3x slower).
      int64_t rows = M;
      for (int64_t d : abatch) rows *= d;
      auto e = std::make_shared<MatMulEntry>();
      e->a = PlainDesc({rows, K});
      e->b = PlainDesc(bd);
      e->dst = PlainDesc({rows, N});
      e->ydims = *batch;
      if (!a1) e->ydims.push_back(M);
      if (!b1) e->ydims.push_back(N);
      return Finish(ctx, std::move(e));
    }
    // oneDNN wants equal ranks: batch dimensions padded with 1 on the left.
    while (ad.size() < batch->size() + 2) ad.insert(ad.begin(), 1);
    while (bd.size() < batch->size() + 2) bd.insert(bd.begin(), 1);
    std::vector<int64_t> dd = *batch;
    dd.push_back(M);
    dd.push_back(N);
    auto e = std::make_shared<MatMulEntry>();
    e->a = PlainDesc(ad);
    e->b = PlainDesc(bd);
    e->dst = PlainDesc(dd);
    e->ydims = *batch;
    if (!a1) e->ydims.push_back(M);
    if (!b1) e->ydims.push_back(N);
    return Finish(ctx, std::move(e));
  }

  Expected<std::shared_ptr<MatMulEntry>> MakeGemm(const OpKernelContext& ctx,
                                                  const std::vector<int64_t>& ad,
                                                  const std::vector<int64_t>& bd,
                                                  const Tensor* c) const {
    if (ad.size() != 2 || bd.size() != 2) return ctx.Error("A and B must be 2-D");
    const bool tA = ctx.node().GetInt("transA", 0) != 0, tB = ctx.node().GetInt("transB", 0) != 0;
    const int64_t M = tA ? ad[1] : ad[0], K = tA ? ad[0] : ad[1];
    const int64_t K2 = tB ? bd[1] : bd[0], N = tB ? bd[0] : bd[1];
    if (K != K2)
      return ctx.Error("inner dimensions differ: " + ShapeString(ad) + " x " + ShapeString(bd));
    if (M == 0 || N == 0 || K == 0) return ctx.Decline("empty operands");
    auto e = std::make_shared<MatMulEntry>();
    e->a = Matrix2D(M, K, tA);
    e->b = Matrix2D(K, N, tB);
    e->dst = PlainDesc({M, N});
    e->ydims = {M, N};
    if (c) {
      // C broadcasts to [M, N] as a bias: dimensions of 1 (or missing) broadcast.
      std::vector<int64_t> cd = c->dims();
      if (cd.size() > 2) return ctx.Error("C must have rank 2 or less");
      while (cd.size() < 2) cd.insert(cd.begin(), 1);
      if ((cd[0] != 1 && cd[0] != M) || (cd[1] != 1 && cd[1] != N))
        return ctx.Error("C " + ShapeString(c->dims()) + " does not broadcast to [M,N]");
      e->bias = PlainDesc(cd);
    }
    return Finish(ctx, std::move(e));
  }

  bool gemm_;
  FusedActivation act_;
  int threads_;  ///< oneDNN's team size (the session's intra-op count)
  mutable PrimitiveCache<MatMulEntry> cache_;
};

}  // namespace

void RegisterDnnlMatMulKernels(KernelRegistry& r) {
  r.Register({"",
              "MatMul",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(
                    std::make_unique<DnnlMatMul>(false, FusedActivation{}, info.threads));
              }});
  r.Register({"",
              "Gemm",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(
                    std::make_unique<DnnlMatMul>(true, FusedActivation{}, info.threads));
              }});
  r.Register({"com.microsoft",
              "FusedGemm",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                OL_ASSIGN_OR_RETURN(FusedActivation act, FusedActivation::FromNode(info.node));
                return std::unique_ptr<OpKernel>(
                    std::make_unique<DnnlMatMul>(true, act, info.threads));
              }});
}

}  // namespace onnxlens::kernels::dnnl_ep
