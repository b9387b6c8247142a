// Reference reductions (ReduceSum/Mean/Max/Min/Prod/L1/L2/LogSum/LogSumExp/SumSquare), ArgMax,
// ArgMin, and the softmax family (Softmax, LogSoftmax, Hardmax with their opset < 13 semantics).
#include <cmath>
#include <limits>

#include "kernels/reference/reference_kernels.h"
#include "kernels/tensor_util.h"

namespace onnxlens::kernels {

namespace {

using ir::DataType;
using ir::Tensor;

enum class Red { kSum, kMean, kMax, kMin, kProd, kL1, kL2, kLogSum, kLogSumExp, kSumSquare };

// Which axes to reduce: from the attribute (older opsets) or the second input (ReduceSum >= 13,
// all others >= 18). Empty means all, unless noop_with_empty_axes.
Expected<std::vector<bool>> ReducedAxes(OpKernelContext& ctx, int64_t rank, bool axes_as_input,
                                        bool* noop) {
  std::vector<int64_t> axes;
  if (axes_as_input) {
    if (const Tensor* t = ctx.tensor(1)) {
      OL_ASSIGN_OR_RETURN(axes, ReadInts(ctx, *t, "axes"));
    }
  } else {
    axes = ctx.node().GetInts("axes");
  }
  *noop = axes.empty() && ctx.node().GetInt("noop_with_empty_axes", 0) != 0;
  std::vector<bool> red(rank, axes.empty());
  for (int64_t a : axes) {
    OL_ASSIGN_OR_RETURN(int64_t ax, NormalizeDimAxis(ctx, a, rank));
    red[ax] = true;
  }
  return red;
}

Status Reduce(OpKernelContext& ctx, Red op, bool axes_as_input) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const DataType orig = in->dtype();
  const Tensor x = ToFloat(*in);
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  bool noop = false;
  OL_ASSIGN_OR_RETURN(std::vector<bool> red, ReducedAxes(ctx, rank, axes_as_input, &noop));
  if (noop) {
    ctx.SetOutput(0, *in);
    return Status::Ok();
  }
  const bool keep = ctx.node().GetInt("keepdims", 1) != 0;
  std::vector<int64_t> kept_dims(rank), out_dims;
  for (int64_t d = 0; d < rank; ++d) {
    kept_dims[d] = red[d] ? 1 : x.dims()[d];
    if (!red[d])
      out_dims.push_back(x.dims()[d]);
    else if (keep)
      out_dims.push_back(1);
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), out_dims));
  const int64_t n_out = y.numel();
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (red[d]) count *= x.dims()[d];
  }
  Status st = VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, bool>) {
      return ctx.Error("does not take bool");
    } else {
      std::vector<double> acc(static_cast<size_t>(n_out));
      double init = 0;
      if (op == Red::kMax) init = -std::numeric_limits<double>::infinity();
      if (op == Red::kMin) init = std::numeric_limits<double>::infinity();
      if (op == Red::kProd) init = 1;
      std::fill(acc.begin(), acc.end(), init);
      std::vector<double> mx;
      if (op == Red::kLogSumExp) {
        mx.assign(static_cast<size_t>(n_out), -std::numeric_limits<double>::infinity());
      }
      // out offset for each input element: strides of the kept-dims shape, 0 on reduced axes.
      const auto ostr = BroadcastStrides(kept_dims, x.dims());
      OL_ASSIGN_OR_RETURN(const std::vector<int64_t> where, StridedOffsets(ctx, x.dims(), ostr));
      const T* p = x.data<T>();
      T* o = y.mutable_data<T>();
      if constexpr (kWrapsAsInteger<T>) {
        // Integer sums and products in the integer type, wrapping as two's complement: exact for
        // int64 (double is not past 2^53) and never an out-of-range conversion back.
        if (op == Red::kSum || op == Red::kProd || op == Red::kL1 || op == Red::kSumSquare) {
          std::fill(o, o + n_out, op == Red::kProd ? T(1) : T(0));
          for (int64_t i = 0; i < x.numel(); ++i) {
            const T v = op == Red::kL1 && p[i] < T(0) ? WrapNeg(p[i]) : p[i];
            T& a = o[where[i]];
            a = op == Red::kProd        ? WrapMul(a, v)
                : op == Red::kSumSquare ? WrapAdd(a, WrapMul(v, v))
                                        : WrapAdd(a, v);
          }
          return Status::Ok();
        }
      }
      if (op == Red::kLogSumExp) {
        for (int64_t i = 0; i < x.numel(); ++i) mx[where[i]] = std::max(mx[where[i]], double(p[i]));
      }
      for (int64_t i = 0; i < x.numel(); ++i) {
        const double v = static_cast<double>(p[i]);
        double& a = acc[where[i]];
        switch (op) {
          case Red::kSum:
          case Red::kMean:
          case Red::kLogSum:
            a += v;
            break;
          case Red::kMax:
            a = (std::isnan(v) || v > a) ? v : a;
            break;
          case Red::kMin:
            a = (std::isnan(v) || v < a) ? v : a;
            break;
          case Red::kProd:
            a *= v;
            break;
          case Red::kL1:
            a += std::abs(v);
            break;
          case Red::kL2:
          case Red::kSumSquare:
            a += v * v;
            break;
          case Red::kLogSumExp:
            a += std::exp(v - mx[where[i]]);
            break;
        }
      }
      for (int64_t i = 0; i < n_out; ++i) {
        double a = acc[i];
        switch (op) {
          case Red::kMean:
            a = count ? a / static_cast<double>(count) : std::nan("");
            break;
          case Red::kL2:
            a = std::sqrt(a);
            break;
          case Red::kLogSum:
            a = std::log(a);
            break;
          case Red::kLogSumExp:
            a = count ? std::log(a) + mx[i] : -std::numeric_limits<double>::infinity();
            break;
          default:
            break;
        }
        if constexpr (std::is_integral_v<T>) {
          if ((op == Red::kMax || op == Red::kMin) && count == 0) {
            a = op == Red::kMax ? double(std::numeric_limits<T>::lowest())
                                : double(std::numeric_limits<T>::max());
          }
        }
        o[i] = SaturatingCast<T>(a);
      }
      return Status::Ok();
    }
  });
  OL_RETURN_IF_ERROR(st);
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

Status ArgMinMax(OpKernelContext& ctx, bool is_max) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const Tensor x = ToFloat(*in);
  OL_RETURN_IF_ERROR(CheckMinRank(ctx, x, 1, "data"));
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  OL_ASSIGN_OR_RETURN(int64_t axis, NormalizeAxis(ctx, ctx.node().GetInt("axis", 0), rank));
  const bool keep = ctx.node().GetInt("keepdims", 1) != 0;
  const bool last = ctx.node().GetInt("select_last_index", 0) != 0;
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != axis)
      dims.push_back(x.dims()[d]);
    else if (keep)
      dims.push_back(1);
  }
  const int64_t len = x.dims()[axis];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= x.dims()[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= x.dims()[d];
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, DataType::kInt64, dims));
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    const T* p = x.data<T>();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t best = 0;
        for (int64_t k = 1; k < len; ++k) {
          const T v = p[(o * len + k) * inner + i], b = p[(o * len + best) * inner + i];
          const bool better = is_max ? (last ? v >= b : v > b) : (last ? v <= b : v < b);
          if (better) best = k;
        }
        y.mutable_data<int64_t>()[o * inner + i] = best;
      }
    return Status::Ok();
  }));
  ctx.SetOutput(0, std::move(y));
  return Status::Ok();
}

enum class Soft { kSoftmax, kLogSoftmax, kHardmax };

Status SoftmaxFamily(OpKernelContext& ctx, Soft kind, int64_t opset) {
  OL_ASSIGN_OR_RETURN(const Tensor* in, ctx.RequireTensor(0));
  const DataType orig = in->dtype();
  const Tensor x = ToFloat(*in);
  if (x.dtype() != DataType::kFloat && x.dtype() != DataType::kDouble) {
    return ctx.Error("expects a floating-point input");
  }
  const int64_t rank = static_cast<int64_t>(x.dims().size());
  const int64_t default_axis = opset >= 13 ? -1 : 1;
  OL_ASSIGN_OR_RETURN(int64_t axis,
                      NormalizeAxis(ctx, ctx.node().GetInt("axis", default_axis), rank));
  // opset < 13: the input is coerced to 2-D [prod(dims[:axis]), prod(dims[axis:])].
  int64_t outer = 1, len = 1, inner = 1;
  if (opset < 13) {
    for (int64_t d = 0; d < axis; ++d) outer *= x.dims()[d];
    for (int64_t d = axis; d < rank; ++d) len *= x.dims()[d];
  } else {
    for (int64_t d = 0; d < axis; ++d) outer *= x.dims()[d];
    len = rank ? x.dims()[axis] : 1;
    for (int64_t d = axis + 1; d < rank; ++d) inner *= x.dims()[d];
  }
  OL_ASSIGN_OR_RETURN(Tensor y, NewTensor(ctx, x.dtype(), x.dims()));
  OL_RETURN_IF_ERROR(VisitNumeric(x.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) {
      const T* p = x.data<T>();
      T* q = y.mutable_data<T>();
      for (int64_t o = 0; o < outer; ++o)
        for (int64_t i = 0; i < inner; ++i) {
          auto at = [&](int64_t k) { return (o * len + k) * inner + i; };
          T mx = -std::numeric_limits<T>::infinity();
          int64_t arg = 0;
          for (int64_t k = 0; k < len; ++k) {
            if (p[at(k)] > mx) {
              mx = p[at(k)];
              arg = k;
            }
          }
          if (kind == Soft::kHardmax) {
            for (int64_t k = 0; k < len; ++k) q[at(k)] = k == arg ? T(1) : T(0);
            continue;
          }
          double sum = 0;
          for (int64_t k = 0; k < len; ++k) sum += std::exp(static_cast<double>(p[at(k)] - mx));
          for (int64_t k = 0; k < len; ++k) {
            const double z = static_cast<double>(p[at(k)] - mx);
            q[at(k)] =
                static_cast<T>(kind == Soft::kSoftmax ? std::exp(z) / sum : z - std::log(sum));
          }
        }
    }
    return Status::Ok();
  }));
  ctx.SetOutput(0, IsHalfType(orig) ? FromFloat(y, orig) : std::move(y));
  return Status::Ok();
}

}  // namespace

void RegisterReduceKernels(KernelRegistry& r) {
  const std::pair<const char*, Red> ops[] = {{"ReduceSum", Red::kSum},
                                             {"ReduceMean", Red::kMean},
                                             {"ReduceMax", Red::kMax},
                                             {"ReduceMin", Red::kMin},
                                             {"ReduceProd", Red::kProd},
                                             {"ReduceL1", Red::kL1},
                                             {"ReduceL2", Red::kL2},
                                             {"ReduceLogSum", Red::kLogSum},
                                             {"ReduceLogSumExp", Red::kLogSumExp},
                                             {"ReduceSumSquare", Red::kSumSquare}};
  for (const auto& [name, op] : ops) {
    const Red o = op;
    const int64_t input_since = o == Red::kSum ? 13 : 18;
    AddKernel(r, "", name, 1, [o, input_since](OpKernelContext& ctx, int64_t opset) {
      return Reduce(ctx, o, opset >= input_since);
    });
  }
  AddKernel(r, "", "ArgMax", 1, [](OpKernelContext& c, int64_t) { return ArgMinMax(c, true); });
  AddKernel(r, "", "ArgMin", 1, [](OpKernelContext& c, int64_t) { return ArgMinMax(c, false); });
  AddKernel(r, "", "Softmax", 1,
            [](OpKernelContext& c, int64_t o) { return SoftmaxFamily(c, Soft::kSoftmax, o); });
  AddKernel(r, "", "LogSoftmax", 1,
            [](OpKernelContext& c, int64_t o) { return SoftmaxFamily(c, Soft::kLogSoftmax, o); });
  AddKernel(r, "", "Hardmax", 1,
            [](OpKernelContext& c, int64_t o) { return SoftmaxFamily(c, Soft::kHardmax, o); });
}

}  // namespace onnxlens::kernels
