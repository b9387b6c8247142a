// Reference quantization ops: QuantizeLinear, DequantizeLinear (per-tensor and per-axis),
// DynamicQuantizeLinear, MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv.
#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

// Per-element index into scale/zero-point: all 0 for per-tensor, the `axis` coordinate otherwise.
Expected<std::vector<int64_t>> ParamIndex(const OpKernelContext& ctx, const Tensor& x,
                                          const Tensor& scale) {
  std::vector<int64_t> idx(static_cast<size_t>(x.numel()), 0);
  if (scale.numel() < 1) return ctx.Error("scale is empty");
  if (const ir::Tensor* zp = ctx.tensor(2)) {
    OL_RETURN_IF_ERROR(CheckCount(ctx, *zp, scale.numel(), "zero point", "scales"));
  }
  if (scale.numel() == 1) return idx;
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "x with a per-axis scale"));
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 1), rank));
  if (x.dims()[axis] != scale.numel())
    return ctx.Error("scale has " + std::to_string(scale.numel()) + " values for an axis of " +
                     std::to_string(x.dims()[axis]));
  int64_t inner = 1;
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x.dims()[d];
  for (int64_t i = 0; i < x.numel(); ++i) idx[i] = (i / inner) % x.dims()[axis];
  return idx;
}

// ParamIndex's checks without the per-element vector: the number of parameters (1 or the axis
// length) and the elements per step of the axis.
struct ParamLayout {
  int64_t count = 1;
  int64_t inner = 1;
  int64_t Index(int64_t i) const { return count == 1 ? 0 : (i / inner) % count; }
};

Expected<ParamLayout> LayoutOf(const OpKernelContext& ctx, const Tensor& x, const Tensor& scale) {
  ParamLayout l;
  if (scale.numel() < 1) return ctx.Error("scale is empty");
  if (const ir::Tensor* zp = ctx.tensor(2)) {
    OL_RETURN_IF_ERROR(CheckCount(ctx, *zp, scale.numel(), "zero point", "scales"));
  }
  if (scale.numel() == 1) return l;
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "x with a per-axis scale"));
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 1), rank));
  if (x.dims()[axis] != scale.numel())
    return ctx.Error("scale has " + std::to_string(scale.numel()) + " values for an axis of " +
                     std::to_string(x.dims()[axis]));
  l.count = scale.numel();
  for (int64_t d = axis + 1; d < rank; ++d) l.inner *= x.dims()[d];
  return l;
}

// The common case without doubles: float32 x and scale to int8 / uint8.
template <typename T>
Status QuantizeFloat(OpKernelContext& ctx, const Tensor& x, const Tensor& s, const Tensor* zp) {
  OL_ASSIGN_OR_RETURN(ParamLayout l, LayoutOf(ctx, x, s));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, zp ? zp->dtype() : DataType::kUint8, x.dims()));
  const float* xv = x.data<float>();
  const float* sv = s.data<float>();
  const T* zv = zp ? zp->data<T>() : nullptr;
  T* out = y.mutable_data<T>();
  constexpr float lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t c = l.Index(i);
    const float q = std::nearbyint(xv[i] / sv[c]) + (zv ? static_cast<float>(zv[c]) : 0.f);
    out[i] = static_cast<T>(q >= lo ? (q <= hi ? q : hi) : lo);  // NaN -> lo
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// The common case without doubles: int8 / uint8 / int32 x to float32 with a float32 scale.
template <typename T>
Status DequantizeToFloat(OpKernelContext& ctx, const Tensor& x, const Tensor& s, const Tensor* zp) {
  OL_ASSIGN_OR_RETURN(ParamLayout l, LayoutOf(ctx, x, s));
  if (zp && zp->dtype() != x.dtype()) return ctx.Error("x and its zero point differ in type");
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x.dims()));
  const T* xv = x.data<T>();
  const float* sv = s.data<float>();
  const T* zv = zp ? zp->data<T>() : nullptr;
  float* out = y.mutable_data<float>();
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t c = l.Index(i);
    // (x - zp) is exact in int64 and in float for these types; one float product, as ONNX
    // Runtime rounds it.
    const int64_t d = static_cast<int64_t>(xv[i]) - (zv ? static_cast<int64_t>(zv[c]) : 0);
    out[i] = static_cast<float>(d) * sv[c];
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

template <typename T>
T Saturate(double v) {
  return SaturatingCast<T>(std::nearbyint(v));
}

// A quantization parameter holds one value, or one per row / column (`per`).
Status CheckParam(const OpKernelContext& ctx, const Tensor& t, int64_t per, const char* what,
                  const char* of) {
  if (t.numel() == 1 || (per >= 0 && t.numel() == per)) return Status::Ok();
  return ctx.Error(std::string(what) + " has " + std::to_string(t.numel()) + " values, needs 1" +
                   (per >= 0 ? " or " + std::to_string(per) + " (one per " + of + ")" : ""));
}

Status Quantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  const Tensor* zp = ctx.tensor(2);
  const DataType out = zp ? zp->dtype() : DataType::kUint8;
  if (x->dtype() == DataType::kFloat && s->dtype() == DataType::kFloat) {
    if (out == DataType::kUint8) return QuantizeFloat<uint8_t>(ctx, *x, *s, zp);
    if (out == DataType::kInt8) return QuantizeFloat<int8_t>(ctx, *x, *s, zp);
  }
  const auto xv = ToDoubles(*x), sv = ToDoubles(*s);
  const auto zv = zp ? ToDoubles(*zp) : std::vector<double>(sv.size(), 0.0);
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ParamIndex(ctx, *x, *s));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, out, x->dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(out, [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      // float32 x and scale divide in float32, as ONNX Runtime does: a quotient near a half
      // rounds the same way in both runtimes.
      const bool f32 = x->dtype() == DataType::kFloat && s->dtype() == DataType::kFloat;
      for (size_t i = 0; i < xv.size(); ++i) {
        const double q = f32 ? static_cast<double>(std::nearbyint(static_cast<float>(xv[i]) /
                                                                  static_cast<float>(sv[idx[i]])))
                             : std::nearbyint(xv[i] / sv[idx[i]]);
        y.mutable_data<T>()[i] = Saturate<T>(q + zv[idx[i]]);
      }
      return Status::Ok();
    } else {
      return ctx.Error("zero point must be an integer type");
    }
  }));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Dequantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  const Tensor* zp = ctx.tensor(2);
  if (s->dtype() == DataType::kFloat && (!zp || zp->dtype() == x->dtype())) {
    if (x->dtype() == DataType::kUint8) return DequantizeToFloat<uint8_t>(ctx, *x, *s, zp);
    if (x->dtype() == DataType::kInt8) return DequantizeToFloat<int8_t>(ctx, *x, *s, zp);
    if (x->dtype() == DataType::kInt32) return DequantizeToFloat<int32_t>(ctx, *x, *s, zp);
  }
  const auto xv = ToDoubles(*x), sv = ToDoubles(*s);
  const auto zv = zp ? ToDoubles(*zp) : std::vector<double>(sv.size(), 0.0);
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> idx, ParamIndex(ctx, *x, *s));
  const DataType out = s->dtype() == DataType::kDouble ? DataType::kDouble : DataType::kFloat;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, out, x->dims()));
  for (size_t i = 0; i < xv.size(); ++i) {
    const double v = (xv[i] - zv[idx[i]]) * sv[idx[i]];
    if (out == DataType::kDouble)
      y.mutable_data<double>()[i] = v;
    else
      y.mutable_data<float>()[i] = static_cast<float>(v);
  }
  ctx.SetOutput(0, IsHalfType(s->dtype()) ? FromFloat(y, s->dtype()) : std::move(y));
  return Status::Ok();
}

Status DynamicQuantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const auto xv = ToDoubles(*x);
  double mn = 0, mx = 0;
  for (double v : xv) {
    mn = std::min(mn, v);
    mx = std::max(mx, v);
  }
  // float32 arithmetic, as the ONNX definition (and its reference outputs) use.
  const float scale = (static_cast<float>(mx) - static_cast<float>(mn)) / 255.0f;
  const float zpf =
      scale == 0.f ? 0.f
                   : std::clamp(std::nearbyint(0.f - static_cast<float>(mn) / scale), 0.f, 255.f);
  const double zp = zpf;
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kUint8, x->dims()));
  for (size_t i = 0; i < xv.size(); ++i) {
    y.mutable_data<uint8_t>()[i] =
        scale == 0.f ? uint8_t(zp)
                     : Saturate<uint8_t>(std::nearbyint(static_cast<float>(xv[i]) / scale) + zp);
  }
  ctx.SetOutput(0, std::move(y));
  ctx.SetOutput(1, Tensor::FromVector<float>(DataType::kFloat, {}, {static_cast<float>(scale)}));
  ctx.SetOutput(2, Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {static_cast<uint8_t>(zp)}));
  return Status::Ok();
}

// Integer matmul core with per-row (A) / per-column (B) zero points; results as doubles.
Status IntMatMul(OpKernelContext& ctx, const Tensor& a, const Tensor& b,
                 const std::vector<double>& azp, const std::vector<double>& bzp,
                 std::vector<double>* out, std::vector<int64_t>* out_dims) {
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, a, 1, "A"));
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, b, 1, "B"));
  std::vector<int64_t> ad = a.dims(), bd = b.dims();
  if (ad.size() == 1) ad.insert(ad.begin(), 1);
  if (bd.size() == 1) bd.push_back(1);
  const int64_t M = ad[ad.size() - 2], K = ad.back(), N = bd.back();
  if (K != bd[bd.size() - 2]) {
    return ctx.Error("inner dimensions differ: " + ShapeString(a.dims()) + " x " +
                     ShapeString(b.dims()));
  }
  if (azp.size() > 1 && static_cast<int64_t>(azp.size()) != M) {
    return ctx.Error("a_zero_point has " + std::to_string(azp.size()) + " values for " +
                     std::to_string(M) + " rows of A");
  }
  if (bzp.size() > 1 && static_cast<int64_t>(bzp.size()) != N) {
    return ctx.Error("b_zero_point has " + std::to_string(bzp.size()) + " values for " +
                     std::to_string(N) + " columns of B");
  }
  std::vector<int64_t> abatch(ad.begin(), ad.end() - 2), bbatch(bd.begin(), bd.end() - 2);
  auto batch = BroadcastShapes(abatch, bbatch);
  if (!batch.ok()) return ctx.Error(batch.status().message());
  *out_dims = *batch;
  if (a.dims().size() > 1) out_dims->push_back(M);
  if (b.dims().size() > 1) out_dims->push_back(N);
  // Integer inputs minus their zero points are exact in int32, their products and sums in int64
  // (the result is the same as in double, which is exact up to 2^53, at a fraction of the cost).
  const auto av = ToDoubles(a), bv = ToDoubles(b);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  ForEachBroadcast(
      *batch, {BroadcastStrides(abatch, *batch), BroadcastStrides(bbatch, *batch)},
      [&](int64_t, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
        for (int64_t i = 0; i < n; ++i) pairs.emplace_back(off[0] + i * in[0], off[1] + i * in[1]);
      });
  auto zero = [](const std::vector<double>& zp, int64_t i) -> int32_t {
    return static_cast<int32_t>(zp.empty() ? 0 : zp.size() == 1 ? zp[0] : zp[i]);
  };
  std::vector<int32_t> arow(static_cast<size_t>(K));
  std::vector<int32_t> bmat(static_cast<size_t>(K * N));
  std::vector<int64_t> acc(static_cast<size_t>(N));
  out->assign(pairs.size() * M * N, 0.0);
  for (size_t p = 0; p < pairs.size(); ++p) {
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = 0; j < N; ++j)
        bmat[k * N + j] =
            static_cast<int32_t>(bv[(pairs[p].second * K + k) * N + j]) - zero(bzp, j);
    for (int64_t i = 0; i < M; ++i) {
      const int32_t za = zero(azp, i);
      for (int64_t k = 0; k < K; ++k)
        arow[k] = static_cast<int32_t>(av[(pairs[p].first * M + i) * K + k]) - za;
      std::fill(acc.begin(), acc.end(), 0);
      for (int64_t k = 0; k < K; ++k) {
        const int64_t x = arow[k];
        const int32_t* brow = bmat.data() + k * N;
        for (int64_t j = 0; j < N; ++j) acc[j] += x * brow[j];
      }
      for (int64_t j = 0; j < N; ++j) (*out)[(p * M + i) * N + j] = static_cast<double>(acc[j]);
    }
  }
  return Status::Ok();
}

Status MatMulInteger(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  const auto azp = ctx.tensor(2) ? ToDoubles(*ctx.tensor(2)) : std::vector<double>{};
  const auto bzp = ctx.tensor(3) ? ToDoubles(*ctx.tensor(3)) : std::vector<double>{};
  std::vector<double> out;
  std::vector<int64_t> dims;
  OL_RETURN_IF_ERROR(IntMatMul(ctx, *a, *b, azp, bzp, &out, &dims));
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt32, dims));
  for (size_t i = 0; i < out.size(); ++i)
    y.mutable_data<int32_t>()[i] = SaturatingCast<int32_t>(out[i]);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status QLinearMatMul(OpKernelContext& ctx, int64_t) {
  for (size_t i = 0; i < 8; ++i) OL_RETURN_IF_ERROR(ctx.RequireTensor(i).status());
  const Tensor &a = *ctx.tensor(0), &b = *ctx.tensor(3), &yzp = *ctx.tensor(7);
  const int64_t cols = b.dims().empty() ? -1 : b.dims().back();
  const int64_t rows = a.dims().size() < 2 ? 1 : a.dims()[a.dims().size() - 2];
  OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(1), -1, "a_scale", ""));
  OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(2), rows, "a_zero_point", "row of A"));
  OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(4), cols, "b_scale", "column of B"));
  OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(5), cols, "b_zero_point", "column of B"));
  OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(6), -1, "y_scale", ""));
  OL_RETURN_IF_ERROR(CheckParam(ctx, yzp, -1, "y_zero_point", ""));
  const double as = ToDoubles(*ctx.tensor(1))[0], ys = ToDoubles(*ctx.tensor(6))[0];
  const auto bs = ToDoubles(*ctx.tensor(4));
  const auto azp = ToDoubles(*ctx.tensor(2)), bzp = ToDoubles(*ctx.tensor(5));
  std::vector<double> out;
  std::vector<int64_t> dims;
  OL_RETURN_IF_ERROR(IntMatMul(ctx, a, b, azp, bzp, &out, &dims));
  const double zy = ToDoubles(yzp)[0];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, yzp.dtype(), dims));
  const int64_t N = b.dims().size() > 1 ? dims.back() : 1;
  OL_RETURN_IF_ERROR(VisitNumeric(yzp.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      for (size_t i = 0; i < out.size(); ++i) {
        const double bsv = bs.size() == 1 ? bs[0] : bs[i % N];
        y.mutable_data<T>()[i] = Saturate<T>(out[i] * as * bsv / ys + zy);
      }
      return Status::Ok();
    } else {
      return ctx.Error("output zero point must be an integer type");
    }
  }));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// com.microsoft DynamicQuantizeMatMul: A quantized as DynamicQuantizeLinear does (uint8), times
// the quantized B, scaled by a_scale * b_scale (per tensor or per column), plus an optional bias.
Status DynamicQuantizeMatMul(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* bs, ctx.RequireTensor(2));
  if (a->dtype() != DataType::kFloat) return ctx.Error("A must be float32");
  const int64_t cols = b->dims().empty() ? -1 : b->dims().back();
  OL_RETURN_IF_ERROR(CheckParam(ctx, *bs, cols, "b_scale", "column of B"));
  const auto bzp = ctx.tensor(3) ? ToDoubles(*ctx.tensor(3)) : std::vector<double>{};
  if (ctx.tensor(3))
    OL_RETURN_IF_ERROR(CheckParam(ctx, *ctx.tensor(3), cols, "b_zero_point", "column of B"));
  float mn = 0, mx = 0;
  const float* av = a->data<float>();
  for (int64_t i = 0; i < a->numel(); ++i) {
    mn = std::min(mn, av[i]);
    mx = std::max(mx, av[i]);
  }
  const float scale = (mx - mn) / 255.0f;
  const float zp = scale == 0.f ? 0.f : std::clamp(std::nearbyint(0.f - mn / scale), 0.f, 255.f);
  OL_ASSIGN_OR_RETURN(Tensor aq, NewTensor(ctx, DataType::kUint8, a->dims()));
  for (int64_t i = 0; i < a->numel(); ++i)
    aq.mutable_data<uint8_t>()[i] =
        scale == 0.f ? uint8_t(zp) : Saturate<uint8_t>(std::nearbyint(av[i] / scale) + zp);
  std::vector<double> out;
  std::vector<int64_t> dims;
  OL_RETURN_IF_ERROR(IntMatMul(ctx, aq, *b, {static_cast<double>(zp)}, bzp, &out, &dims));
  const auto bsv = ToDoubles(*bs);
  std::vector<double> bias;
  if (const Tensor* c = ctx.tensor(4)) {
    OL_RETURN_IF_ERROR(CheckCount(ctx, *c, cols, "bias", "columns of B"));
    bias = ToDoubles(*c);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, dims));
  const int64_t n = cols > 0 ? cols : 1;
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t j = static_cast<int64_t>(i) % n;
    const float s = scale * static_cast<float>(bsv.size() == 1 ? bsv[0] : bsv[j]);
    y.mutable_data<float>()[i] =
        static_cast<float>(out[i]) * s + (bias.empty() ? 0.f : static_cast<float>(bias[j]));
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

// com.onnxlens QuantizeDequantizeLinear (passes/qdq_fake_quant.h): DequantizeLinear(
// QuantizeLinear(x)) with one per-tensor float32 scale and uint8 / int8 zero point, in the
// arithmetic of the two kernels above.
template <typename T>
Status QuantizeDequantizeT(OpKernelContext& ctx, const Tensor& x, float s, int z) {
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kFloat, x.dims()));
  const float* xv = x.data<float>();
  float* out = y.mutable_data<float>();
  constexpr float lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  for (int64_t i = 0; i < x.numel(); ++i) {
    const float q = std::nearbyint(xv[i] / s) + static_cast<float>(z);
    const T t = static_cast<T>(q >= lo ? (q <= hi ? q : hi) : lo);  // NaN -> lo
    out[i] = static_cast<float>(static_cast<int64_t>(t) - z) * s;
  }
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status QuantizeDequantize(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* zp, ctx.RequireTensor(2));
  if (x->dtype() != DataType::kFloat || s->dtype() != DataType::kFloat || s->numel() != 1 ||
      zp->numel() != 1)
    return ctx.Error("takes a float32 x, one float32 scale and one zero point");
  const float sc = s->data<float>()[0];
  if (zp->dtype() == DataType::kUint8)
    return QuantizeDequantizeT<uint8_t>(ctx, *x, sc, zp->data<uint8_t>()[0]);
  if (zp->dtype() == DataType::kInt8)
    return QuantizeDequantizeT<int8_t>(ctx, *x, sc, zp->data<int8_t>()[0]);
  return ctx.Error("the zero point must be uint8 or int8");
}

}  // namespace

void RegisterQuantKernels(KernelRegistry& r) {
  AddKernel(r, "com.onnxlens", "QuantizeDequantizeLinear", 1, QuantizeDequantize);
  AddKernel(r, "com.microsoft", "DynamicQuantizeMatMul", 1, DynamicQuantizeMatMul);
  AddKernel(r, "", "QuantizeLinear", 10, Quantize);
  AddKernel(r, "", "DequantizeLinear", 10, Dequantize);
  AddKernel(r, "", "DynamicQuantizeLinear", 11, DynamicQuantize);
  AddKernel(r, "", "MatMulInteger", 10, MatMulInteger);
  AddKernel(r, "", "QLinearMatMul", 10, QLinearMatMul);
}

}  // namespace onnxlens::kernels
