// Helpers every kernel family uses: type dispatch, float16 widening, broadcasting, axis handling,
// reading shape-like int64 tensors.
#pragma once

#include <cstdint>
#include <string>
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

/// Reads a 1-D (or scalar) int32/int64 tensor as int64 values.
Expected<std::vector<int64_t>> ReadInts(const OpKernelContext& ctx, const ir::Tensor& t,
                                        const char* what);

/// Reads a scalar of any numeric type as double.
Expected<double> ReadScalar(const OpKernelContext& ctx, const ir::Tensor& t, const char* what);

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
