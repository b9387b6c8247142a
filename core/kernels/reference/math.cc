// Reference MatMul (batched, broadcast) and Gemm. Accumulate in double: these are the oracle the
// OpenBLAS kernels are checked against.
#include "kernels/fused_activation.h"
#include "kernels/fused_matmul.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status MatMul(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ta, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(1));
  const DataType orig = ta->dtype();
  Tensor a = ToFloat(*ta), b = ToFloat(*tb);
  if (a.dtype() != b.dtype()) return ctx.Error("inputs have different element types");
  std::vector<int64_t> ad = a.dims(), bd = b.dims();
  if (ad.empty() || bd.empty()) return ctx.Error("inputs must not be scalars");
  const bool a1 = ad.size() == 1, b1 = bd.size() == 1;
  if (a1) ad.insert(ad.begin(), 1);
  if (b1) bd.push_back(1);
  const int64_t M = ad[ad.size() - 2], K = ad.back(), K2 = bd[bd.size() - 2], N = bd.back();
  if (K != K2) {
    return ctx.Error("inner dimensions differ: " + ShapeString(a.dims()) + " x " +
                     ShapeString(b.dims()));
  }
  std::vector<int64_t> abatch(ad.begin(), ad.end() - 2), bbatch(bd.begin(), bd.end() - 2);
  auto batch = BroadcastShapes(abatch, bbatch);
  if (!batch.ok()) return ctx.Error(batch.status().message());
  std::vector<int64_t> out = *batch;
  if (!a1) out.push_back(M);
  if (!b1) out.push_back(N);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, a.dtype(), out));
  const auto as = BroadcastStrides(abatch, *batch), bs = BroadcastStrides(bbatch, *batch);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  ForEachBroadcast(
      *batch, {as, bs},
      [&](int64_t, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        for (int64_t i = 0; i < n; ++i) pairs.emplace_back(off[0] + i * in[0], off[1] + i * in[1]);
      });
  OL_RETURN_IF_ERROR(VisitNumeric(a.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T* pa = a.data<T>();
      const T* pb = b.data<T>();
      T* po = y.mutable_data<T>();
      for (size_t p = 0; p < pairs.size(); ++p) {
        const T* A = pa + pairs[p].first * M * K;
        const T* B = pb + pairs[p].second * K * N;
        T* C = po + static_cast<int64_t>(p) * M * N;
        for (int64_t i = 0; i < M; ++i)
          for (int64_t j = 0; j < N; ++j) {
            if constexpr (kWrapsAsInteger<T>) {
              // Integers accumulate in their type, wrapping (exact for int64, unlike a double).
              T acc = T(0);
              for (int64_t k = 0; k < K; ++k)
                acc = WrapAdd(acc, WrapMul(A[i * K + k], B[k * N + j]));
              C[i * N + j] = acc;
            } else {
              double acc = 0;
              for (int64_t k = 0; k < K; ++k) acc += double(A[i * K + k]) * double(B[k * N + j]);
              C[i * N + j] = static_cast<T>(acc);
            }
          }
      }
      return Status::Ok();
    }
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

Status Gemm(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ta, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(1));
  const DataType orig = ta->dtype();
  const Tensor a = ToFloat(*ta), b = ToFloat(*tb);
  const Tensor* tc = ctx.tensor(2);
  const Tensor c = tc ? ToFloat(*tc) : Tensor();
  if (a.dims().size() != 2 || b.dims().size() != 2) return ctx.Error("A and B must be 2-D");
  OL_RETURN_IF_ERROR(CheckType(ctx, b, a.dtype(), "B"));
  if (tc) OL_RETURN_IF_ERROR(CheckType(ctx, c, a.dtype(), "C"));
  const bool tA = ctx.node().GetInt("transA", 0) != 0, tB = ctx.node().GetInt("transB", 0) != 0;
  const double alpha = ctx.node().GetFloat("alpha", 1.f), beta = ctx.node().GetFloat("beta", 1.f);
  const int64_t M = tA ? a.dims()[1] : a.dims()[0], K = tA ? a.dims()[0] : a.dims()[1];
  const int64_t K2 = tB ? b.dims()[1] : b.dims()[0], N = tB ? b.dims()[0] : b.dims()[1];
  if (K != K2)
    return ctx.Error("inner dimensions differ: " + ShapeString(a.dims()) + " x " +
                     ShapeString(b.dims()));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, a.dtype(), {M, N}));
  std::vector<int64_t> cstr;
  if (tc) {
    auto bc = BroadcastShapes(c.dims(), {M, N});
    if (!bc.ok() || *bc != std::vector<int64_t>{M, N})
      return ctx.Error("C " + ShapeString(c.dims()) + " does not broadcast to [M,N]");
    cstr = BroadcastStrides(c.dims(), {M, N});
  }
  OL_RETURN_IF_ERROR(VisitNumeric(a.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T* A = a.data<T>();
      const T* B = b.data<T>();
      T* C = y.mutable_data<T>();
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          double acc = 0;
          for (int64_t k = 0; k < K; ++k) {
            const double av = tA ? double(A[k * M + i]) : double(A[i * K + k]);
            const double bv = tB ? double(B[j * K + k]) : double(B[k * N + j]);
            acc += av * bv;
          }
          double v = alpha * acc;
          if (tc) v += beta * double(c.data<T>()[i * cstr[0] + j * cstr[1]]);
          C[i * N + j] = SaturatingCast<T>(v);
        }
      return Status::Ok();
    }
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterMathKernels(KernelRegistry& r) {
  AddKernel(r, "", "MatMul", 1, MatMul);
  AddKernel(r, "com.microsoft", "FusedMatMul", 1,
            [](OpKernelContext& ctx, int64_t) { return RunFusedMatMul(ctx, MatMul); });
  AddKernel(r, "", "Gemm", 1, Gemm);
  AddKernel(r, "com.microsoft", "FusedGemm", 1, [](OpKernelContext& ctx, int64_t o) {
    OL_RETURN_IF_ERROR(Gemm(ctx, o));
    return ApplyFusedActivation(ctx);
  });
}

}  // namespace onnxlens::kernels
