// DynamicQuantizeLinear (float32 -> uint8, its scale and zero point) on the cpu provider: the
// reference kernel's arithmetic (kernels/dynamic_quant.h), the range and the quantization each
// split over the intra-op pool.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/cpu/cpu_util.h"
#include "kernels/dynamic_quant.h"
#include "kernels/parallel.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr int64_t kDqGrain = 1 << 15;

// Calls fn(task, begin, end) over `tasks` contiguous pieces of [0, n).
template <typename Fn>
int64_t SplitDq(OpKernelContext& ctx, int64_t n, Fn&& fn) {
  const bool parallel = ctx.pool() && ctx.pool()->threads() > 1 && n >= 2 * kDqGrain;
  const int64_t tasks =
      parallel ? std::min<int64_t>((n + kDqGrain - 1) / kDqGrain, ctx.pool()->threads() * 4) : 1;
  const int64_t chunk = (n + tasks - 1) / tasks;
  if (tasks == 1) {
    fn(int64_t{0}, int64_t{0}, n);
  } else {
    ctx.pool()->ParallelFor(tasks, [&](int64_t b, int64_t e) {
      for (int64_t t = b; t < e; ++t) fn(t, t * chunk, std::min(n, (t + 1) * chunk));
    });
  }
  return tasks;
}

Status CpuDynamicQuantize(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dtype() != DataType::kFloat) return ctx.Decline("x is not float32");
  const float* xv = x->data<float>();
  const int64_t n = x->numel();
  std::vector<float> lo(
      static_cast<size_t>(std::max<int64_t>(1, 4 * (ctx.pool() ? ctx.pool()->threads() : 1))), 0.f);
  std::vector<float> hi(lo.size(), 0.f);
  const int64_t tasks = SplitDq(ctx, n, [&](int64_t t, int64_t b, int64_t e) {
    DynamicRange(xv, b, e, &lo[static_cast<size_t>(t)], &hi[static_cast<size_t>(t)]);
  });
  float mn = 0.f, mx = 0.f;
  for (int64_t t = 0; t < tasks; ++t) {
    mn = std::min(mn, lo[static_cast<size_t>(t)]);
    mx = std::max(mx, hi[static_cast<size_t>(t)]);
  }
  const DynamicQuantParams p = DynamicParamsOf(mn, mx);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kUint8, x->dims()));
  uint8_t* yv = y.mutable_data<uint8_t>();
  SplitDq(ctx, n, [&](int64_t, int64_t b, int64_t e) { DynamicQuantizeRange(xv, yv, p, b, e); });
  ctx.SetOutput(0, std::move(y));
  ctx.SetOutput(1, Tensor::FromVector<float>(DataType::kFloat, {}, {p.scale}));
  ctx.SetOutput(
      2, Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {static_cast<uint8_t>(p.zero_point)}));
  return Status::Ok();
}

}  // namespace

void RegisterCpuDynamicQuantKernel(KernelRegistry& r) {
  r.Register({"",
              "DynamicQuantizeLinear",
              11,
              1000,
              kCpuProvider,
              {DataType::kFloat},
              [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>(CpuDynamicQuantize));
              }});
}

}  // namespace onnxlens::kernels
