// Helpers every kernel family uses: type dispatch, float16 widening, broadcasting, axis handling,
// reading shape-like int64 tensors.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/status.h"
#include "ir/tensor.h"
#include "kernels/kernel.h"

namespace onnxlens::kernels {

template <typename T>
struct Tag {
  using type = T;
};

/// Calls fn(Tag<T>{}) for the C++ type of a numeric dtype (bool as bool; float16/bfloat16 and
/// strings are not numeric here: widen them with ToFloat first). Returns fn's Status.
template <typename Fn>
Status VisitNumeric(ir::DataType t, Fn&& fn) {
  using ir::DataType;
  switch (t) {
    case DataType::kFloat:
      return fn(Tag<float>{});
    case DataType::kDouble:
      return fn(Tag<double>{});
    case DataType::kInt8:
      return fn(Tag<int8_t>{});
    case DataType::kInt16:
      return fn(Tag<int16_t>{});
    case DataType::kInt32:
      return fn(Tag<int32_t>{});
    case DataType::kInt64:
      return fn(Tag<int64_t>{});
    case DataType::kUint8:
      return fn(Tag<uint8_t>{});
    case DataType::kUint16:
      return fn(Tag<uint16_t>{});
    case DataType::kUint32:
      return fn(Tag<uint32_t>{});
    case DataType::kUint64:
      return fn(Tag<uint64_t>{});
    case DataType::kBool:
      return fn(Tag<bool>{});
    default:
      return Unsupported("element type " + std::string(ir::DataTypeName(t)));
  }
}

template <typename T>
constexpr ir::DataType DataTypeOf() {
  using ir::DataType;
  if constexpr (std::is_same_v<T, float>) return DataType::kFloat;
  if constexpr (std::is_same_v<T, double>) return DataType::kDouble;
  if constexpr (std::is_same_v<T, int8_t>) return DataType::kInt8;
  if constexpr (std::is_same_v<T, int16_t>) return DataType::kInt16;
  if constexpr (std::is_same_v<T, int32_t>) return DataType::kInt32;
  if constexpr (std::is_same_v<T, int64_t>) return DataType::kInt64;
  if constexpr (std::is_same_v<T, uint8_t>) return DataType::kUint8;
  if constexpr (std::is_same_v<T, uint16_t>) return DataType::kUint16;
  if constexpr (std::is_same_v<T, uint32_t>) return DataType::kUint32;
  if constexpr (std::is_same_v<T, uint64_t>) return DataType::kUint64;
  if constexpr (std::is_same_v<T, bool>) return DataType::kBool;
  return DataType::kUndefined;
}

bool IsHalfType(ir::DataType t);
/// float16/bfloat16 -> float32 copy; other tensors are returned as they are (shared).
ir::Tensor ToFloat(const ir::Tensor& t);
/// float32 -> `type` (float16/bfloat16) copy.
ir::Tensor FromFloat(const ir::Tensor& t, ir::DataType type);

/// Numpy broadcast of two shapes; error names both shapes.
Expected<std::vector<int64_t>> BroadcastShapes(const std::vector<int64_t>& a,
                                               const std::vector<int64_t>& b);

/// Per-input element strides aligned to `out` (0 on broadcast dimensions).
std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& in,
                                      const std::vector<int64_t>& out);

/// Row-major strides of a shape.
std::vector<int64_t> Strides(const std::vector<int64_t>& dims);

/// Iterates an n-ary broadcast: for each run of the innermost dimension calls
/// fn(out_offset, in_offsets (one per input), count, inner_strides (one per input)).
template <typename Fn>
void ForEachBroadcast(const std::vector<int64_t>& out_dims,
                      const std::vector<std::vector<int64_t>>& in_strides, Fn&& fn) {
  const size_t rank = out_dims.size();
  const size_t n = in_strides.size();
  int64_t total = 1;
  for (int64_t d : out_dims) total *= d;
  if (total == 0) return;
  if (rank == 0) {
    std::vector<int64_t> offs(n, 0), inner(n, 0);
    fn(int64_t{0}, offs, int64_t{1}, inner);
    return;
  }
  const int64_t inner_count = out_dims[rank - 1];
  std::vector<int64_t> inner(n);
  for (size_t k = 0; k < n; ++k) inner[k] = in_strides[k][rank - 1];
  std::vector<int64_t> idx(rank, 0);
  std::vector<int64_t> offs(n, 0);
  for (int64_t out = 0; out < total; out += inner_count) {
    fn(out, offs, inner_count, inner);
    // advance the odometer over dims [0, rank-1)
    for (int64_t d = static_cast<int64_t>(rank) - 2; d >= 0; --d) {
      ++idx[d];
      for (size_t k = 0; k < n; ++k) offs[k] += in_strides[k][d];
      if (idx[d] < out_dims[d]) break;
      for (size_t k = 0; k < n; ++k) offs[k] -= in_strides[k][d] * out_dims[d];
      idx[d] = 0;
    }
  }
}

/// For every element of a tensor of shape `dims` (row-major), the offset sum(index[d] *
/// strides[d]): with permuted strides a transpose, with BroadcastStrides the source of a broadcast
/// element. An error naming the node when the element count overflows or the list (8 bytes an
/// element, a size the file decides) would not fit the session's memory budget.
Expected<std::vector<int64_t>> StridedOffsets(const OpKernelContext& ctx,
                                              const std::vector<int64_t>& dims,
                                              const std::vector<int64_t>& strides);

/// Ok when `bytes` of scratch (a std::vector a kernel sizes from its inputs) fit the session's
/// memory budget now; else an error naming the node, `what` and the budget.
Status CheckScratch(const OpKernelContext& ctx, uint64_t bytes, std::string_view what);

/// Normalizes a possibly negative axis for `rank`; error names the node.
Expected<int64_t> NormalizeAxis(const OpKernelContext& ctx, int64_t axis, int64_t rank);

/// NormalizeAxis for an axis that indexes a dimension (dims()[axis], a vector of `rank` entries):
/// also an error for rank 0, where NormalizeAxis lets a scalar take axis 0 / -1.
Expected<int64_t> NormalizeDimAxis(const OpKernelContext& ctx, int64_t axis, int64_t rank);

/// Reads a 1-D (or scalar) int32/int64 tensor as int64 values.
Expected<std::vector<int64_t>> ReadInts(const OpKernelContext& ctx, const ir::Tensor& t,
                                        const char* what);

/// Reads a scalar of any numeric type as double.
Expected<double> ReadScalar(const OpKernelContext& ctx, const ir::Tensor& t, const char* what);

// ---- run-time checks of what only the input values tell (the node validator has seen the
// attributes, but shapes are often symbolic at session creation) ----

/// An error unless `t` holds exactly `expected` values: "<what> has 2 values for 3 <per>"
/// (what = "bias B", per = "output channels").
Status CheckCount(const OpKernelContext& ctx, const ir::Tensor& t, int64_t expected,
                  std::string_view what, std::string_view per);

/// An error unless `t` has element type `type`: "<what> is int64, expected float32" (for kernels
/// that read several inputs as one C++ type when inference did not know the types).
Status CheckType(const OpKernelContext& ctx, const ir::Tensor& t, ir::DataType type,
                 std::string_view what);

/// An error unless `t` has shape `expected`: "<what> has shape [2,3], expected [2,4]".
Status CheckShape(const OpKernelContext& ctx, const ir::Tensor& t,
                  const std::vector<int64_t>& expected, std::string_view what);

/// An error unless `t` has at least `rank` dimensions: "<what> has shape [3], needs rank >= 2".
Status CheckMinRank(const OpKernelContext& ctx, const ir::Tensor& t, size_t rank,
                    std::string_view what);

/// An error unless every value is positive: "<what> must be positive, got [1,0]".
Status CheckPositive(const OpKernelContext& ctx, const std::vector<int64_t>& values,
                     std::string_view what);

/// `index` wrapped once when negative (as ONNX's index inputs are) and checked against
/// [0, size): "<what> 7 is out of range for axis 1 of size 3".
Expected<int64_t> WrapIndex(const OpKernelContext& ctx, int64_t index, int64_t size,
                            std::string_view what, int64_t axis);

/// An error unless `lens` has `count` values, each in [0, limit]: "sequence_lens[1] is 9, beyond
/// the sequence length 5".
Status CheckLengths(const OpKernelContext& ctx, const std::vector<int64_t>& lens, int64_t count,
                    int64_t limit, std::string_view what);

/// An error unless `perm` is a permutation of [0, rank): "perm [0,0] is not a permutation of 2
/// axes".
Status CheckPermutation(const OpKernelContext& ctx, const std::vector<int64_t>& perm, size_t rank);

/// The element count of `dims`, or an error naming the node and `what` when a dimension is
/// negative or the product does not fit in int64.
Expected<int64_t> CheckedNumel(const OpKernelContext& ctx, const std::vector<int64_t>& dims,
                               std::string_view what);

/// The element count of an output of shape `dims`, or an error when the kernel's per-element
/// working memory for it (8 bytes: a source index or a double) would pass the cap on one tensor
/// (ir::Tensor::kDefaultMaxBytes): kernels that build an index or double vector before the output
/// check this first, so a hostile size is an error, not a failed allocation.
Expected<int64_t> CheckOutputSize(const OpKernelContext& ctx, const std::vector<int64_t>& dims,
                                  std::string_view what);

/// The same cap for a kernel's working buffer of `elements` 8-byte entries (a tap table, a column
/// buffer): an error naming `what` when it would pass the cap.
Status CheckWorkspace(const OpKernelContext& ctx, int64_t elements, std::string_view what);

/// Whether a working buffer of `elements` 8-byte entries stays under the cap (for a fast kernel
/// that declines, rather than fails, a case its buffers do not fit).
bool WorkspaceFits(int64_t elements);

/// a * b, or INT64_MAX when the product overflows (a size that then fits no cap).
inline int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<int64_t>::max() : r;
}

// ---- integer arithmetic without C++'s undefined behaviour ----
// Integers wrap as two's complement (what ONNX Runtime's and numpy's integer kernels do); the
// unsigned type is at least `unsigned` wide so that uint16 * uint16 does not overflow an int.

template <typename T>
using WrapUnsigned =
    std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <typename T>
constexpr bool kWrapsAsInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T>
T WrapAdd(T a, T b) {
  if constexpr (kWrapsAsInteger<T>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return static_cast<T>(a + b);
  }
}

template <typename T>
T WrapSub(T a, T b) {
  if constexpr (kWrapsAsInteger<T>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
  } else {
    return static_cast<T>(a - b);
  }
}

template <typename T>
T WrapMul(T a, T b) {
  if constexpr (kWrapsAsInteger<T>) {
    using U = WrapUnsigned<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  } else {
    return static_cast<T>(a * b);
  }
}

template <typename T>
T WrapNeg(T a) {
  if constexpr (kWrapsAsInteger<T>) {
    return WrapSub(T(0), a);
  } else {
    return static_cast<T>(-a);  // -0.0 for 0.0
  }
}

/// a / b for integers with b != 0 (callers reject zero divisors first): INT_MIN / -1 wraps to
/// INT_MIN.
template <typename T>
T WrapDiv(T a, T b) {
  if constexpr (std::is_signed_v<T> && std::is_integral_v<T>) {
    if (b == T(-1)) return WrapNeg(a);
  }
  return static_cast<T>(a / b);
}

/// a % b for integers with b != 0 (C's truncated remainder); INT_MIN % -1 is 0.
template <typename T>
T WrapRem(T a, T b) {
  if constexpr (std::is_signed_v<T> && std::is_integral_v<T>) {
    if (b == T(-1)) return T(0);
  }
  return static_cast<T>(a % b);
}

/// A numeric conversion that is never undefined: a floating-point value converted to an integer
/// type saturates at the type's limits and NaN becomes 0 (as ONNX Runtime's x86 casts do for the
/// in-range cases; the spec leaves out-of-range casts undefined); everything else is static_cast.
template <typename To, typename From>
To SaturatingCast(From v) {
  if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To> &&
                !std::is_same_v<To, bool>) {
    if (std::isnan(v)) return To(0);
    // 2^63 etc. are exact in double; `max() + 1.0` avoids rounding max() up into range.
    constexpr double kLo = static_cast<double>(std::numeric_limits<To>::lowest());
    constexpr double kHiExclusive =
        static_cast<double>(std::numeric_limits<To>::max() / 2 + 1) * 2.0;
    const double d = static_cast<double>(v);
    if (d <= kLo) return std::numeric_limits<To>::lowest();
    if (d >= kHiExclusive) return std::numeric_limits<To>::max();
    return static_cast<To>(v);
  } else {
    return static_cast<To>(v);
  }
}

/// Makes an output tensor; the error names the node.
Expected<ir::Tensor> NewTensor(const OpKernelContext& ctx, ir::DataType type,
                               std::vector<int64_t> dims);

std::string ShapeString(const std::vector<int64_t>& dims);

/// A tensor of shape `dims` whose element i is element src[i] of `in` (any element type, strings
/// included): the core of the reference layout and indexing kernels.
Expected<ir::Tensor> GatherByIndex(const OpKernelContext& ctx, const ir::Tensor& in,
                                   std::vector<int64_t> dims, const std::vector<int64_t>& src);

/// Every element of a numeric tensor (float16/bfloat16 widened) as double; reference kernels that
/// compute in double start here.
std::vector<double> ToDoubles(const ir::Tensor& t);

/// A tensor of `type` (numeric, float16/bfloat16 included) holding `values` converted.
Expected<ir::Tensor> FromDoubles(const OpKernelContext& ctx, const std::vector<double>& values,
                                 std::vector<int64_t> dims, ir::DataType type);

}  // namespace onnxlens::kernels
