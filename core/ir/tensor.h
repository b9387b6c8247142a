// Tensor: a dense, typed, n-dimensional array with shared, 64-byte aligned storage (copy on write).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "ir/data_type.h"

namespace onnxlens::ir {

/// Number of elements of a shape, or an error when a dim is negative or the product overflows.
Expected<int64_t> NumElements(const std::vector<int64_t>& dims);

/// Bytes for `numel` elements of `type`, or an error on overflow (strings report 0).
Expected<uint64_t> ByteSize(DataType type, int64_t numel);

class Tensor {
 public:
  Tensor() = default;

  /// A zero-filled tensor. Fails when the shape is invalid or needs more than `max_bytes`.
  static Expected<Tensor> Zeros(DataType type, std::vector<int64_t> dims,
                                uint64_t max_bytes = kDefaultMaxBytes);
  /// An uninitialized tensor (contents undefined) for kernel outputs that write every element.
  static Expected<Tensor> Empty(DataType type, std::vector<int64_t> dims,
                                uint64_t max_bytes = kDefaultMaxBytes);
  /// A tensor holding a copy of `nbytes` raw little-endian bytes (must equal the shape's size).
  static Expected<Tensor> FromRaw(DataType type, std::vector<int64_t> dims, const void* data,
                                  size_t nbytes);
  /// A tensor over storage it shares with its owner (a mapped external-data file): `data` holds
  /// `nbytes` (must equal the shape's size) and is 64-byte aligned. Writes copy it first unless
  /// this tensor is its only holder.
  static Expected<Tensor> Adopt(DataType type, std::vector<int64_t> dims,
                                std::shared_ptr<std::byte> data, size_t nbytes);
  /// This tensor's data under another shape of the same element count, without a copy: the
  /// storage is shared (copy on write), as Reshape, Flatten, Squeeze and Unsqueeze need.
  Expected<Tensor> WithDims(std::vector<int64_t> dims) const;
  /// A string tensor.
  static Expected<Tensor> FromStrings(std::vector<int64_t> dims, std::vector<std::string> values);

  template <typename T>
  static Tensor FromVector(DataType type, std::vector<int64_t> dims, const std::vector<T>& v) {
    return FromRaw(type, std::move(dims), v.data(), v.size() * sizeof(T)).value();
  }

  DataType dtype() const { return dtype_; }
  const std::vector<int64_t>& dims() const { return dims_; }
  int64_t numel() const { return numel_; }
  size_t nbytes() const { return nbytes_; }
  bool empty_type() const { return dtype_ == DataType::kUndefined; }

  const void* raw() const { return data_.get(); }
  /// Mutable access; copies the storage first when it is shared with another tensor.
  void* mutable_raw();

  template <typename T>
  const T* data() const {
    return static_cast<const T*>(raw());
  }
  template <typename T>
  T* mutable_data() {
    return static_cast<T*>(mutable_raw());
  }

  const std::vector<std::string>& strings() const { return strings_; }

  /// 64-bit FNV-1a of type, shape and content (for the text form and constant sharing).
  uint64_t ContentHash() const;
  /// True when type, shape and content are equal.
  bool SameContent(const Tensor& other) const;

  /// 16 GiB: an upper bound for a single allocation from a model file, so a corrupt header cannot
  /// ask for terabytes. Real tensors bigger than this are rare; raise it when one appears.
  static constexpr uint64_t kDefaultMaxBytes = uint64_t{16} << 30;

 private:
  DataType dtype_ = DataType::kUndefined;
  std::vector<int64_t> dims_;
  int64_t numel_ = 0;
  size_t nbytes_ = 0;
  std::shared_ptr<std::byte> data_;
  std::vector<std::string> strings_;

  friend Tensor Interned(Tensor t);
};

/// `t`, or a tensor over the storage of a live tensor of the same type, shape and bytes that
/// Interned returned before (anywhere in the process): constants that the passes of several
/// copies of one model make alike (the NCHWc filters of the optimization trace and of a session
/// of the same model, 130 MB each for a 50,000-node CNN) are stored once. The storage is freed
/// with its last holder, and copy on write (mutable_raw) keeps holders apart. Thread-safe.
Tensor Interned(Tensor t);

}  // namespace onnxlens::ir
