// cpu Gather: the reference kernel's checks (kernels/gather_plan.h: axis, every index wrapped
// once and in range, the output's size), then one block copy per (outer, index) pair instead of
// an offset per element. An embedding lookup (Gather of rows of a table) is one memcpy per token.
// Strings go to the reference kernel.
#include <cstring>
#include <string>
#include <vector>

#include "kernels/cpu/cpu_util.h"
#include "kernels/gather_plan.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status CpuGather(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  if (x->dtype() == DataType::kString) return ctx.Decline("the cpu Gather copies fixed-size types");
  OL_ASSIGN_OR_RETURN(GatherPlan p, PlanGather(ctx, *x, *ind));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x->dtype(), p.out_dims));
  if (y.numel() > 0) {
    const size_t elem = x->nbytes() / static_cast<size_t>(x->numel());
    const size_t block = static_cast<size_t>(p.inner) * elem;
    const auto* src = static_cast<const std::byte*>(x->raw());
    auto* dst = static_cast<std::byte*>(y.mutable_raw());
    for (int64_t o = 0; o < p.outer; ++o)
      for (int64_t i : p.indices) {
        std::memcpy(dst, src + static_cast<size_t>(o * p.axis_size + i) * block, block);
        dst += block;
      }
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterCpuGatherKernel(KernelRegistry& r) {
  r.Register({"", "Gather", 1, 1000, kCpuProvider, {}, [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [](OpKernelContext& ctx) { return CpuGather(ctx); }));
              }});
}

}  // namespace onnxlens::kernels
