// Gather's checks and geometry, shared by the reference and the cpu kernels so both give the same
// errors: data of rank >= 1, the axis, every index wrapped once and within the axis, the output's
// size; and, for non-empty data only (their products then fit), the sizes before and after the
// axis.
#pragma once

#include <string>
#include <vector>

#include "kernels/kernel.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

struct GatherPlan {
  int64_t axis = 0;
  int64_t axis_size = 0;          ///< data's size along the axis
  std::vector<int64_t> indices;   ///< wrapped, each in [0, axis_size)
  std::vector<int64_t> out_dims;  ///< data[:axis] + indices' dims + data[axis + 1:]
  int64_t outer = 0, inner = 0;   ///< elements before / after the axis (0 for empty data)
};

inline Expected<GatherPlan> PlanGather(const OpKernelContext& ctx, const ir::Tensor& x,
                                       const ir::Tensor& ind) {
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "data"));
  GatherPlan p;
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(p.axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  OL_ASSIGN_OR_RETURN(p.indices, ReadInts(ctx, ind, "indices"));
  p.axis_size = x.dims()[p.axis];
  for (int64_t& i : p.indices) {
    OL_ASSIGN_OR_RETURN(i, WrapIndex(ctx, i, p.axis_size, "index", p.axis));
  }
  p.out_dims.assign(x.dims().begin(), x.dims().begin() + p.axis);
  p.out_dims.insert(p.out_dims.end(), ind.dims().begin(), ind.dims().end());
  p.out_dims.insert(p.out_dims.end(), x.dims().begin() + p.axis + 1, x.dims().end());
  OL_RETURN_IF_ERROR(CheckOutputSize(ctx, p.out_dims, "the output").status());
  if (x.numel() > 0) {
    p.outer = p.inner = 1;
    for (int64_t k = 0; k < p.axis; ++k) p.outer *= x.dims()[k];
    for (int64_t k = p.axis + 1; k < rank; ++k) p.inner *= x.dims()[k];
  }
  return p;
}

}  // namespace onnxlens::kernels
