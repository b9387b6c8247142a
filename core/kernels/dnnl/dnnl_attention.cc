// com.microsoft Attention with its QKV projection on oneDNN's matmul (bias as the primitive's
// bias; about twice OpenBLAS's SGEMM on AVX-512 hosts, the projection being most of the op in
// bert-style models), then the heads as the cpu kernel computes them (kernels/cpu/attention_cpu.h).
#include <mutex>
#include <unordered_map>

#include "kernels/attention_util.h"
#include "kernels/cpu/attention_cpu.h"
#include "kernels/dnnl/dnnl_common.h"
#include "kernels/dnnl/dnnl_kernels.h"
#include "kernels/registry.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels::dnnl_ep {

namespace {

using dnnl::memory;
using ir::Tensor;

struct ProjectionEntry {
  dnnl::matmul prim;
  memory::desc x, w, bias, dst;
};

class DnnlAttention final : public OpKernel {
 public:
  explicit DnnlAttention(int threads) : threads_(threads) {}

  Status Compute(OpKernelContext& ctx) const override {
    OL_ASSIGN_OR_RETURN(AttentionShape s, CheckAttention(ctx));
    if (!WorkspaceFits(SaturatingMul(2, SaturatingMul(s.seq, s.seq))))
      return ctx.Decline("the " + std::to_string(s.seq) + " x " + std::to_string(s.seq) +
                         " score matrix would not fit in memory");
    const int64_t rows = s.batch * s.seq, H3 = 3 * s.hidden;
    if (rows == 0 || s.input_hidden == 0) return ctx.Decline("empty operands");
    const Tensor &x = *ctx.tensor(0), &w = *ctx.tensor(1), &bias = *ctx.tensor(2);
    OL_ASSIGN_OR_RETURN(std::shared_ptr<ProjectionEntry> e,
                        cache_.GetOrMake({rows, s.input_hidden, H3},
                                         [&] { return Make(ctx, rows, s.input_hidden, H3); }));
    OL_ASSIGN_OR_RETURN(Tensor qkv, NewTensor(ctx, ir::DataType::kFloat, {rows, H3}));
    try {
      dnnl::stream& st = PrepareThreads(threads_);
      std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, Wrap(e->x, x)},
                                              {DNNL_ARG_WEIGHTS, Wrap(e->w, w)},
                                              {DNNL_ARG_BIAS, Wrap(e->bias, bias)},
                                              {DNNL_ARG_DST, Wrap(e->dst, qkv)}};
      OL_RETURN_IF_ERROR(Execute(ctx, st, e->prim, args));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return AttentionFromQkv(ctx, s, qkv.data<float>());
  }

 private:
  Expected<std::shared_ptr<ProjectionEntry>> Make(const OpKernelContext& ctx, int64_t rows,
                                                  int64_t k, int64_t n) const {
    auto e = std::make_shared<ProjectionEntry>();
    e->x = PlainDesc({rows, k});
    e->w = PlainDesc({k, n});
    e->bias = PlainDesc({1, n});
    e->dst = PlainDesc({rows, n});
    try {
      PrepareThreads(threads_);
      e->prim = dnnl::matmul(dnnl::matmul::primitive_desc(
          dnnl::matmul::desc(e->x, e->w, e->bias, e->dst), UserScratchpad(), Engine()));
    } catch (const dnnl::error& err) {
      return ctx.Decline(DnnlWhat(err));
    }
    return e;
  }

  int threads_;
  mutable PrimitiveCache<ProjectionEntry> cache_;
};

}  // namespace

void RegisterDnnlAttentionKernel(KernelRegistry& r) {
  r.Register({"com.microsoft",
              "Attention",
              1,
              1000,
              kDnnlProvider,
              {ir::DataType::kFloat},
              [](const KernelInfo& info) -> Expected<std::unique_ptr<OpKernel>> {
                return std::unique_ptr<OpKernel>(std::make_unique<DnnlAttention>(info.threads));
              }});
}

}  // namespace onnxlens::kernels::dnnl_ep
