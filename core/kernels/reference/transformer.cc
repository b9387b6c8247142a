// Reference kernels of ONNX Runtime's transformer contrib ops (com.microsoft): Attention and
// BiasGelu, computed in double precision with plain loops: the oracles of the CPU kernels.
#include <cmath>

#include "kernels/attention_util.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::Tensor;

Status Attention(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(AttentionShape s, CheckAttention(ctx));
  const auto X = ToDoubles(*ctx.tensor(0)), W = ToDoubles(*ctx.tensor(1)),
             B = ToDoubles(*ctx.tensor(2));
  const int64_t H3 = 3 * s.hidden, rows = s.batch * s.seq;
  std::vector<double> qkv(static_cast<size_t>(rows * H3));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < H3; ++c) {
      double acc = B[c];
      for (int64_t k = 0; k < s.input_hidden; ++k) acc += X[r * s.input_hidden + k] * W[k * H3 + c];
      qkv[r * H3 + c] = acc;
    }
  }
  std::vector<double> Y(static_cast<size_t>(rows * s.hidden));
  std::vector<float> mask(static_cast<size_t>(s.seq));
  std::vector<double> p(static_cast<size_t>(s.seq));
  for (int64_t b = 0; b < s.batch; ++b) {
    for (int64_t h = 0; h < s.heads; ++h) {
      const int64_t q0 = h * s.head_size, k0 = s.hidden + q0, v0 = 2 * s.hidden + q0;
      for (int64_t i = 0; i < s.seq; ++i) {
        AttentionMaskRow(s, b, i, mask.data());
        double mx = -INFINITY;
        for (int64_t j = 0; j < s.seq; ++j) {
          double dot = 0;
          for (int64_t d = 0; d < s.head_size; ++d)
            dot += qkv[(b * s.seq + i) * H3 + q0 + d] * qkv[(b * s.seq + j) * H3 + k0 + d];
          p[j] = dot * s.scale + mask[j];
          mx = std::max(mx, p[j]);
        }
        double sum = 0;
        for (int64_t j = 0; j < s.seq; ++j) sum += (p[j] = std::exp(p[j] - mx));
        for (int64_t d = 0; d < s.head_size; ++d) {
          double acc = 0;
          for (int64_t j = 0; j < s.seq; ++j)
            acc += p[j] / sum * qkv[(b * s.seq + j) * H3 + v0 + d];
          Y[(b * s.seq + i) * s.hidden + q0 + d] = acc;
        }
      }
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y,
                      FromDoubles(ctx, Y, {s.batch, s.seq, s.hidden}, ir::DataType::kFloat));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// Gelu(x + bias), bias 1-D over the last axis.
Status BiasGelu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* bias, ctx.RequireTensor(1));
  if (x->dims().empty() || bias->dims().size() != 1 || bias->dims()[0] != x->dims().back())
    return ctx.Error("bias must be 1-D with the input's last dimension");
  const auto X = ToDoubles(*x), Bv = ToDoubles(*bias);
  std::vector<double> Y(X.size());
  const size_t n = Bv.size();
  for (size_t i = 0; i < X.size(); ++i) {
    const double v = X[i] + Bv[i % n];
    Y[i] = 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) of x (+ bias over the last axis).
Status FastGelu(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const Tensor* bias = ctx.tensor(1);
  if (bias &&
      (x->dims().empty() || bias->dims().size() != 1 || bias->dims()[0] != x->dims().back()))
    return ctx.Error("bias must be 1-D with the input's last dimension");
  const auto X = ToDoubles(*x);
  std::vector<double> Bv;
  if (bias) Bv = ToDoubles(*bias);
  std::vector<double> Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) {
    const double v = X[i] + (Bv.empty() ? 0.0 : Bv[i % Bv.size()]);
    Y[i] = 0.5 * v * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (v + 0.044715 * v * v * v)));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// LayerNorm(input + skip (+ bias)) over the last axis; output 3 is the sum itself.
Status SkipLayerNorm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* skip, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* gamma, ctx.RequireTensor(2));
  const Tensor* beta = ctx.tensor(3);
  const Tensor* bias = ctx.tensor(4);
  if (ctx.output_wanted(1) || ctx.output_wanted(2))
    return ctx.Error("the mean and inverse std outputs are not supported");
  if (x->dims().empty() || skip->dims() != x->dims())
    return ctx.Error("skip must have the input's shape " + ShapeString(x->dims()) + ", got " +
                     ShapeString(skip->dims()));
  const int64_t H = x->dims().back();
  for (const Tensor* t : {gamma, beta, bias}) {
    if (t && t->dims() != std::vector<int64_t>{H})
      return ctx.Error("gamma, beta and bias must be [" + std::to_string(H) + "]");
  }
  const double eps = ctx.node().GetFloat("epsilon", 1e-12f);
  const auto X = ToDoubles(*x), S = ToDoubles(*skip), G = ToDoubles(*gamma);
  std::vector<double> Bt, Bi;
  if (beta) Bt = ToDoubles(*beta);
  if (bias) Bi = ToDoubles(*bias);
  std::vector<double> sum(X.size()), Y(X.size());
  for (size_t i = 0; i < X.size(); ++i) sum[i] = X[i] + S[i] + (Bi.empty() ? 0 : Bi[i % H]);
  for (size_t o = 0; o < X.size(); o += static_cast<size_t>(H)) {
    double mean = 0, var = 0;
    for (int64_t i = 0; i < H; ++i) mean += sum[o + i];
    mean /= H;
    for (int64_t i = 0; i < H; ++i) var += (sum[o + i] - mean) * (sum[o + i] - mean);
    const double inv = 1.0 / std::sqrt(var / H + eps);
    for (int64_t i = 0; i < H; ++i)
      Y[o + i] = (sum[o + i] - mean) * inv * G[i] + (Bt.empty() ? 0 : Bt[i]);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, FromDoubles(ctx, Y, x->dims(), x->dtype()));
  ctx.SetOutput(0, std::move(y));
  if (ctx.output_wanted(3)) {
    OL_ASSIGN_OR_RETURN(Tensor s3, FromDoubles(ctx, sum, x->dims(), x->dtype()));
    ctx.SetOutput(3, std::move(s3));
  }
  return Status::Ok();
}

}  // namespace

void RegisterTransformerKernels(KernelRegistry& r) {
  AddKernel(r, "com.microsoft", "FastGelu", 1, FastGelu);
  AddKernel(r, "com.microsoft", "SkipLayerNormalization", 1, SkipLayerNorm);
  AddKernel(r, "com.microsoft", "Attention", 1, Attention);
  AddKernel(r, "com.microsoft", "BiasGelu", 1, BiasGelu);
}

}  // namespace onnxlens::kernels
