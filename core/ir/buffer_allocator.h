// Where tensor storage comes from. ir only defines the hook: plain 64-byte aligned allocations by
// default; the runtime installs its caching allocator (runtime/buffer_cache.h) for the tensors its
// kernels make while a session runs — recycling buffers is runtime policy, not IR.
#pragma once

#include <cstddef>
#include <memory>

namespace onnxlens::ir {

class BufferAllocator {
 public:
  virtual ~BufferAllocator() = default;
  /// `nbytes` (> 0) of 64-byte aligned storage; the deleter returns it to whoever owns it, so the
  /// buffer may outlive the allocator object. Throws std::bad_alloc when the system has none.
  virtual std::shared_ptr<std::byte> Allocate(size_t nbytes) = 0;
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
