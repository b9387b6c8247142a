// The runtime's caching tensor allocator: large buffers are recycled through size classes instead
// of going back to the OS. glibc serves them with mmap, so every run of a model paid page faults
// and zeroing for each big activation (measured: a 256x256 Transpose took 0.3 ms instead of
// 0.05 ms). One per session, installed while its kernels run; buffers may outlive it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/buffer_allocator.h"

namespace onnxlens::runtime {

class BufferCache final : public ir::BufferAllocator {
 public:
  struct Stats {
    uint64_t allocations = 0;     ///< Allocate calls
    uint64_t reused = 0;          ///< served from the cache
    size_t cached_bytes = 0;      ///< held for reuse now
    size_t live_bytes = 0;        ///< handed out and not yet freed
    size_t peak_bytes = 0;        ///< the most live at once
    size_t high_water_bytes = 0;  ///< the most held at once (live + cached): its RSS share
  };

  /// `budget`: the most bytes live at once (0 = no limit), and the most held with the cached
  /// ones (the cache gives buffers back to make room); a request beyond it throws
  /// ir::AllocationRefused, which the tensor factories turn into an error naming the tensor.
  /// `recycle` false: every buffer goes back to the system when freed (SessionOptions::
  /// enable_arena off); the budget and the statistics still apply.
  explicit BufferCache(size_t budget = 0, bool recycle = true);
  ~BufferCache() override;
  BufferCache(const BufferCache&) = delete;
  BufferCache& operator=(const BufferCache&) = delete;

  std::shared_ptr<std::byte> Allocate(size_t nbytes) override;
  std::string Refusal(size_t nbytes) const override;
  Stats stats() const;
  /// Returns every cached buffer to the system (after a run whose buffers a memory plan's arena
  /// now serves, so the two are not held at once).
  void Trim();

  /// Buffers smaller than this are not cached (malloc serves them well).
  static constexpr size_t kMinCached = 64 * 1024;
  /// The most a cache holds for reuse; buffers freed beyond it go back to the system.
  static constexpr size_t kMaxCachedBytes = size_t{512} << 20;

 private:
  struct State;
  static std::string RefusalLocked(const State& state, size_t bytes);
  /// Takes cached buffers of at least `at_least` bytes out of the cache (state_->mu held); the
  /// caller unmaps them after unlocking.
  std::vector<std::pair<void*, size_t>> EvictLocked(size_t at_least);
  std::shared_ptr<State> state_;  ///< shared with the deleters of the buffers handed out
};

}  // namespace onnxlens::runtime
