// Reference com.microsoft QLinearAdd / QLinearMul: any numpy broadcast, element by element, with
// the arithmetic of kernels/qlinear_binary.h (ONNX Runtime's). The oracle of the cpu kernels.
#include <string>

#include "kernels/qlinear_binary.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// Input `i`'s single float32 scale.
Expected<float> Scale(const OpKernelContext& ctx, size_t i, const char* what) {
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(i));
  if (s->dtype() != DataType::kFloat || s->numel() != 1)
    return ctx.Error(std::string(what) + " must be one float32 value (per tensor)");
  return s->data<float>()[0];
}

// Input `i`'s zero point (0 when absent), of the data type `type`.
template <typename T>
Expected<int32_t> ZeroPoint(const OpKernelContext& ctx, size_t i, const char* what) {
  const Tensor* z = ctx.tensor(i);
  if (!z) return 0;
  if (z->dtype() != DataTypeOf<T>() || z->numel() != 1)
    return ctx.Error(std::string(what) + " must be one value of the data's type (per tensor)");
  return static_cast<int32_t>(z->data<T>()[0]);
}

template <typename T, bool kAdd>
Status Run(OpKernelContext& ctx, const Tensor& a, const Tensor& b) {
  OL_ASSIGN_OR_RETURN(float sa, Scale(ctx, 1, "A_scale"));
  OL_ASSIGN_OR_RETURN(float sb, Scale(ctx, 4, "B_scale"));
  OL_ASSIGN_OR_RETURN(float sc, Scale(ctx, 6, "C_scale"));
  OL_ASSIGN_OR_RETURN(int32_t za, ZeroPoint<T>(ctx, 2, "A_zero_point"));
  OL_ASSIGN_OR_RETURN(int32_t zb, ZeroPoint<T>(ctx, 5, "B_zero_point"));
  OL_ASSIGN_OR_RETURN(int32_t zc, ZeroPoint<T>(ctx, 7, "C_zero_point"));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> out, BroadcastShapes(a.dims(), b.dims()));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataTypeOf<T>(), out));
  const T* av = a.data<T>();
  const T* bv = b.data<T>();
  T* yv = y.mutable_data<T>();
  const qlinear::AddParams ap = qlinear::MakeAddParams(sa, za, sb, zb, sc, zc);
  const qlinear::MulParams mp = qlinear::MakeMulParams(sa, za, sb, zb, sc, zc);
  // Which input is a single value decides the form, as in ONNX Runtime, whose broadcast loop
  // takes an input that is constant over a run (the whole tensor, or one value repeated along the
  // innermost axis) as a single value folded into the fixed part of the sum: A first.
  ForEachBroadcast(out, {BroadcastStrides(a.dims(), out), BroadcastStrides(b.dims(), out)},
                   [&](int64_t o, const std::vector<int64_t>& in, int64_t count,
                       const std::vector<int64_t>& step) {
                     const bool scalar_a = a.numel() == 1 || (count > 1 && step[0] == 0);
                     const bool scalar_b =
                         !scalar_a && (b.numel() == 1 || (count > 1 && step[1] == 0));
                     const float fixed_a =
                         scalar_a ? qlinear::AddFixedWithScalar(av[in[0]], ap.ra, ap.fixed) : 0.0f;
                     const float fixed_b =
                         scalar_b ? qlinear::AddFixedWithScalar(bv[in[1]], ap.rb, ap.fixed) : 0.0f;
                     for (int64_t i = 0; i < count; ++i) {
                       const int32_t x = av[in[0] + i * step[0]], w = bv[in[1] + i * step[1]];
                       float v;
                       if (!kAdd)
                         v = qlinear::MulValue(x, w, mp);
                       else if (scalar_a)
                         v = qlinear::AddValueScalar(w, ap.rb, fixed_a);
                       else if (scalar_b)
                         v = qlinear::AddValueScalar(x, ap.ra, fixed_b);
                       else
                         v = qlinear::AddValue(x, w, ap);
                       yv[o + i] = qlinear::Saturate<T>(v);
                     }
                   });
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

template <bool kAdd>
Status QLinearBinary(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(3));
  if (a->dtype() != b->dtype())
    return ctx.Error("A and B must have the same type, got " +
                     std::string(DataTypeName(a->dtype())) + " and " +
                     std::string(DataTypeName(b->dtype())));
  if (a->dtype() == DataType::kUint8) return Run<uint8_t, kAdd>(ctx, *a, *b);
  if (a->dtype() == DataType::kInt8) return Run<int8_t, kAdd>(ctx, *a, *b);
  return ctx.Error("A must be uint8 or int8, got " + std::string(DataTypeName(a->dtype())));
}

}  // namespace

void RegisterQLinearBinaryKernels(KernelRegistry& r) {
  AddKernel(r, "com.microsoft", "QLinearAdd", 1, QLinearBinary<true>);
  AddKernel(r, "com.microsoft", "QLinearMul", 1, QLinearBinary<false>);
}

}  // namespace onnxlens::kernels
