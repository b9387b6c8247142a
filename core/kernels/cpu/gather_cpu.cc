// cpu Gather: the reference kernel's checks (axis, every index wrapped once and in range, the
// output's size), then one block copy per (outer, index) pair instead of an offset per element.
// An embedding lookup (Gather of rows of a table) is one memcpy per token. Strings go to the
// reference kernel.
#include <cstring>
#include <string>
#include <vector>

#include "kernels/cpu/cpu_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status Gather(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ind, ctx.RequireTensor(1));
  if (x->dtype() == DataType::kString) return ctx.Decline("the cpu Gather copies fixed-size types");
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 1, "data"));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ReadInts(ctx, *ind, "indices"));
  const int64_t d = x->dims()[axis];
  for (int64_t& i : idx) {
    OL_ASSIGN_OR_RETURN(i, WrapIndex(ctx, i, d, "index", axis));
  }
  std::vector<int64_t> dims(x->dims().begin(), x->dims().begin() + axis);
  dims.insert(dims.end(), ind->dims().begin(), ind->dims().end());
  dims.insert(dims.end(), x->dims().begin() + axis + 1, x->dims().end());
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, dims, "the output").status());
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x->dtype(), dims));
  if (y.numel() > 0) {
    // Bounded now: a non-empty output means non-empty data, whose size fits.
    int64_t outer = 1, inner = 1;
    for (int64_t k = 0; k < axis; ++k) outer *= x->dims()[k];
    for (int64_t k = axis + 1; k < rank; ++k) inner *= x->dims()[k];
    const size_t elem = x->nbytes() / static_cast<size_t>(x->numel());
    const size_t block = static_cast<size_t>(inner) * elem;
    const auto* src = static_cast<const std::byte*>(x->raw());
    auto* dst = static_cast<std::byte*>(y.mutable_raw());
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i : idx) {
        std::memcpy(dst, src + static_cast<size_t>(o * d + i) * block, block);
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
                    [](OpKernelContext& ctx) { return Gather(ctx); }));
              }});
}

}  // namespace onnxlens::kernels
