// Reference normalizations: BatchNormalization (inference), InstanceNormalization,
// LayerNormalization (ai.onnx 17 and com.microsoft), LRN, LpNormalization,
// MeanVarianceNormalization.
#include <cmath>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

Status BatchNormTrainingMode(OpKernelContext& ctx);

namespace {

using ir::DataType;
using ir::Tensor;

}  // namespace

Status CheckBatchNormParameters(const OpKernelContext& ctx, int64_t channels) {
  static constexpr const char* kNames[] = {"scale", "bias B", "input_mean", "input_var"};
  for (size_t i = 1; i < 5; ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
    OL_RETURN_IF_ERROR(CheckCount(ctx, *t, channels, kNames[i - 1], "channels"));
  }
  return Status::Ok();
}

namespace {

// All float work happens in double on widened copies; the output takes the input's type.
Status BatchNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 2, "input X"));
  const int64_t C = x->dims()[1];
  OL_RETURN_IF_ERROR(CheckBatchNormParameters(ctx, C));
  if (ctx.node().GetInt("training_mode", 0) != 0) return BatchNormTrainingMode(ctx);
  const double eps = ctx.node().GetFloat("epsilon", 1e-5f);
  const auto X = ToDoubles(*x), s = ToDoubles(*ctx.tensor(1)), b = ToDoubles(*ctx.tensor(2)),
             m = ToDoubles(*ctx.tensor(3)), v = ToDoubles(*ctx.tensor(4));
  int64_t inner = 1;
  for (size_t d = 2; d < x->dims().size(); ++d) inner *= x->dims()[d];
  std::vector<double> Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) {
    const int64_t c = (static_cast<int64_t>(i) / inner) % C;
    Y[i] = s[c] * (X[i] - m[c]) / std::sqrt(v[c] + eps) + b[c];
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status InstanceNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ts, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(2));
  const double eps = ctx.node().GetFloat("epsilon", 1e-5f);
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 2, "input"));
  const int64_t N = x->dims()[0], C = x->dims()[1];
  OL_RETURN_IF_ERROR(CheckCount(ctx, *ts, C, "scale", "channels"));
  OL_RETURN_IF_ERROR(CheckCount(ctx, *tb, C, "bias B", "channels"));
  const auto X = ToDoubles(*x), s = ToDoubles(*ts), b = ToDoubles(*tb);
  int64_t inner = 1;
  for (size_t d = 2; d < x->dims().size(); ++d) inner *= x->dims()[d];
  std::vector<double> Y(X.size());
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c) {
      const double* p = X.data() + (n * C + c) * inner;
      double mean = 0, var = 0;
      for (int64_t i = 0; i < inner; ++i) mean += p[i];
      mean /= double(inner);
      for (int64_t i = 0; i < inner; ++i) var += (p[i] - mean) * (p[i] - mean);
      var /= double(inner);
      for (int64_t i = 0; i < inner; ++i)
        Y[(n * C + c) * inner + i] = s[c] * (p[i] - mean) / std::sqrt(var + eps) + b[c];
    }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status LayerNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* ts, ctx.RequireTensor(1));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  const double eps = ctx.node().GetFloat("epsilon", 1e-5f);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x->dims()[d];
  for (int64_t d = axis; d < rank; ++d) inner *= x->dims()[d];
  const auto X = ToDoubles(*x), S = ToDoubles(*ts);
  std::vector<double> B;
  if (const Tensor* tb = ctx.tensor(2)) B = ToDoubles(*tb);
  std::vector<int64_t> sdims(ts->dims()), bdims;
  std::vector<int64_t> norm_dims(x->dims().begin() + axis, x->dims().end());
  // Scale and B broadcast to the normalized shape (the kernel reads them at broadcast strides).
  for (const auto& [t, what] : {std::pair{ts, "scale"}, std::pair{ctx.tensor(2), "bias B"}}) {
    if (!t) continue;
    auto b = BroadcastShapes(t->dims(), norm_dims);
    if (!b.ok() || *b != norm_dims) {
      return ctx.Error(std::string(what) + " " + ShapeString(t->dims()) +
                       " does not broadcast to the normalized shape " + ShapeString(norm_dims));
    }
  }
  const auto sstr = BroadcastStrides(ts->dims(), norm_dims);
  std::vector<int64_t> bstr;
  if (!B.empty()) bstr = BroadcastStrides(ctx.tensor(2)->dims(), norm_dims);
  auto flat = [&](const std::vector<int64_t>& str, int64_t i) {
    int64_t off = 0;
    for (size_t d = norm_dims.size(); d-- > 0;) {
      off += (i % norm_dims[d]) * str[d];
      i /= norm_dims[d];
    }
    return off;
  };
  std::vector<double> Y(X.size()), mean_out(static_cast<size_t>(outer)),
      inv_out(static_cast<size_t>(outer));
  for (int64_t o = 0; o < outer; ++o) {
    const double* p = X.data() + o * inner;
    double mean = 0, var = 0;
    for (int64_t i = 0; i < inner; ++i) mean += p[i];
    mean /= double(inner);
    for (int64_t i = 0; i < inner; ++i) var += (p[i] - mean) * (p[i] - mean);
    var /= double(inner);
    const double inv = 1.0 / std::sqrt(var + eps);
    mean_out[o] = mean;
    inv_out[o] = inv;
    for (int64_t i = 0; i < inner; ++i) {
      double v = (p[i] - mean) * inv * S[flat(sstr, i)];
      if (!B.empty()) v += B[flat(bstr, i)];
      Y[o * inner + i] = v;
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  std::vector<int64_t> stat_dims(x->dims().begin(), x->dims().begin() + axis);
  for (int64_t d = axis; d < rank; ++d) stat_dims.push_back(1);
  const DataType stat_type = x->dtype() == DataType::kDouble ? DataType::kDouble : DataType::kFloat;
  if (ctx.output_wanted(1)) {
    OL_ASSIGN_OR_RETURN(Tensor m, FromDoubles(ctx, mean_out, stat_dims, stat_type));
    ctx.SetOutput(1, std::move(m));
  }
  if (ctx.output_wanted(2)) {
    OL_ASSIGN_OR_RETURN(Tensor iv, FromDoubles(ctx, inv_out, stat_dims, stat_type));
    ctx.SetOutput(2, std::move(iv));
  }
  return Status::Ok();
}

Status Lrn(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const double alpha = ctx.node().GetFloat("alpha", 1e-4f),
               beta = ctx.node().GetFloat("beta", 0.75f), bias = ctx.node().GetFloat("bias", 1.0f);
  const int64_t size = ctx.node().GetInt("size", 1);
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, *x, 2, "input"));
  OL_RETURN_IF_ERROR(CheckPositive(ctx, {size}, "size"));
  const auto X = ToDoubles(*x);
  const int64_t N = x->dims()[0], C = x->dims()[1];
  int64_t inner = 1;
  for (size_t d = 2; d < x->dims().size(); ++d) inner *= x->dims()[d];
  std::vector<double> Y(X.size());
  const int64_t lo = (size - 1) / 2, hi = (size - 1) - lo;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < inner; ++i) {
        double sq = 0;
        for (int64_t k = std::max<int64_t>(0, c - lo); k <= std::min(C - 1, c + hi); ++k) {
          const double v = X[(n * C + k) * inner + i];
          sq += v * v;
        }
        const int64_t at = (n * C + c) * inner + i;
        Y[at] = X[at] / std::pow(bias + alpha / double(size) * sq, beta);
      }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status LpNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeDimAxis(ctx, ctx.node().GetInt("axis", -1), rank));
  const int64_t p = ctx.node().GetInt("p", 2);
  if (p != 1 && p != 2) return ctx.Error("p must be 1 or 2");
  const auto X = ToDoubles(*x);
  const int64_t len = x->dims()[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x->dims()[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x->dims()[d];
  std::vector<double> Y(X.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double norm = 0;
      for (int64_t k = 0; k < len; ++k) {
        const double v = X[(o * len + k) * inner + i];
        norm += p == 1 ? std::abs(v) : v * v;
      }
      if (p == 2) norm = std::sqrt(norm);
      for (int64_t k = 0; k < len; ++k) {
        const int64_t at = (o * len + k) * inner + i;
        Y[at] = norm == 0 ? 0 : X[at] / norm;
      }
    }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Mvn(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<int64_t> axes = ctx.node().GetInts("axes", {0, 2, 3});
  std::vector<int64_t> kept(x->dims());
  for (int64_t a : axes) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, a, rank));
    kept[ax] = 1;
  }
  const auto X = ToDoubles(*x);
  OL_ASSIGN_OR_RETURN(int64_t groups, ir::NumElements(kept));
  const auto str = BroadcastStrides(kept, x->dims());
  OL_ASSIGN_OR_RETURN(const std::vector<int64_t> where, StridedOffsets(ctx, x->dims(), str));
  std::vector<double> mean(static_cast<size_t>(groups)), sq(static_cast<size_t>(groups)),
      cnt(static_cast<size_t>(groups));
  for (size_t i = 0; i < X.size(); ++i) {
    mean[where[i]] += X[i];
    sq[where[i]] += X[i] * X[i];
    cnt[where[i]] += 1;
  }
  std::vector<double> Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) {
    const double m = mean[where[i]] / cnt[where[i]];
    const double var = sq[where[i]] / cnt[where[i]] - m * m;
    Y[i] = (X[i] - m) / (std::sqrt(std::max(0.0, var)) + 1e-9);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterNormKernels(KernelRegistry& r) {
  AddKernel(r, "", "BatchNormalization", 1, BatchNorm);
  AddKernel(r, "", "InstanceNormalization", 1, InstanceNorm);
  // Since 1, not 17: ONNX Runtime registers ai.onnx LayerNormalization for every opset (its fusion
  // emits it into older models), so exports in its form run here too.
  AddKernel(r, "", "LayerNormalization", 1, LayerNorm);
  AddKernel(r, "com.microsoft", "LayerNormalization", 1, LayerNorm);
  AddKernel(r, "", "LRN", 1, Lrn);
  AddKernel(r, "", "LpNormalization", 1, LpNorm);
  AddKernel(r, "", "MeanVarianceNormalization", 9, Mvn);
}

}  // namespace onnxlens::kernels
