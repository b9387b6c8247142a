// FusedMatMul.
#include "kernels/fused_matmul.h"

#include <cstring>

#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

// A copy of `t` with its last two dims swapped (any element type).
Expected<ir::Tensor> SwapLastTwo(const OpKernelContext& ctx, const ir::Tensor& t) {
  std::vector<int64_t> d = t.dims();
  const size_t r = d.size();
  std::swap(d[r - 1], d[r - 2]);
  OL_ASSIGN_OR_RETURN(ir::Tensor out, NewTensor(ctx, t.dtype(), d));
  const int64_t rows = t.dims()[r - 2], cols = t.dims()[r - 1];
  const int64_t batch = rows * cols == 0 ? 0 : t.numel() / (rows * cols);
  const size_t es = t.numel() ? t.nbytes() / static_cast<size_t>(t.numel()) : 0;
  const auto* src = static_cast<const unsigned char*>(t.raw());
  auto* dst = static_cast<unsigned char*>(out.mutable_raw());
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        std::memcpy(dst + ((b * cols + j) * rows + i) * es, src + ((b * rows + i) * cols + j) * es,
                    es);
  }
  return out;
}

}  // namespace

Status RunFusedMatMul(OpKernelContext& ctx, MatMulFn matmul) {
  const ir::Node& n = ctx.node();
  if (n.GetInt("transBatchA", 0) || n.GetInt("transBatchB", 0))
    return ctx.Error("transBatchA / transBatchB are not supported");
  OL_ASSIGN_OR_RETURN(const ir::Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const ir::Tensor* b, ctx.RequireTensor(1));
  RtValue ta, tb;
  const RtValue* ins[2] = {ctx.input(0), ctx.input(1)};
  if (n.GetInt("transA", 0) && a->dims().size() >= 2) {
    OL_ASSIGN_OR_RETURN(ir::Tensor t, SwapLastTwo(ctx, *a));
    ta = RtValue::FromTensor(std::move(t));
    ins[0] = &ta;
  }
  if (n.GetInt("transB", 0) && b->dims().size() >= 2) {
    OL_ASSIGN_OR_RETURN(ir::Tensor t, SwapLastTwo(ctx, *b));
    tb = RtValue::FromTensor(std::move(t));
    ins[1] = &tb;
  }
  std::vector<RtValue> outs(1);
  OpKernelContext inner(n, {ins[0], ins[1]}, &outs, ctx.pool(), ctx.subgraphs());
  OL_RETURN_IF_ERROR(matmul(inner, 1));
  const float alpha = n.GetFloat("alpha", 1.f);
  if (alpha != 1.f) {
    if (!outs[0].is_tensor() || outs[0].tensor.dtype() != ir::DataType::kFloat)
      return ctx.Error("alpha needs a float32 result");
    float* p = outs[0].tensor.mutable_data<float>();
    for (int64_t i = 0; i < outs[0].tensor.numel(); ++i) p[i] *= alpha;
  }
  ctx.SetOutputValue(0, std::move(outs[0]));
  return Status::Ok();
}

}  // namespace onnxlens::kernels
