// Tensor storage.
#include "ir/tensor.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/strings.h"
#include "ir/buffer_allocator.h"

namespace onnxlens::ir {

namespace {

class AlignedAllocator final : public BufferAllocator {
 public:
  std::shared_ptr<std::byte> Allocate(size_t nbytes) override {
    void* p = std::aligned_alloc(64, nbytes == 0 ? 64 : (nbytes + 63) / 64 * 64);
    if (!p) throw std::bad_alloc();
    return std::shared_ptr<std::byte>(static_cast<std::byte*>(p),
                                      [](std::byte* q) { std::free(q); });
  }
};

thread_local BufferAllocator* current_allocator = nullptr;

std::shared_ptr<std::byte> AllocateAligned(size_t nbytes) {
  return CurrentBufferAllocator().Allocate(nbytes);
}

std::string TensorDimsText(const std::vector<int64_t>& dims) { return "[" + Join(dims, ",") + "]"; }

}  // namespace

BufferAllocator& DefaultBufferAllocator() {
  static AlignedAllocator* allocator = new AlignedAllocator;  // never destroyed: stateless
  return *allocator;
}

BufferAllocator& CurrentBufferAllocator() {
  return current_allocator ? *current_allocator : DefaultBufferAllocator();
}

BufferAllocatorScope::BufferAllocatorScope(BufferAllocator* allocator)
    : previous_(current_allocator) {
  current_allocator = allocator;
}

BufferAllocatorScope::~BufferAllocatorScope() { current_allocator = previous_; }

namespace {

// Storage for a tensor from the current allocator, or an error naming the tensor.
Expected<std::shared_ptr<std::byte>> AllocateFor(DataType type, const std::vector<int64_t>& dims,
                                                 size_t nbytes) {
  try {
    return AllocateAligned(nbytes);
  } catch (const AllocationRefused& e) {
    return OutOfRange("tensor " + std::string(DataTypeName(type)) + TensorDimsText(dims) +
                      " needs " + FormatBytes(nbytes) + ": " + e.what());
  } catch (const std::bad_alloc&) {
    return OutOfRange("tensor " + std::string(DataTypeName(type)) + TensorDimsText(dims) +
                      " needs " + FormatBytes(nbytes) + ", more memory than the system has");
  }
}

}  // namespace

Expected<int64_t> NumElements(const std::vector<int64_t>& dims) {
  // The product of the non-zero dimensions must fit too: kernels compute strides and outer /
  // inner products of a zero-element tensor's shape ([0, 2^40, 2^40] overflowed them).
  int64_t nonzero = 1;
  bool empty = false;
  for (int64_t d : dims) {
    if (d < 0) return InvalidModel("negative dimension in shape " + TensorDimsText(dims));
    if (d == 0) {
      empty = true;
      continue;
    }
    if (__builtin_mul_overflow(nonzero, d, &nonzero)) {
      return OutOfRange("shape " + TensorDimsText(dims) + " has more elements than fit in 64 bits");
    }
  }
  return empty ? 0 : nonzero;
}

Expected<uint64_t> ByteSize(DataType type, int64_t numel) {
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(static_cast<uint64_t>(numel), ElementSize(type), &bytes)) {
    return OutOfRange("tensor of " + std::to_string(numel) + " elements overflows 64-bit size");
  }
  return bytes;
}

Expected<Tensor> Tensor::Empty(DataType type, std::vector<int64_t> dims, uint64_t max_bytes) {
  OL_ASSIGN_OR_RETURN(int64_t numel, NumElements(dims));
  OL_ASSIGN_OR_RETURN(uint64_t bytes, ByteSize(type, numel));
  if (bytes > max_bytes) {
    return OutOfRange("tensor " + std::string(DataTypeName(type)) + TensorDimsText(dims) +
                      " needs " + FormatBytes(bytes) + ", more than the " + FormatBytes(max_bytes) +
                      " allowed");
  }
  Tensor t;
  t.dtype_ = type;
  t.dims_ = std::move(dims);
  t.numel_ = numel;
  t.nbytes_ = static_cast<size_t>(bytes);
  if (type == DataType::kString) {
    t.strings_.resize(static_cast<size_t>(numel));
  } else {
    OL_ASSIGN_OR_RETURN(t.data_, AllocateFor(type, t.dims_, t.nbytes_));
  }
  return t;
}

Expected<Tensor> Tensor::Zeros(DataType type, std::vector<int64_t> dims, uint64_t max_bytes) {
  OL_ASSIGN_OR_RETURN(Tensor t, Empty(type, std::move(dims), max_bytes));
  if (t.data_) std::memset(t.data_.get(), 0, t.nbytes_);
  return t;
}

Expected<Tensor> Tensor::FromRaw(DataType type, std::vector<int64_t> dims, const void* data,
                                 size_t nbytes) {
  if (type == DataType::kString) return InvalidArgument("string tensors have no raw layout");
  OL_ASSIGN_OR_RETURN(int64_t numel, NumElements(dims));
  OL_ASSIGN_OR_RETURN(uint64_t bytes, ByteSize(type, numel));
  if (bytes != nbytes) {
    return InvalidModel("tensor " + std::string(DataTypeName(type)) + TensorDimsText(dims) +
                        " needs " + std::to_string(bytes) + " bytes but " + std::to_string(nbytes) +
                        " were given");
  }
  Tensor t;
  t.dtype_ = type;
  t.dims_ = std::move(dims);
  t.numel_ = numel;
  t.nbytes_ = nbytes;
  OL_ASSIGN_OR_RETURN(t.data_, AllocateFor(type, t.dims_, nbytes));
  if (nbytes) std::memcpy(t.data_.get(), data, nbytes);
  return t;
}

Expected<Tensor> Tensor::Adopt(DataType type, std::vector<int64_t> dims,
                               std::shared_ptr<std::byte> data, size_t nbytes) {
  if (type == DataType::kString) return InvalidArgument("string tensors have no raw layout");
  OL_ASSIGN_OR_RETURN(int64_t numel, NumElements(dims));
  OL_ASSIGN_OR_RETURN(uint64_t bytes, ByteSize(type, numel));
  if (bytes != nbytes || (nbytes && !data)) {
    return InvalidModel("tensor " + std::string(DataTypeName(type)) + TensorDimsText(dims) +
                        " needs " + std::to_string(bytes) + " bytes but " + std::to_string(nbytes) +
                        " were given");
  }
  if (reinterpret_cast<uintptr_t>(data.get()) % 64 != 0) {
    return InvalidArgument("adopted tensor storage is not 64-byte aligned");
  }
  Tensor t;
  t.dtype_ = type;
  t.dims_ = std::move(dims);
  t.numel_ = numel;
  t.nbytes_ = nbytes;
  t.data_ = std::move(data);
  return t;
}

Expected<Tensor> Tensor::FromStrings(std::vector<int64_t> dims, std::vector<std::string> values) {
  OL_ASSIGN_OR_RETURN(int64_t numel, NumElements(dims));
  if (static_cast<uint64_t>(numel) != values.size()) {
    return InvalidModel("string tensor " + TensorDimsText(dims) + " needs " +
                        std::to_string(numel) + " values but has " + std::to_string(values.size()));
  }
  Tensor t;
  t.dtype_ = DataType::kString;
  t.dims_ = std::move(dims);
  t.numel_ = numel;
  t.strings_ = std::move(values);
  return t;
}

Expected<Tensor> Tensor::WithDims(std::vector<int64_t> dims) const {
  OL_ASSIGN_OR_RETURN(int64_t numel, NumElements(dims));
  if (numel != numel_) {
    return InvalidArgument("cannot view " + std::to_string(numel_) + " elements as " +
                           TensorDimsText(dims) + " (" + std::to_string(numel) + " elements)");
  }
  Tensor t = *this;
  t.dims_ = std::move(dims);
  return t;
}

void* Tensor::mutable_raw() {
  if (data_ && data_.use_count() > 1) {
    auto copy = AllocateAligned(nbytes_);
    std::memcpy(copy.get(), data_.get(), nbytes_);
    data_ = std::move(copy);
  }
  return data_.get();
}

namespace {
constexpr uint64_t kFnvOffset = 1469598103934665603ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;
uint64_t Fnv(uint64_t h, const void* p, size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) {
    h ^= b[i];
    h *= kFnvPrime;
  }
  return h;
}
}  // namespace

uint64_t Tensor::ContentHash() const {
  uint64_t h = kFnvOffset;
  const auto t = static_cast<int32_t>(dtype_);
  h = Fnv(h, &t, sizeof(t));
  for (int64_t d : dims_) h = Fnv(h, &d, sizeof(d));
  if (dtype_ == DataType::kString) {
    for (const auto& s : strings_) {
      const uint64_t n = s.size();
      h = Fnv(h, &n, sizeof(n));
      h = Fnv(h, s.data(), s.size());
    }
  } else if (data_) {
    h = Fnv(h, data_.get(), nbytes_);
  }
  return h;
}

bool Tensor::SameContent(const Tensor& o) const {
  if (dtype_ != o.dtype_ || dims_ != o.dims_) return false;
  if (dtype_ == DataType::kString) return strings_ == o.strings_;
  if (nbytes_ != o.nbytes_) return false;
  return nbytes_ == 0 || data_ == o.data_ || std::memcmp(raw(), o.raw(), nbytes_) == 0;
}

Tensor Interned(Tensor t) {
  if (t.dtype() == DataType::kString || t.nbytes() == 0) return t;
  struct Kept {
    std::weak_ptr<std::byte> data;
    DataType type;
    std::vector<int64_t> dims;
    size_t nbytes;
  };
  static std::mutex mu;
  static auto* kept = new std::unordered_multimap<size_t, Kept>;  // never destroyed: weak entries
  static size_t added = 0;
  const std::string_view bytes(static_cast<const char*>(t.raw()), t.nbytes());
  const size_t h = std::hash<std::string_view>()(bytes) ^ (static_cast<size_t>(t.dtype()) << 1);
  std::lock_guard<std::mutex> lock(mu);
  const auto [lo, hi] = kept->equal_range(h);
  for (auto it = lo; it != hi; ++it) {
    const Kept& k = it->second;
    if (k.type != t.dtype() || k.dims != t.dims() || k.nbytes != t.nbytes()) continue;
    std::shared_ptr<std::byte> live = k.data.lock();
    if (!live || std::memcmp(live.get(), t.raw(), t.nbytes()) != 0) continue;
    auto shared = Tensor::Adopt(t.dtype(), t.dims(), std::move(live), t.nbytes());
    if (shared.ok()) return std::move(*shared);
  }
  if (++added % 4096 == 0) {  // drop the entries whose storage is gone
    for (auto it = kept->begin(); it != kept->end();)
      it = it->second.data.expired() ? kept->erase(it) : std::next(it);
  }
  kept->emplace(h, Kept{t.data_, t.dtype(), t.dims(), t.nbytes()});
  return t;
}

}  // namespace onnxlens::ir
