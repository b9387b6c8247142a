// Reference losses: NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (with weights,
// ignore_index and every reduction), as their ONNX function bodies define them.
#include <cmath>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// logp: [N, C, D] flattened (D = product of extra dims); labels [N, D].
Status Nll(OpKernelContext& ctx, const std::vector<double>& logp, const std::vector<int64_t>& dims,
           const Tensor& labels, const Tensor* weight, DataType type) {
  const int64_t N = dims[0], C = dims[1];
  int64_t D = 1;
  for (size_t i = 2; i < dims.size(); ++i) D *= dims[i];
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> target, ReadInts(ctx, labels, "target"));
  if (static_cast<int64_t>(target.size()) != N * D)
    return ctx.Error("target has the wrong number of elements");
  if (weight) OL_RETURN_IF_ERROR(CheckCount(ctx, *weight, C, "weight", "classes"));
  const std::vector<double> w = weight ? ToDoubles(*weight) : std::vector<double>{};
  const ir::Attribute* ig = ctx.node().FindAttribute("ignore_index");
  const std::string reduction = ctx.node().GetString("reduction", "mean");
  std::vector<double> loss(static_cast<size_t>(N * D));
  double wsum = 0, lsum = 0;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t d = 0; d < D; ++d) {
      const int64_t t = target[n * D + d];
      if (ig && t == ig->i) {
        loss[n * D + d] = 0;
        continue;
      }
      if (t < 0 || t >= C)
        return ctx.Error("target " + std::to_string(t) + " is out of range for " +
                         std::to_string(C) + " classes");
      const double wt = w.empty() ? 1.0 : w[t];
      const double l = -logp[(n * C + t) * D + d] * wt;
      loss[n * D + d] = l;
      lsum += l;
      wsum += wt;
    }
  Tensor out;
  if (reduction == "none") {
    std::vector<int64_t> ld = {N};
    ld.insert(ld.end(), dims.begin() + 2, dims.end());
    OL_ASSIGN_OR_RETURN(out, FromDoubles(ctx, loss, ld, type));
  } else if (reduction == "sum") {
    OL_ASSIGN_OR_RETURN(out, FromDoubles(ctx, {lsum}, {}, type));
  } else {
    OL_ASSIGN_OR_RETURN(out, FromDoubles(ctx, {wsum == 0 ? 0.0 : lsum / wsum}, {}, type));
  }
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

Status NllLoss(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(1));
  if (x->dims().size() < 2) return ctx.Error("input must have rank >= 2");
  return Nll(ctx, ToDoubles(*x), x->dims(), *t, ctx.tensor(2), x->dtype());
}

Status SoftmaxCrossEntropy(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(1));
  if (x->dims().size() < 2) return ctx.Error("scores must have rank >= 2");
  const int64_t N = x->dims()[0], C = x->dims()[1];
  int64_t D = 1;
  for (size_t i = 2; i < x->dims().size(); ++i) D *= x->dims()[i];
  std::vector<double> s = ToDoubles(*x), logp(s.size());
  for (int64_t n = 0; n < N; ++n)
    for (int64_t d = 0; d < D; ++d) {
      double mx = -INFINITY;
      for (int64_t c = 0; c < C; ++c) mx = std::max(mx, s[(n * C + c) * D + d]);
      double sum = 0;
      for (int64_t c = 0; c < C; ++c) sum += std::exp(s[(n * C + c) * D + d] - mx);
      for (int64_t c = 0; c < C; ++c)
        logp[(n * C + c) * D + d] = s[(n * C + c) * D + d] - mx - std::log(sum);
    }
  OL_RETURN_IF_ERROR(Nll(ctx, logp, x->dims(), *t, ctx.tensor(2), x->dtype()));
  if (ctx.output_wanted(1)) {
    OL_ASSIGN_OR_RETURN(Tensor lp, FromDoubles(ctx, logp, x->dims(), x->dtype()));
    ctx.SetOutput(1, std::move(lp));
  }
  return Status::Ok();
}

}  // namespace

void RegisterLossKernels(KernelRegistry& r) {
  AddKernel(r, "", "NegativeLogLikelihoodLoss", 12, NllLoss);
  AddKernel(r, "", "SoftmaxCrossEntropyLoss", 12, SoftmaxCrossEntropy);
}

}  // namespace onnxlens::kernels
