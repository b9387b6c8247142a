// Reference kernels that make or convert tensors: Cast, CastLike, Constant, ConstantOfShape, Range,
// EyeLike, Pad (constant/edge/reflect/wrap), DepthToSpace/SpaceToDepth, inference Dropout.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

#include "kernels/float16.h"
#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

Status Pad(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  const int64_t rank = static_cast<int64_t>(x->dims().size());
  std::vector<int64_t> pads;
  double value = 0;
  if (opset < 11) {
    pads = ctx.node().GetInts("pads");
    value = ctx.node().GetFloat("value", 0.f);
  } else {
    OL_ASSIGN_OR_RETURN(const Tensor* p, ctx.RequireTensor(1));
    OL_ASSIGN_OR_RETURN(pads, ReadInts(ctx, *p, "pads"));
    if (const Tensor* v = ctx.tensor(2); v && v->numel() > 0) {
      OL_ASSIGN_OR_RETURN(value, ReadScalar(ctx, *v, "constant_value"));
    }
    if (const Tensor* a = ctx.tensor(3)) {
      OL_ASSIGN_OR_RETURN(std::vector<int64_t> axes, ReadInts(ctx, *a, "axes"));
      if (pads.size() != 2 * axes.size()) {
        return ctx.Error("pads has " + std::to_string(pads.size()) + " values for " +
                         std::to_string(axes.size()) + " axes (needs " +
                         std::to_string(2 * axes.size()) + ")");
      }
      std::vector<int64_t> full(2 * rank, 0);
      for (size_t i = 0; i < axes.size(); ++i) {
        OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, axes[i], rank));
        full[ax] = pads[i];
        full[ax + rank] = pads[i + axes.size()];
      }
      pads = full;
    }
  }
  if (static_cast<int64_t>(pads.size()) != 2 * rank) {
    return ctx.Error("pads has " + std::to_string(pads.size()) + " values for an input of rank " +
                     std::to_string(rank) + " (needs " + std::to_string(2 * rank) + ")");
  }
  const std::string mode = ctx.node().GetString("mode", "constant");
  std::vector<int64_t> dims(rank);
  for (int64_t d = 0; d < rank; ++d) {
    // A negative pad crops, at most the whole axis; the sum must not overflow.
    const int64_t sz = x->dims()[d];
    if (pads[d] < -sz || pads[d + rank] < -sz || __builtin_add_overflow(sz, pads[d], &dims[d]) ||
        __builtin_add_overflow(dims[d], pads[d + rank], &dims[d])) {
      return ctx.Error("pads " + ShapeString(pads) + " do not fit axis " + std::to_string(d) +
                       " of size " + std::to_string(sz));
    }
    if (dims[d] < 0) return ctx.Error("pads make a dimension negative");
    if (mode != "constant" && x->dims()[d] == 0 && dims[d] > 0)
      return ctx.Error("cannot pad an empty axis in mode " + mode);
  }
  OL_ASSIGN_OR_RETURN(int64_t n, CheckOutputSize(ctx, dims, "the padded output"));
  const auto xs = Strides(x->dims());
  std::vector<int64_t> src(static_cast<size_t>(n));
  std::vector<int64_t> idx(rank, 0);
  for (int64_t o = 0; o < n; ++o) {
    int64_t off = 0;
    bool outside = false;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t i = idx[d] - pads[d];
      const int64_t sz = x->dims()[d];
      if (i < 0 || i >= sz) {
        if (mode == "constant") {
          outside = true;
        } else if (mode == "edge") {
          i = std::clamp<int64_t>(i, 0, sz - 1);
        } else if (mode == "reflect") {
          if (sz == 1) {
            i = 0;
          } else {
            const int64_t period = 2 * (sz - 1);
            i = ((i % period) + period) % period;
            if (i >= sz) i = period - i;
          }
        } else if (mode == "wrap") {
          i = ((i % sz) + sz) % sz;
        } else {
          return ctx.Error("unknown pad mode " + mode);
        }
      }
      off += i * xs[d];
    }
    src[o] = outside ? -1 : off;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  // Gather with a sentinel for the constant fill.
  if (x->dtype() == DataType::kString) return ctx.Error("Pad does not take strings");
  const Tensor xf = ToFloat(*x);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, xf.dtype(), dims));
  OL_RETURN_IF_ERROR(VisitNumeric(xf.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const T* p = xf.data<T>();
    T* q = y.mutable_data<T>();
    const T fill = SaturatingCast<T>(value);
    for (int64_t i = 0; i < n; ++i) q[i] = src[i] < 0 ? fill : p[src[i]];
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(x->dtype()) ? FromFloat(y, x->dtype()) : std::move(y));
  return Status::Ok();
}

// Converts one element between numeric types through double (or exactly for 64-bit ints).
template <typename From, typename To>
To ConvertValue(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else {
    return SaturatingCast<To>(v);
  }
}

// A float as numpy's str() prints it (what ONNX's Cast-to-string tests expect): the shortest
// digits that read back as the same value of its own type, positional with at least one decimal
// for 1e-4 <= |v| < 1e16, else scientific ("1e-05", "1.5e+20"); NaN and infinities as ONNX
// Runtime writes them.
template <typename T>
std::string FormatForCast(T v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "INF" : "-INF";
  char buf[64];
  const T a = std::abs(v);
  const bool fixed = a == T(0) || (a >= T(1e-4) && a < T(1e16));
  const auto res = std::to_chars(buf, buf + sizeof(buf), v,
                                 fixed ? std::chars_format::fixed : std::chars_format::scientific);
  std::string s(buf, res.ptr);
  if (fixed && s.find('.') == std::string::npos) s += ".0";
  return s;
}

Expected<Tensor> CastTensor(const OpKernelContext& ctx, const Tensor& x, DataType to) {
  if (x.dtype() == to) return x;
  if (to == DataType::kString) {
    const Tensor f = ToFloat(x);
    std::vector<std::string> v(static_cast<size_t>(x.numel()));
    OL_RETURN_IF_ERROR(VisitNumeric(f.dtype(), [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      for (int64_t i = 0; i < f.numel(); ++i) {
        if constexpr (std::is_floating_point_v<T>)
          v[i] = FormatForCast(f.data<T>()[i]);
        else if constexpr (std::is_same_v<T, bool>)
          v[i] = f.data<T>()[i] ? "1" : "0";
        else
          v[i] = std::to_string(f.data<T>()[i]);
      }
      return Status::Ok();
    }));
    return Tensor::FromStrings(x.dims(), std::move(v));
  }
  Tensor src = x;
  if (x.dtype() == DataType::kString) {
    OL_ASSIGN_OR_RETURN(src, NewTensor(ctx, DataType::kDouble, x.dims()));
    for (int64_t i = 0; i < x.numel(); ++i) {
      const std::string& s = x.strings()[i];
      char* end = nullptr;
      double d = std::strtod(s.c_str(), &end);
      if (s == "INF" || s == "inf" || s == "+INF") d = std::numeric_limits<double>::infinity();
      if (s == "-INF" || s == "-inf") d = -std::numeric_limits<double>::infinity();
      src.mutable_data<double>()[i] = d;
    }
  }
  src = ToFloat(src);
  const DataType work = IsHalfType(to) ? DataType::kFloat : to;
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, work, x.dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(src.dtype(), [&](auto ft) -> Status {
    using F = typename decltype(ft)::type;
    return VisitNumeric(work, [&](auto tt) -> Status {
      using T = typename decltype(tt)::type;
      const F* a = src.data<F>();
      T* o = out.mutable_data<T>();
      for (int64_t i = 0; i < src.numel(); ++i) o[i] = ConvertValue<F, T>(a[i]);
      return Status::Ok();
    });
  }));
  if (IsHalfType(to)) return FromFloat(out, to);
  return out;
}

Status Cast(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  auto to = ir::DataTypeFromOnnx(static_cast<int32_t>(ctx.node().GetInt("to", 0)));
  if (!to) return ctx.Error("attribute 'to' names no supported type");
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, *x, *to));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status CastLike(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* like, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, *x, like->dtype()));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Constant(OpKernelContext& ctx, int64_t) {
  const ir::Node& n = ctx.node();
  if (const ir::Attribute* a = n.FindAttribute("value"); a && a->type == ir::AttrType::kTensor) {
    ctx.SetOutput(0, a->t);
  } else if (const ir::Attribute* a = n.FindAttribute("value_float")) {
    ctx.SetOutput(0, Tensor::FromVector<float>(DataType::kFloat, {}, {a->f}));
  } else if (const ir::Attribute* a = n.FindAttribute("value_floats")) {
    ctx.SetOutput(0, Tensor::FromVector<float>(
                         DataType::kFloat, {static_cast<int64_t>(a->floats.size())}, a->floats));
  } else if (const ir::Attribute* a = n.FindAttribute("value_int")) {
    ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64, {}, {a->i}));
  } else if (const ir::Attribute* a = n.FindAttribute("value_ints")) {
    ctx.SetOutput(0, Tensor::FromVector<int64_t>(DataType::kInt64,
                                                 {static_cast<int64_t>(a->ints.size())}, a->ints));
  } else if (const ir::Attribute* a = n.FindAttribute("value_string")) {
    ctx.SetOutput(0, Tensor::FromStrings({}, {a->s}).value());
  } else if (const ir::Attribute* a = n.FindAttribute("value_strings")) {
    ctx.SetOutput(
        0, Tensor::FromStrings({static_cast<int64_t>(a->strings.size())}, a->strings).value());
  } else {
    return ctx.Error("has no value attribute onnxlens can read (sparse_value is not supported)");
  }
  return Status::Ok();
}

Status ConstantOfShape(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* s, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(std::vector<int64_t> dims, ReadInts(ctx, *s, "shape"));
  Tensor value = Tensor::FromVector<float>(DataType::kFloat, {1}, {0.f});
  if (const ir::Attribute* a = ctx.node().FindAttribute("value")) value = a->t;
  if (value.numel() != 1 || value.dtype() == DataType::kString) {
    return ctx.Error("value must be one numeric element, has " + std::to_string(value.numel()) +
                     " " + std::string(ir::DataTypeName(value.dtype())));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, value.dtype(), dims));
  const size_t es = ElementSize(value.dtype());
  for (int64_t i = 0; i < y.numel(); ++i)
    std::memcpy(static_cast<char*>(y.mutable_raw()) + i * es, value.raw(), es);
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Range(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* ts, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tl, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* td, ctx.RequireTensor(2));
  for (const auto& [t, what] :
       {std::pair{ts, "start"}, std::pair{tl, "limit"}, std::pair{td, "delta"}}) {
    if (t->numel() != 1) {
      return ctx.Error(std::string(what) + " must hold one value, has " +
                       std::to_string(t->numel()));
    }
    OL_RETURN_IF_ERROR(CheckType(ctx, *t, ts->dtype(), what));
  }
  Tensor out;
  OL_RETURN_IF_ERROR(VisitNumeric(ts->dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T s = ts->data<T>()[0], l = tl->data<T>()[0], d = td->data<T>()[0];
      if (d == T(0)) return ctx.Error("delta is 0");
      const double count =
          std::ceil((static_cast<double>(l) - static_cast<double>(s)) / static_cast<double>(d));
      // NaN or a count past what a tensor can hold (the byte cap rejects the allocation).
      if (!(count <= static_cast<double>(std::numeric_limits<int32_t>::max())) && !(count <= 0)) {
        return ctx.Error("start " + std::to_string(s) + ", limit " + std::to_string(l) +
                         " and delta " + std::to_string(d) + " make " + std::to_string(count) +
                         " elements");
      }
      const int64_t n = std::max<int64_t>(0, static_cast<int64_t>(std::max(count, 0.0)));
      OL_ASSIGN_OR_RETURN(out, NewTensor(ctx, ts->dtype(), {n}));
      for (int64_t i = 0; i < n; ++i)
        out.mutable_data<T>()[i] = WrapAdd(s, WrapMul(static_cast<T>(i), d));
      return Status::Ok();
    }
  }));
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

Status EyeLike(OpKernelContext& ctx, int64_t) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() != 2) return ctx.Error("input must be 2-D");
  DataType dt = x->dtype();
  if (const ir::Attribute* a = ctx.node().FindAttribute("dtype")) {
    dt = ir::DataTypeFromOnnx(static_cast<int32_t>(a->i)).value_or(dt);
  }
  const int64_t k = ctx.node().GetInt("k", 0);
  OL_ASSIGN_OR_RETURN(Tensor f, NewTensor(ctx, DataType::kDouble, x->dims()));
  for (int64_t r = 0; r < x->dims()[0]; ++r)
    for (int64_t c = 0; c < x->dims()[1]; ++c)
      f.mutable_data<double>()[r * x->dims()[1] + c] = (c - r == k) ? 1.0 : 0.0;
  OL_ASSIGN_OR_RETURN(Tensor y, CastTensor(ctx, f, dt));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status SpaceDepth(OpKernelContext& ctx, bool to_space) {
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
  if (x->dims().size() != 4) return ctx.Error("input must be 4-D");
  const int64_t bs = ctx.node().GetInt("blocksize", 0);
  if (bs <= 0) return ctx.Error("blocksize must be positive");
  const int64_t N = x->dims()[0], C = x->dims()[1], H = x->dims()[2], W = x->dims()[3];
  const bool crd = ctx.node().GetString("mode", "DCR") == "CRD";
  // blocksize^2 and the output dimensions are products with the blocksize: none may overflow.
  int64_t bs2 = 0, big = 0;
  if (__builtin_mul_overflow(bs, bs, &bs2) || __builtin_mul_overflow(C, bs2, &big) ||
      __builtin_mul_overflow(H, bs, &big) || __builtin_mul_overflow(W, bs, &big)) {
    return ctx.Error("blocksize " + std::to_string(bs) + " overflows the sizes of input " +
                     ShapeString(x->dims()));
  }
  std::vector<int64_t> dims, src;
  if (to_space) {
    if (C % bs2) {
      return ctx.Error("channels " + std::to_string(C) + " are not divisible by blocksize^2 " +
                       std::to_string(bs2));
    }
    const int64_t c2 = C / bs2;
    dims = {N, c2, H * bs, W * bs};
    for (int64_t n = 0; n < N; ++n)
      for (int64_t c = 0; c < c2; ++c)
        for (int64_t h = 0; h < H * bs; ++h)
          for (int64_t w = 0; w < W * bs; ++w) {
            const int64_t bh = h % bs, bw = w % bs;
            const int64_t ic = crd ? c * bs2 + bh * bs + bw : (bh * bs + bw) * c2 + c;
            src.push_back(((n * C + ic) * H + h / bs) * W + w / bs);
          }
  } else {
    if (H % bs || W % bs) {
      return ctx.Error("spatial size " + std::to_string(H) + "x" + std::to_string(W) +
                       " is not divisible by blocksize " + std::to_string(bs));
    }
    dims = {N, C * bs2, H / bs, W / bs};
    for (int64_t n = 0; n < N; ++n)
      for (int64_t oc = 0; oc < C * bs2; ++oc)
        for (int64_t h = 0; h < H / bs; ++h)
          for (int64_t w = 0; w < W / bs; ++w) {
            const int64_t c = oc % C, b = oc / C, bh = b / bs, bw = b % bs;
            src.push_back(((n * C + c) * H + h * bs + bh) * W + w * bs + bw);
          }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, GatherByIndex(ctx, *x, dims, src));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

Status Dropout(OpKernelContext& ctx, int64_t) {
  const RtValue* v = ctx.input(0);
  if (!v || !v->is_tensor()) return ctx.Error("input is missing");
  bool training = false;
  if (const Tensor* t = ctx.tensor(2); t && t->numel() > 0) training = t->data<bool>()[0];
  double ratio = ctx.node().GetFloat("ratio", 0.5f);
  if (const Tensor* t = ctx.tensor(1); t && t->numel() > 0) {
    OL_ASSIGN_OR_RETURN(ratio, ReadScalar(ctx, *t, "ratio"));
  }
  if (training && ratio > 0) {
    return ctx.Error("training-mode dropout is random; onnxlens runs inference only");
  }
  ctx.SetOutput(0, v->tensor);
  if (ctx.output_wanted(1)) {
    OL_ASSIGN_OR_RETURN(Tensor mask, NewTensor(ctx, DataType::kBool, v->tensor.dims()));
    std::memset(mask.mutable_raw(), 1, mask.nbytes());
    ctx.SetOutput(1, std::move(mask));
  }
  return Status::Ok();
}

}  // namespace

Expected<Tensor> CastTensorTo(const OpKernelContext& ctx, const Tensor& x, DataType to) {
  return CastTensor(ctx, x, to);
}

void RegisterCreateKernels(KernelRegistry& r) {
  AddKernel(r, "", "Pad", 1, Pad);
  AddKernel(r, "", "Cast", 1, Cast);
  AddKernel(r, "", "CastLike", 15, CastLike);
  AddKernel(r, "", "Constant", 1, Constant);
  AddKernel(r, "", "ConstantOfShape", 9, ConstantOfShape);
  AddKernel(r, "", "Range", 11, Range);
  AddKernel(r, "", "EyeLike", 9, EyeLike);
  AddKernel(r, "", "DepthToSpace", 1,
            [](OpKernelContext& c, int64_t) { return SpaceDepth(c, true); });
  AddKernel(r, "", "SpaceToDepth", 1,
            [](OpKernelContext& c, int64_t) { return SpaceDepth(c, false); });
  AddKernel(r, "", "Dropout", 1, Dropout);
}

}  // namespace onnxlens::kernels
