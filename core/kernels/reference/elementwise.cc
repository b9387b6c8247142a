// Reference element-wise kernels: unary math and activations, broadcasting binary arithmetic,
// comparison and logic, variadic Sum/Mean/Max/Min, Where, Clip, PRelu. float16/bfloat16 compute in
// float32.
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

constexpr DataType kFloatTypes[] = {DataType::kFloat, DataType::kDouble, DataType::kFloat16,
                                    DataType::kBFloat16};

// ---- unary ----

// Applies fn elementwise; T is the computation type. Half inputs are widened and narrowed back.
template <typename Op>
Status UnaryFloat(OpKernelContext& ctx, Op op) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const DataType orig = in->dtype();
  const Tensor x = ToFloat(*in);
  if (x.dtype() != DataType::kFloat && x.dtype() != DataType::kDouble) {
    return ctx.Error("expects a floating-point input, got " + std::string(DataTypeName(orig)));
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), x.dims()));
  const int64_t n = x.numel();
  if (x.dtype() == DataType::kFloat) {
    const float* a = x.data<float>();
    float* o = y.mutable_data<float>();
    for (int64_t i = 0; i < n; ++i) o[i] = static_cast<float>(op(static_cast<double>(a[i])));
  } else {
    const double* a = x.data<double>();
    double* o = y.mutable_data<double>();
    for (int64_t i = 0; i < n; ++i) o[i] = op(a[i]);
  }
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

// Unary op valid for every numeric type (Abs, Neg, Sign, Relu, ...).
template <typename Op>
Status UnaryAny(OpKernelContext& ctx, Op op) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const DataType orig = in->dtype();
  const Tensor x = ToFloat(*in);
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), x.dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T* a = x.data<T>();
      T* o = y.mutable_data<T>();
      for (int64_t i = 0; i < x.numel(); ++i) o[i] = op(a[i]);
      return Status::Ok();
    }
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

void RegisterFloatUnary(KernelRegistry& r, const char* op, int since,
                        std::function<double(double, const ir::Node&)> fn) {
  r.Register({"", op, since, 1000, kReferenceProvider, {}, [fn](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([fn](OpKernelContext& ctx) {
                      const ir::Node& n = ctx.node();
                      return UnaryFloat(ctx, [&](double v) { return fn(v, n); });
                    }));
              }});
}

template <typename Fn>
void RegisterKernel(KernelRegistry& r, const char* op, int since, Fn fn) {
  r.Register({"", op, since, 1000, kReferenceProvider, {}, [fn](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(fn));
              }});
}

double Erf(double v) { return std::erf(v); }

// ---- binary ----

enum class BinOp {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kPow,
  kMod,
  kFmod,
  kMax,
  kMin,
  kBitShiftL,
  kBitShiftR,
  kBitAnd,
  kBitOr,
  kBitXor
};
enum class CmpOp { kEq, kLt, kGt, kLe, kGe };
enum class LogicOp { kAnd, kOr, kXor };

// a^b for integers, wrapping like repeated multiplication; a negative exponent gives what the
// truncated real power gives (1 for a = 1, +-1 for a = -1, else 0; 0 for a = 0, not a division).
template <typename T>
T IntegerPow(T a, T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b < 0) return a == T(1) ? T(1) : a == T(-1) ? (b % 2 != 0 ? T(-1) : T(1)) : T(0);
  }
  T result = T(1), base = a;
  for (auto e = static_cast<std::make_unsigned_t<T>>(b); e != 0; e >>= 1) {
    if (e & 1u) result = WrapMul(result, base);
    base = WrapMul(base, base);
  }
  return result;
}

template <typename T>
bool ShiftOutOfRange(T b) {
  if constexpr (std::is_signed_v<T>) {
    if (b < T(0)) return true;
  }
  return b >= static_cast<T>(sizeof(T) * 8);
}

// Integer results wrap as two's complement (no UB); integer Div / Mod by zero never get here
// (Binary rejects a zero divisor first).
template <typename T>
T ApplyBin(BinOp op, T a, T b) {
  switch (op) {
    case BinOp::kAdd:
      return WrapAdd(a, b);
    case BinOp::kSub:
      return WrapSub(a, b);
    case BinOp::kMul:
      return WrapMul(a, b);
    case BinOp::kDiv:
      if constexpr (std::is_integral_v<T>)
        return b == 0 ? T(0) : WrapDiv(a, b);
      else
        return a / b;
    case BinOp::kPow:
      if constexpr (std::is_integral_v<T>)
        return IntegerPow(a, b);
      else
        return static_cast<T>(std::pow(static_cast<double>(a), static_cast<double>(b)));
    case BinOp::kMod:
      if constexpr (std::is_integral_v<T>) {
        if (b == 0) return T(0);
        T m = WrapRem(a, b);
        if constexpr (std::is_signed_v<T>) {
          if (m != 0 && ((m < 0) != (b < 0))) m = static_cast<T>(m + b);
        }
        return m;
      } else {
        T m = std::fmod(a, b);
        if (m != 0 && ((m < 0) != (b < 0))) m += b;
        return m;
      }
    case BinOp::kFmod:
      if constexpr (std::is_integral_v<T>)
        return b == 0 ? T(0) : WrapRem(a, b);
      else
        return std::fmod(a, b);
    case BinOp::kMax:
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
      }
      return a > b ? a : b;
    case BinOp::kMin:
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
      }
      return a < b ? a : b;
    // Shifts of the bits as unsigned (ONNX defines BitShift on unsigned types); a shift by a
    // negative amount or by the width or more gives 0.
    case BinOp::kBitShiftL:
      if constexpr (kWrapsAsInteger<T>) {
        using U = WrapUnsigned<T>;
        return ShiftOutOfRange(b) ? T(0) : static_cast<T>(static_cast<U>(a) << b);
      } else {
        return a;
      }
    case BinOp::kBitShiftR:
      if constexpr (kWrapsAsInteger<T>) {
        using U = std::make_unsigned_t<T>;
        return ShiftOutOfRange(b) ? T(0) : static_cast<T>(static_cast<U>(a) >> b);
      } else {
        return a;
      }
    case BinOp::kBitAnd:
      if constexpr (std::is_integral_v<T>)
        return static_cast<T>(a & b);
      else
        return a;
    case BinOp::kBitOr:
      if constexpr (std::is_integral_v<T>)
        return static_cast<T>(a | b);
      else
        return a;
    case BinOp::kBitXor:
      if constexpr (std::is_integral_v<T>)
        return static_cast<T>(a ^ b);
      else
        return a;
  }
  return a;
}

// Broadcasting loop over two typed inputs writing R.
template <typename T, typename R, typename F>
Status Broadcast2(OpKernelContext& ctx, const Tensor& a, const Tensor& b, DataType out_type, F f,
                  Tensor* out) {
  auto dims = BroadcastShapes(a.dims(), b.dims());
  if (!dims.ok()) return ctx.Error(dims.status().message());
  OL_ASSIGN_OR_RETURN(*out, NewTensor(ctx, out_type, *dims));
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  R* po = out->mutable_data<R>();
  if (a.dims() == b.dims()) {
    for (int64_t i = 0; i < a.numel(); ++i) po[i] = f(pa[i], pb[i]);
    return Status::Ok();
  }
  if (b.numel() == 1 && a.numel() == out->numel()) {
    const T vb = pb[0];
    for (int64_t i = 0; i < a.numel(); ++i) po[i] = f(pa[i], vb);
    return Status::Ok();
  }
  ForEachBroadcast(*dims, {BroadcastStrides(a.dims(), *dims), BroadcastStrides(b.dims(), *dims)},
                   [&](int64_t o, const std::vector<int64_t>& off, int64_t count,
                       const std::vector<int64_t>& inner) {
                     for (int64_t i = 0; i < count; ++i) {
                       po[o + i] = f(pa[off[0] + i * inner[0]], pb[off[1] + i * inner[1]]);
                     }
                   });
  return Status::Ok();
}

Status CheckSameType(OpKernelContext& ctx, const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype()) {
    return ctx.Error("inputs have different element types " + std::string(DataTypeName(a.dtype())) +
                     " and " + std::string(DataTypeName(b.dtype())));
  }
  return Status::Ok();
}

// a op b with broadcasting for two tensors of one numeric, non-bool type (op: generic lambda).
template <typename Op>
Expected<Tensor> SameTypeBroadcast(OpKernelContext& ctx, const Tensor& a, const Tensor& b, Op op) {
  OL_RETURN_IF_ERROR(CheckSameType(ctx, a, b));
  Tensor out;
  Status st = VisitNumeric(a.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      return Broadcast2<T, T>(
          ctx, a, b, a.dtype(), [&op](T x, T y) { return op(x, y); }, &out);
    }
  });
  if (!st.ok()) return st.code() == StatusCode::kUnsupported ? ctx.Error(st.message()) : st;
  return out;
}

// Integer division and remainder by zero are undefined: an error naming the node and where the
// zero is (floating-point division gives inf / NaN as IEEE says).
Status CheckNoZeroDivisor(const OpKernelContext& ctx, const Tensor& b) {
  return VisitNumeric(b.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (kWrapsAsInteger<T>) {
      const T* p = b.data<T>();
      for (int64_t i = 0; i < b.numel(); ++i) {
        if (p[i] == T(0)) {
          return ctx.Error("integer division by zero: divisor B " + ShapeString(b.dims()) +
                           " has 0 at element " + std::to_string(i));
        }
      }
    }
    return Status::Ok();
  });
}

Status Binary(OpKernelContext& ctx, BinOp op) {
  OL_ASSIGN_OR_RETURN(const Tensor* ta, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(1));
  BinOp eff = op;
  if (op == BinOp::kMod && ctx.node().GetInt("fmod", 0) == 1) eff = BinOp::kFmod;
  if (op == BinOp::kBitShiftL && ctx.node().GetString("direction", "LEFT") == "RIGHT") {
    eff = BinOp::kBitShiftR;
  }
  const DataType orig = ta->dtype();
  const Tensor a = ToFloat(*ta);
  // Pow allows a different exponent type: compute in the base's type.
  Tensor b = ToFloat(*tb);
  if (op == BinOp::kPow && b.dtype() != a.dtype()) {
    OL_ASSIGN_OR_RETURN(Tensor cast, NewTensor(ctx, a.dtype(), b.dims()));
    Status st = VisitNumeric(b.dtype(), [&](auto tb_tag) -> Status {
      using B = typename decltype(tb_tag)::type;
      return VisitNumeric(a.dtype(), [&](auto ta_tag) -> Status {
        using A = typename decltype(ta_tag)::type;
        for (int64_t i = 0; i < b.numel(); ++i)
          cast.mutable_data<A>()[i] = SaturatingCast<A>(b.data<B>()[i]);
        return Status::Ok();
      });
    });
    if (!st.ok()) return ctx.Error(st.message());
    b = std::move(cast);
  }
  if (eff == BinOp::kDiv || eff == BinOp::kMod || eff == BinOp::kFmod) {
    OL_RETURN_IF_ERROR(CheckNoZeroDivisor(ctx, b));
  }
  OL_ASSIGN_OR_RETURN(Tensor out, SameTypeBroadcast(ctx, a, b, [eff](auto x, auto y) {
                        return ApplyBin(eff, x, y);
                      }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(out, orig) : std::move(out));
  return Status::Ok();
}

Status Compare(OpKernelContext& ctx, CmpOp op) {
  OL_ASSIGN_OR_RETURN(const Tensor* ta, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(1));
  const Tensor a = ToFloat(*ta);
  const Tensor b = ToFloat(*tb);
  OL_RETURN_IF_ERROR(CheckSameType(ctx, a, b));
  Tensor out;
  if (a.dtype() == DataType::kString) {
    if (op != CmpOp::kEq) return ctx.Error("strings only support Equal");
    auto dims = BroadcastShapes(a.dims(), b.dims());
    if (!dims.ok()) return ctx.Error(dims.status().message());
    OL_ASSIGN_OR_RETURN(out, NewTensor(ctx, DataType::kBool, *dims));
    bool* po = out.mutable_data<bool>();
    ForEachBroadcast(*dims, {BroadcastStrides(a.dims(), *dims), BroadcastStrides(b.dims(), *dims)},
                     [&](int64_t o, const std::vector<int64_t>& off, int64_t count,
                         const std::vector<int64_t>& inner) {
                       for (int64_t i = 0; i < count; ++i)
                         po[o + i] = a.strings()[off[0] + i * inner[0]] ==
                                     b.strings()[off[1] + i * inner[1]];
                     });
    ctx.SetOutput(0, std::move(out));
    return Status::Ok();
  }
  Status st = VisitNumeric(a.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    return Broadcast2<T, bool>(
        ctx, a, b, DataType::kBool,
        [op](T x, T y) {
          switch (op) {
            case CmpOp::kEq:
              return x == y;
            case CmpOp::kLt:
              return x < y;
            case CmpOp::kGt:
              return x > y;
            case CmpOp::kLe:
              return x <= y;
            case CmpOp::kGe:
              return x >= y;
          }
          return false;
        },
        &out);
  });
  if (!st.ok()) return st.code() == StatusCode::kUnsupported ? ctx.Error(st.message()) : st;
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

Status Logic(OpKernelContext& ctx, LogicOp op) {
  OL_ASSIGN_OR_RETURN(const Tensor* a, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* b, ctx.RequireTensor(1));
  if (a->dtype() != DataType::kBool || b->dtype() != DataType::kBool) {
    return ctx.Error("expects bool inputs");
  }
  Tensor out;
  OL_RETURN_IF_ERROR((Broadcast2<bool, bool>(
      ctx, *a, *b, DataType::kBool,
      [op](bool x, bool y) {
        return op == LogicOp::kAnd ? (x && y) : op == LogicOp::kOr ? (x || y) : (x != y);
      },
      &out)));
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

// Sum / Mean / Max / Min over any number of broadcast inputs.
Status Variadic(OpKernelContext& ctx, BinOp op, bool mean) {
  std::vector<Tensor> ins;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    OL_ASSIGN_OR_RETURN(const Tensor* t, ctx.RequireTensor(i));
    ins.push_back(ToFloat(*t));
  }
  if (ins.empty()) return ctx.Error("needs at least one input");
  const DataType orig = ctx.tensor(0)->dtype();
  Tensor acc = ins[0];
  for (size_t i = 1; i < ins.size(); ++i) {
    OL_ASSIGN_OR_RETURN(acc, SameTypeBroadcast(ctx, acc, ins[i], [op](auto x, auto y) {
                          return ApplyBin(op, x, y);
                        }));
  }
  if (mean) {
    Status st = VisitNumeric(acc.dtype(), [&](auto tag) -> Status {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_same_v<T, bool>) {
        return ctx.Error("does not take bool");
      } else {
        T* p = acc.mutable_data<T>();
        for (int64_t i = 0; i < acc.numel(); ++i)
          p[i] = static_cast<T>(p[i] / static_cast<T>(ins.size()));
        return Status::Ok();
      }
    });
    OL_RETURN_IF_ERROR(st);
  } else if (ins.size() == 1) {
    acc = ins[0];
  }
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(acc, orig) : std::move(acc));
  return Status::Ok();
}

Status Where(OpKernelContext& ctx) {
  OL_ASSIGN_OR_RETURN(const Tensor* c, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(1));
  OL_ASSIGN_OR_RETURN(const Tensor* y, ctx.RequireTensor(2));
  if (c->dtype() != DataType::kBool) return ctx.Error("condition must be bool");
  if (x->dtype() != y->dtype()) return ctx.Error("X and Y have different element types");
  auto d1 = BroadcastShapes(c->dims(), x->dims());
  if (!d1.ok()) return ctx.Error(d1.status().message());
  auto dims = BroadcastShapes(*d1, y->dims());
  if (!dims.ok()) return ctx.Error(dims.status().message());
  OL_ASSIGN_OR_RETURN(Tensor out, NewTensor(ctx, x->dtype(), *dims));
  const bool* pc = c->data<bool>();
  const std::vector<std::vector<int64_t>> strides = {BroadcastStrides(c->dims(), *dims),
                                                     BroadcastStrides(x->dims(), *dims),
                                                     BroadcastStrides(y->dims(), *dims)};
  if (x->dtype() == DataType::kString) {
    std::vector<std::string> vals(static_cast<size_t>(out.numel()));
    ForEachBroadcast(
        *dims, strides,
        [&](int64_t o, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
          for (int64_t i = 0; i < n; ++i)
            vals[o + i] = pc[off[0] + i * in[0]] ? x->strings()[off[1] + i * in[1]]
                                                 : y->strings()[off[2] + i * in[2]];
        });
    OL_ASSIGN_OR_RETURN(out, Tensor::FromStrings(*dims, std::move(vals)));
  } else {
    const size_t es = ElementSize(x->dtype());
    const auto* px = static_cast<const char*>(x->raw());
    const auto* py = static_cast<const char*>(y->raw());
    auto* po = static_cast<char*>(out.mutable_raw());
    ForEachBroadcast(
        *dims, strides,
        [&](int64_t o, const std::vector<int64_t>& off, int64_t n, const std::vector<int64_t>& in) {
          for (int64_t i = 0; i < n; ++i) {
            const char* src = pc[off[0] + i * in[0]] ? px + (off[1] + i * in[1]) * es
                                                     : py + (off[2] + i * in[2]) * es;
            std::memcpy(po + (o + i) * es, src, es);
          }
        });
  }
  ctx.SetOutput(0, std::move(out));
  return Status::Ok();
}

Status Clip(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const DataType orig = in->dtype();
  const Tensor x = ToFloat(*in);
  double lo = -std::numeric_limits<double>::infinity(),
         hi = std::numeric_limits<double>::infinity();
  if (opset < 11) {
    lo = ctx.node().GetFloat("min", -std::numeric_limits<float>::max());
    hi = ctx.node().GetFloat("max", std::numeric_limits<float>::max());
  } else {
    if (const Tensor* t = ctx.tensor(1); t && t->numel() > 0) {
      OL_ASSIGN_OR_RETURN(lo, ReadScalar(ctx, *t, "min"));
    }
    if (const Tensor* t = ctx.tensor(2); t && t->numel() > 0) {
      OL_ASSIGN_OR_RETURN(hi, ReadScalar(ctx, *t, "max"));
    }
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), x.dims()));
  Status st = VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      const T* a = x.data<T>();
      T* o = y.mutable_data<T>();
      const T tlo = lo <= static_cast<double>(std::numeric_limits<T>::lowest())
                        ? std::numeric_limits<T>::lowest()
                        : SaturatingCast<T>(lo);
      const T thi = hi >= static_cast<double>(std::numeric_limits<T>::max())
                        ? std::numeric_limits<T>::max()
                        : SaturatingCast<T>(hi);
      // min(max(x, lo), hi): when lo > hi everything becomes hi (the spec, numpy, ONNX Runtime).
      for (int64_t i = 0; i < x.numel(); ++i) {
        const T v = a[i] < tlo ? tlo : a[i];
        o[i] = v > thi ? thi : v;
      }
      return Status::Ok();
    }
  });
  if (!st.ok()) return st.code() == StatusCode::kUnsupported ? ctx.Error(st.message()) : st;
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

Status PRelu(OpKernelContext& ctx, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* ta, ctx.RequireTensor(0));
  OL_ASSIGN_OR_RETURN(const Tensor* tb, ctx.RequireTensor(1));
  const DataType orig = ta->dtype();
  const Tensor a = ToFloat(*ta);
  Tensor b = ToFloat(*tb);
  // Before opset 7 a 1-D slope of size C applies along the channel axis (dimension 1).
  if (opset < 7 && b.dims().size() == 1 && a.dims().size() >= 2 && b.dims()[0] == a.dims()[1] &&
      a.dims().back() != b.dims()[0]) {
    std::vector<int64_t> d(a.dims().size() - 1, 1);
    d[0] = b.dims()[0];
    b = Tensor::FromRaw(b.dtype(), d, b.raw(), b.nbytes()).value();
  }
  OL_ASSIGN_OR_RETURN(Tensor out, SameTypeBroadcast(ctx, a, b, [](auto x, auto slope) {
                        using T = decltype(x);
                        return x < T(0) ? WrapMul(x, slope) : x;
                      }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(out, orig) : std::move(out));
  return Status::Ok();
}

}  // namespace

void RegisterElementwiseKernels(KernelRegistry& r) {
  using N = const ir::Node&;
  RegisterFloatUnary(r, "Exp", 1, [](double v, N) { return std::exp(v); });
  RegisterFloatUnary(r, "Log", 1, [](double v, N) { return std::log(v); });
  RegisterFloatUnary(r, "Sqrt", 1, [](double v, N) { return std::sqrt(v); });
  RegisterFloatUnary(r, "Reciprocal", 1, [](double v, N) { return 1.0 / v; });
  RegisterFloatUnary(r, "Floor", 1, [](double v, N) { return std::floor(v); });
  RegisterFloatUnary(r, "Ceil", 1, [](double v, N) { return std::ceil(v); });
  RegisterFloatUnary(r, "Round", 11, [](double v, N) { return std::nearbyint(v); });
  RegisterFloatUnary(r, "Sin", 7, [](double v, N) { return std::sin(v); });
  RegisterFloatUnary(r, "Cos", 7, [](double v, N) { return std::cos(v); });
  RegisterFloatUnary(r, "Tan", 7, [](double v, N) { return std::tan(v); });
  RegisterFloatUnary(r, "Asin", 7, [](double v, N) { return std::asin(v); });
  RegisterFloatUnary(r, "Acos", 7, [](double v, N) { return std::acos(v); });
  RegisterFloatUnary(r, "Atan", 7, [](double v, N) { return std::atan(v); });
  RegisterFloatUnary(r, "Sinh", 9, [](double v, N) { return std::sinh(v); });
  RegisterFloatUnary(r, "Cosh", 9, [](double v, N) { return std::cosh(v); });
  RegisterFloatUnary(r, "Asinh", 9, [](double v, N) { return std::asinh(v); });
  RegisterFloatUnary(r, "Acosh", 9, [](double v, N) { return std::acosh(v); });
  RegisterFloatUnary(r, "Atanh", 9, [](double v, N) { return std::atanh(v); });
  RegisterFloatUnary(r, "Erf", 9, [](double v, N) { return Erf(v); });
  RegisterFloatUnary(r, "Sigmoid", 1, [](double v, N) { return 1.0 / (1.0 + std::exp(-v)); });
  RegisterFloatUnary(r, "Tanh", 1, [](double v, N) { return std::tanh(v); });
  RegisterFloatUnary(r, "Softplus", 1, [](double v, N) {
    return v > 0 ? v + std::log1p(std::exp(-v)) : std::log1p(std::exp(v));
  });
  RegisterFloatUnary(r, "Softsign", 1, [](double v, N) { return v / (1.0 + std::abs(v)); });
  RegisterFloatUnary(r, "LeakyRelu", 1,
                     [](double v, N n) { return v < 0 ? v * n.GetFloat("alpha", 0.01f) : v; });
  RegisterFloatUnary(r, "Elu", 1, [](double v, N n) {
    return v < 0 ? n.GetFloat("alpha", 1.0f) * (std::exp(v) - 1.0) : v;
  });
  RegisterFloatUnary(r, "Celu", 12, [](double v, N n) {
    const double a = n.GetFloat("alpha", 1.0f);
    return std::max(0.0, v) + std::min(0.0, a * (std::exp(v / a) - 1.0));
  });
  RegisterFloatUnary(r, "Selu", 1, [](double v, N n) {
    const double a = n.GetFloat("alpha", 1.67326319217681884765625f);
    const double g = n.GetFloat("gamma", 1.05070102214813232421875f);
    return v > 0 ? g * v : g * (a * std::exp(v) - a);
  });
  RegisterFloatUnary(r, "HardSigmoid", 1, [](double v, N n) {
    return std::max(0.0, std::min(1.0, n.GetFloat("alpha", 0.2f) * v + n.GetFloat("beta", 0.5f)));
  });
  RegisterFloatUnary(r, "HardSwish", 14,
                     [](double v, N) { return v * std::max(0.0, std::min(1.0, v / 6.0 + 0.5)); });
  RegisterFloatUnary(r, "ThresholdedRelu", 10,
                     [](double v, N n) { return v > n.GetFloat("alpha", 1.0f) ? v : 0.0; });
  RegisterFloatUnary(r, "Mish", 18,
                     [](double v, N) { return v * std::tanh(std::log1p(std::exp(v))); });
  RegisterFloatUnary(r, "Shrink", 9, [](double v, N n) {
    const double l = n.GetFloat("lambd", 0.5f), b = n.GetFloat("bias", 0.0f);
    return v < -l ? v + b : (v > l ? v - b : 0.0);
  });
  RegisterFloatUnary(r, "Gelu", 20,
                     [](double v, N) { return 0.5 * v * (1.0 + Erf(v / std::sqrt(2.0))); });
  r.Register({"com.microsoft", "Gelu", 1, 1000, kReferenceProvider, {}, [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([](OpKernelContext& ctx) {
                      return UnaryFloat(
                          ctx, [](double v) { return 0.5 * v * (1.0 + Erf(v / std::sqrt(2.0))); });
                    }));
              }});

  // com.microsoft QuickGelu: x * sigmoid(alpha * x) (alpha 1.702 by default; 1 is SiLU / Swish).
  r.Register({"com.microsoft", "QuickGelu", 1, 1000, kReferenceProvider, {}, [](const KernelInfo&) {
                return Expected<std::unique_ptr<OpKernel>>(
                    std::make_unique<FunctionKernel>([](OpKernelContext& ctx) {
                      const double a = ctx.node().GetFloat("alpha", 1.702f);
                      return UnaryFloat(ctx,
                                        [a](double v) { return v / (1.0 + std::exp(-a * v)); });
                    }));
              }});

  RegisterKernel(r, "Abs", 1, [](OpKernelContext& ctx) {
    return UnaryAny(ctx, [](auto v) {
      using T = decltype(v);
      if constexpr (std::is_unsigned_v<T>)
        return v;
      else
        return v < T(0) ? WrapNeg(v) : v;
    });
  });
  RegisterKernel(r, "Neg", 1, [](OpKernelContext& ctx) {
    return UnaryAny(ctx, [](auto v) { return WrapNeg(v); });
  });
  RegisterKernel(r, "Sign", 9, [](OpKernelContext& ctx) {
    return UnaryAny(ctx, [](auto v) {
      using T = decltype(v);
      return static_cast<T>(v > T(0) ? 1 : (v < T(0) ? -1 : 0));
    });
  });
  RegisterKernel(r, "Relu", 1, [](OpKernelContext& ctx) {
    return UnaryAny(ctx, [](auto v) {
      using T = decltype(v);
      return v > T(0) ? v : T(0);
    });
  });
  RegisterKernel(r, "Not", 1, [](OpKernelContext& ctx) -> Status {
    OL_ASSIGN_OR_RETURN(const Tensor* x, ctx.RequireTensor(0));
    if (x->dtype() != DataType::kBool) return ctx.Error("expects bool");
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kBool, x->dims()));
    for (int64_t i = 0; i < x->numel(); ++i) y.mutable_data<bool>()[i] = !x->data<bool>()[i];
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  });
  RegisterKernel(r, "BitwiseNot", 18, [](OpKernelContext& ctx) {
    return UnaryAny(ctx, [](auto v) {
      using T = decltype(v);
      if constexpr (std::is_integral_v<T>)
        return static_cast<T>(~v);
      else
        return v;
    });
  });
  RegisterKernel(r, "IsNaN", 9, [](OpKernelContext& ctx) -> Status {
    OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
    const Tensor x = ToFloat(*in);
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kBool, x.dims()));
    for (int64_t i = 0; i < x.numel(); ++i)
      y.mutable_data<bool>()[i] = x.dtype() == DataType::kDouble ? std::isnan(x.data<double>()[i])
                                                                 : std::isnan(x.data<float>()[i]);
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  });
  RegisterKernel(r, "IsInf", 10, [](OpKernelContext& ctx) -> Status {
    OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
    const Tensor x = ToFloat(*in);
    const bool pos = ctx.node().GetInt("detect_positive", 1) != 0;
    const bool neg = ctx.node().GetInt("detect_negative", 1) != 0;
    OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kBool, x.dims()));
    for (int64_t i = 0; i < x.numel(); ++i) {
      const double v = x.dtype() == DataType::kDouble ? x.data<double>()[i] : x.data<float>()[i];
      y.mutable_data<bool>()[i] = std::isinf(v) && ((v > 0 && pos) || (v < 0 && neg));
    }
    ctx.SetOutput(0, std::move(y));
    return Status::Ok();
  });

  const std::pair<const char*, BinOp> binary[] = {{"Add", BinOp::kAdd},
                                                  {"Sub", BinOp::kSub},
                                                  {"Mul", BinOp::kMul},
                                                  {"Div", BinOp::kDiv},
                                                  {"Pow", BinOp::kPow},
                                                  {"Mod", BinOp::kMod},
                                                  {"BitShift", BinOp::kBitShiftL},
                                                  {"BitwiseAnd", BinOp::kBitAnd},
                                                  {"BitwiseOr", BinOp::kBitOr},
                                                  {"BitwiseXor", BinOp::kBitXor}};
  for (const auto& [name, op] : binary) {
    const BinOp o = op;
    RegisterKernel(r, name, 1, [o](OpKernelContext& ctx) { return Binary(ctx, o); });
  }
  const std::pair<const char*, CmpOp> compare[] = {{"Equal", CmpOp::kEq},
                                                   {"Less", CmpOp::kLt},
                                                   {"Greater", CmpOp::kGt},
                                                   {"LessOrEqual", CmpOp::kLe},
                                                   {"GreaterOrEqual", CmpOp::kGe}};
  for (const auto& [name, op] : compare) {
    const CmpOp o = op;
    RegisterKernel(r, name, 1, [o](OpKernelContext& ctx) { return Compare(ctx, o); });
  }
  const std::pair<const char*, LogicOp> logic[] = {
      {"And", LogicOp::kAnd}, {"Or", LogicOp::kOr}, {"Xor", LogicOp::kXor}};
  for (const auto& [name, op] : logic) {
    const LogicOp o = op;
    RegisterKernel(r, name, 1, [o](OpKernelContext& ctx) { return Logic(ctx, o); });
  }
  RegisterKernel(r, "Sum", 1,
                 [](OpKernelContext& ctx) { return Variadic(ctx, BinOp::kAdd, false); });
  RegisterKernel(r, "Mean", 1,
                 [](OpKernelContext& ctx) { return Variadic(ctx, BinOp::kAdd, true); });
  RegisterKernel(r, "Max", 1,
                 [](OpKernelContext& ctx) { return Variadic(ctx, BinOp::kMax, false); });
  RegisterKernel(r, "Min", 1,
                 [](OpKernelContext& ctx) { return Variadic(ctx, BinOp::kMin, false); });
  RegisterKernel(r, "Where", 9, Where);
  r.Register({"", "PRelu", 1, 1000, kReferenceProvider, {}, [](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [opset](OpKernelContext& ctx) { return PRelu(ctx, opset); }));
              }});
  r.Register({"", "Clip", 1, 1000, kReferenceProvider, {}, [](const KernelInfo& info) {
                const int64_t opset = info.opset;
                return Expected<std::unique_ptr<OpKernel>>(std::make_unique<FunctionKernel>(
                    [opset](OpKernelContext& ctx) { return Clip(ctx, opset); }));
              }});
}

}  // namespace onnxlens::kernels
