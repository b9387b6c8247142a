// Where tensor storage comes from. ir only defines the hook: plain 64-byte aligned allocations by
// default; the runtime installs its caching allocator (runtime/buffer_cache.h) for the tensors its
// kernels make while a session runs — recycling buffers is runtime policy, not IR.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>

namespace onnxlens::ir {

/// What an allocator throws when it refuses a request (a budget would be exceeded); the Tensor
/// factories turn it (and std::bad_alloc) into a Status naming the tensor.
class AllocationRefused : public std::bad_alloc {
 public:
  explicit AllocationRefused(std::string why) : why_(std::move(why)) {}
  const char* what() const noexcept override { return why_.c_str(); }

 private:
  std::string why_;
};

class BufferAllocator {
 public:
  virtual ~BufferAllocator() = default;
  /// `nbytes` (> 0) of 64-byte aligned storage; the deleter returns it to whoever owns it, so the
  /// buffer may outlive the allocator object. Throws AllocationRefused over a budget and
  /// std::bad_alloc when the system has no memory.
  virtual std::shared_ptr<std::byte> Allocate(size_t nbytes) = 0;
  /// Why `nbytes` more would not be allowed now (a budget), or "" when they would: kernels ask it
  /// before making scratch buffers of a size a file decides (index lists, std::vectors).
  virtual std::string Refusal(size_t nbytes) const { return {}; }
};

/// aligned_alloc / free.
BufferAllocator& DefaultBufferAllocator();

/// The allocator new tensors of this thread take their storage from (the default one unless a
/// scope is active).
BufferAllocator& CurrentBufferAllocator();

/// Makes `allocator` the current one of this thread while it lives (scopes nest).
class BufferAllocatorScope {
 public:
  explicit BufferAllocatorScope(BufferAllocator* allocator);
  ~BufferAllocatorScope();
  BufferAllocatorScope(const BufferAllocatorScope&) = delete;
  BufferAllocatorScope& operator=(const BufferAllocatorScope&) = delete;

 private:
  BufferAllocator* previous_;
};

}  // namespace onnxlens::ir
