// Kernel helpers.
#include "kernels/tensor_util.h"

#include "ir/buffer_allocator.h"

#include "common/strings.h"
#include "ir/buffer_allocator.h"
#include "kernels/float16.h"

namespace onnxlens::kernels {

bool IsHalfType(ir::DataType t) {
  return t == ir::DataType::kFloat16 || t == ir::DataType::kBFloat16;
}

ir::Tensor ToFloat(const ir::Tensor& t) {
  if (!IsHalfType(t.dtype())) return t;
  ir::Tensor out = ir::Tensor::Empty(ir::DataType::kFloat, t.dims()).value();
  const auto* src = t.data<uint16_t>();
  float* dst = out.mutable_data<float>();
  const bool bf = t.dtype() == ir::DataType::kBFloat16;
  for (int64_t i = 0; i < t.numel(); ++i)
    dst[i] = bf ? BFloat16ToFloat(src[i]) : HalfToFloat(src[i]);
  return out;
}

ir::Tensor FromFloat(const ir::Tensor& t, ir::DataType type) {
  ir::Tensor out = ir::Tensor::Empty(type, t.dims()).value();
  const float* src = t.data<float>();
  auto* dst = out.mutable_data<uint16_t>();
  const bool bf = type == ir::DataType::kBFloat16;
  for (int64_t i = 0; i < t.numel(); ++i)
    dst[i] = bf ? FloatToBFloat16(src[i]) : FloatToHalf(src[i]);
  return out;
}

std::string ShapeString(const std::vector<int64_t>& dims) { return "[" + Join(dims, ",") + "]"; }

std::vector<double> ToDoubles(const ir::Tensor& t) {
  const ir::Tensor f = ToFloat(t);
  std::vector<double> v(static_cast<size_t>(f.numel()));
  Status st = VisitNumeric(f.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (int64_t i = 0; i < f.numel(); ++i) v[i] = static_cast<double>(f.data<T>()[i]);
    return Status::Ok();
  });
  (void)st;  // strings give an empty-valued vector; callers check types first
  return v;
}

Expected<ir::Tensor> FromDoubles(const OpKernelContext& ctx, const std::vector<double>& values,
                                 std::vector<int64_t> dims, ir::DataType type) {
  OL_ASSIGN_OR_RETURN(ir::Tensor t, NewTensor(ctx, type, std::move(dims)));
  if (IsHalfType(type)) {
    // Straight into the 16-bit output: a float32 copy first (FromFloat) was a second buffer whose
    // refusal by the memory budget it could not report.
    const bool bf = type == ir::DataType::kBFloat16;
    auto* dst = t.mutable_data<uint16_t>();
    for (size_t i = 0; i < values.size(); ++i) {
      const float f = SaturatingCast<float>(values[i]);
      dst[i] = bf ? FloatToBFloat16(f) : FloatToHalf(f);
    }
    return t;
  }
  OL_RETURN_IF_ERROR(VisitNumeric(type, [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    for (size_t i = 0; i < values.size(); ++i)
      t.mutable_data<T>()[i] = SaturatingCast<T>(values[i]);
    return Status::Ok();
  }));
  return t;
}

Expected<std::vector<int64_t>> BroadcastShapes(const std::vector<int64_t>& a,
                                               const std::vector<int64_t>& b) {
  const size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da == db || db == 1) {
      out[i] = da;
    } else if (da == 1) {
      out[i] = db;
    } else {
      return InvalidArgument("shapes " + ShapeString(a) + " and " + ShapeString(b) +
                             " cannot be broadcast");
    }
  }
  return out;
}

std::vector<int64_t> Strides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size());
  int64_t acc = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    s[i] = acc;
    acc *= dims[i];
  }
  return s;
}

std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& in,
                                      const std::vector<int64_t>& out) {
  std::vector<int64_t> s(out.size(), 0);
  const std::vector<int64_t> own = Strides(in);
  const size_t off = out.size() - in.size();
  for (size_t i = 0; i < in.size(); ++i) s[off + i] = in[i] == 1 ? 0 : own[i];
  return s;
}

Status CheckScratch(const OpKernelContext& ctx, uint64_t bytes, std::string_view what) {
  const std::string why = bytes > SIZE_MAX ? std::string("more than this machine can address")
                                           : ir::CurrentBufferAllocator().Refusal(bytes);
  if (why.empty()) return Status::Ok();
  return ctx.Error(std::string(what) + " needs " + FormatBytes(bytes) + ": " + why);
}

Expected<std::vector<int64_t>> StridedOffsets(const OpKernelContext& ctx,
                                              const std::vector<int64_t>& dims,
                                              const std::vector<int64_t>& strides) {
  auto total = ir::NumElements(dims);
  if (!total.ok()) return ctx.Error(total.status().message());
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(static_cast<uint64_t>(*total), sizeof(int64_t), &bytes))
    bytes = UINT64_MAX;
  OL_RETURN_IF_ERROR(
      CheckScratch(ctx, bytes, "the index list of " + std::to_string(*total) + " elements"));
  std::vector<int64_t> out(static_cast<size_t>(*total));
  ForEachBroadcast(dims, {strides},
                   [&](int64_t o, const std::vector<int64_t>& off, int64_t n,
                       const std::vector<int64_t>& inner) {
                     for (int64_t i = 0; i < n; ++i) out[o + i] = off[0] + i * inner[0];
                   });
  return out;
}

Expected<int64_t> NormalizeAxis(const OpKernelContext& ctx, int64_t axis, int64_t rank) {
  const int64_t lo = -std::max<int64_t>(rank, 1), hi = std::max<int64_t>(rank, 1) - 1;
  if (axis < lo || axis > hi) {
    return ctx.Error("axis " + std::to_string(axis) + " is out of range for rank " +
                     std::to_string(rank));
  }
  return axis < 0 ? axis + rank : axis;
}

Expected<int64_t> NormalizeDimAxis(const OpKernelContext& ctx, int64_t axis, int64_t rank) {
  if (rank == 0) return ctx.Error("axis " + std::to_string(axis) + " of a scalar (rank 0)");
  return NormalizeAxis(ctx, axis, rank);
}

Expected<std::vector<int64_t>> ReadInts(const OpKernelContext& ctx, const ir::Tensor& t,
                                        const char* what) {
  std::vector<int64_t> out(static_cast<size_t>(t.numel()));
  if (t.dtype() == ir::DataType::kInt64) {
    for (int64_t i = 0; i < t.numel(); ++i) out[i] = t.data<int64_t>()[i];
  } else if (t.dtype() == ir::DataType::kInt32) {
    for (int64_t i = 0; i < t.numel(); ++i) out[i] = t.data<int32_t>()[i];
  } else {
    return ctx.Error(std::string(what) + " must be int32 or int64, got " +
                     std::string(ir::DataTypeName(t.dtype())));
  }
  return out;
}

Expected<double> ReadScalar(const OpKernelContext& ctx, const ir::Tensor& t, const char* what) {
  if (t.numel() < 1) return ctx.Error(std::string(what) + " is empty");
  const ir::Tensor f = ToFloat(t);
  double v = 0;
  Status st = VisitNumeric(f.dtype(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    v = static_cast<double>(f.data<T>()[0]);
    return Status::Ok();
  });
  if (!st.ok()) return ctx.Error(std::string(what) + ": " + st.message());
  return v;
}

Status CheckCount(const OpKernelContext& ctx, const ir::Tensor& t, int64_t expected,
                  std::string_view what, std::string_view per) {
  if (t.numel() == expected) return Status::Ok();
  return ctx.Error(std::string(what) + " has " + std::to_string(t.numel()) + " values for " +
                   std::to_string(expected) + " " + std::string(per));
}

Status CheckType(const OpKernelContext& ctx, const ir::Tensor& t, ir::DataType type,
                 std::string_view what) {
  if (t.dtype() == type) return Status::Ok();
  return ctx.Error(std::string(what) + " is " + std::string(ir::DataTypeName(t.dtype())) +
                   ", expected " + std::string(ir::DataTypeName(type)));
}

Status CheckShape(const OpKernelContext& ctx, const ir::Tensor& t,
                  const std::vector<int64_t>& expected, std::string_view what) {
  if (t.dims() == expected) return Status::Ok();
  return ctx.Error(std::string(what) + " has shape " + ShapeString(t.dims()) + ", expected " +
                   ShapeString(expected));
}

Status CheckMinRank(const OpKernelContext& ctx, const ir::Tensor& t, size_t rank,
                    std::string_view what) {
  if (t.dims().size() >= rank) return Status::Ok();
  return ctx.Error(std::string(what) + " has shape " + ShapeString(t.dims()) +
                   ", needs rank >= " + std::to_string(rank));
}

Status CheckPositive(const OpKernelContext& ctx, const std::vector<int64_t>& values,
                     std::string_view what) {
  for (int64_t v : values) {
    if (v <= 0) {
      return ctx.Error(std::string(what) + " must be positive, got " + ShapeString(values));
    }
  }
  return Status::Ok();
}

Expected<int64_t> WrapIndex(const OpKernelContext& ctx, int64_t index, int64_t size,
                            std::string_view what, int64_t axis) {
  if (index >= -size && index < size) return index < 0 ? index + size : index;
  return ctx.Error(std::string(what) + " " + std::to_string(index) + " is out of range for axis " +
                   std::to_string(axis) + " of size " + std::to_string(size));
}

Status CheckLengths(const OpKernelContext& ctx, const std::vector<int64_t>& lens, int64_t count,
                    int64_t limit, std::string_view what) {
  if (static_cast<int64_t>(lens.size()) != count) {
    return ctx.Error(std::string(what) + " has " + std::to_string(lens.size()) +
                     " values for a batch of " + std::to_string(count));
  }
  for (size_t i = 0; i < lens.size(); ++i) {
    if (lens[i] < 0 || lens[i] > limit) {
      return ctx.Error(
          std::string(what) + "[" + std::to_string(i) + "] is " + std::to_string(lens[i]) +
          (lens[i] < 0 ? ", negative" : ", beyond the sequence length " + std::to_string(limit)));
    }
  }
  return Status::Ok();
}

Status CheckPermutation(const OpKernelContext& ctx, const std::vector<int64_t>& perm, size_t rank) {
  std::vector<bool> seen(rank, false);
  bool ok = perm.size() == rank;
  for (size_t i = 0; ok && i < perm.size(); ++i) {
    ok = perm[i] >= 0 && perm[i] < static_cast<int64_t>(rank) && !seen[perm[i]];
    if (ok) seen[perm[i]] = true;
  }
  if (ok) return Status::Ok();
  return ctx.Error("perm " + ShapeString(perm) + " is not a permutation of " +
                   std::to_string(rank) + " axes");
}

Expected<int64_t> CheckedNumel(const OpKernelContext& ctx, const std::vector<int64_t>& dims,
                               std::string_view what) {
  auto n = ir::NumElements(dims);
  if (!n.ok()) return ctx.Error(std::string(what) + ": " + n.status().message());
  return *n;
}

Expected<int64_t> CheckOutputSize(const OpKernelContext& ctx, const std::vector<int64_t>& dims,
                                  std::string_view what) {
  OL_ASSIGN_OR_RETURN(const int64_t n, CheckedNumel(ctx, dims, what));
  if (!WorkspaceFits(n)) {
    return ctx.Error(std::string(what) + " " + ShapeString(dims) + " has " + std::to_string(n) +
                     " elements, more than the " + FormatBytes(ir::Tensor::kDefaultMaxBytes) +
                     " a tensor may take");
  }
  return n;
}

bool WorkspaceFits(int64_t elements) {
  constexpr uint64_t kPerElement = 8;
  return elements >= 0 &&
         static_cast<uint64_t>(elements) <= ir::Tensor::kDefaultMaxBytes / kPerElement;
}

Status CheckWorkspace(const OpKernelContext& ctx, int64_t elements, std::string_view what) {
  if (WorkspaceFits(elements)) return Status::Ok();
  return ctx.Error(std::string(what) + " needs " + std::to_string(elements) +
                   " entries, more than the " + FormatBytes(ir::Tensor::kDefaultMaxBytes) +
                   " a tensor may take");
}

Expected<ir::Tensor> NewTensor(const OpKernelContext& ctx, ir::DataType type,
                               std::vector<int64_t> dims) {
  auto t = ir::Tensor::Empty(type, std::move(dims));
  if (!t.ok()) return t.status().WithContext("node " + ctx.node().Describe());
  return t;
}

Expected<ir::Tensor> GatherByIndex(const OpKernelContext& ctx, const ir::Tensor& in,
                                   std::vector<int64_t> dims, const std::vector<int64_t>& src) {
  if (in.dtype() == ir::DataType::kString) {
    std::vector<std::string> v(src.size());
    for (size_t i = 0; i < src.size(); ++i) v[i] = in.strings()[src[i]];
    return ir::Tensor::FromStrings(std::move(dims), std::move(v));
  }
  OL_ASSIGN_OR_RETURN(ir::Tensor out, NewTensor(ctx, in.dtype(), std::move(dims)));
  const size_t es = ElementSize(in.dtype());
  const auto* p = static_cast<const char*>(in.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  switch (es) {
    case 1:
      for (size_t i = 0; i < src.size(); ++i) o[i] = p[src[i]];
      break;
    case 2:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint16_t*>(o)[i] = reinterpret_cast<const uint16_t*>(p)[src[i]];
      break;
    case 4:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint32_t*>(o)[i] = reinterpret_cast<const uint32_t*>(p)[src[i]];
      break;
    case 8:
      for (size_t i = 0; i < src.size(); ++i)
        reinterpret_cast<uint64_t*>(o)[i] = reinterpret_cast<const uint64_t*>(p)[src[i]];
      break;
    default:
      for (size_t i = 0; i < src.size(); ++i) std::memcpy(o + i * es, p + src[i] * es, es);
  }
  return out;
}

}  // namespace onnxlens::kernels
