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

}  // namespace

void RegisterTransformerKernels(KernelRegistry& r) {
  AddKernel(r, "com.microsoft", "Attention", 1, Attention);
  AddKernel(r, "com.microsoft", "BiasGelu", 1, BiasGelu);
}

}  // namespace onnxlens::kernels
