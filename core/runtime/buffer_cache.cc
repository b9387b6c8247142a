// BufferCache: size classes of four per power of two, a free list per class, a byte budget.
#include "runtime/buffer_cache.h"

#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

namespace onnxlens::runtime {

struct BufferCache::State {
  std::mutex mu;
  std::unordered_map<size_t, std::vector<void*>> free;
  Stats stats;

  ~State() {
    for (auto& [cls, list] : free) {
      for (void* p : list) std::free(p);
    }
  }
};

namespace {

size_t ClassSize(size_t n) {
  if (n < BufferCache::kMinCached) return 0;
  size_t p = BufferCache::kMinCached;
  while (p * 2 <= n) p *= 2;
  const size_t step = p / 4;
  return (n + step - 1) / step * step;
}

}  // namespace

BufferCache::BufferCache() : state_(std::make_shared<State>()) {}
BufferCache::~BufferCache() = default;

std::shared_ptr<std::byte> BufferCache::Allocate(size_t nbytes) {
  const size_t cls = ClassSize(nbytes);
  if (cls == 0) return ir::DefaultBufferAllocator().Allocate(nbytes);
  void* p = nullptr;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    ++state_->stats.allocations;
    auto& list = state_->free[cls];
    if (!list.empty()) {
      p = list.back();
      list.pop_back();
      state_->stats.cached_bytes -= cls;
      ++state_->stats.reused;
    }
  }
  if (!p) {
    p = std::aligned_alloc(64, cls);
    if (!p) throw std::bad_alloc();
  }
  // The deleter keeps the state alive: a session's outputs outlive the session.
  std::shared_ptr<State> state = state_;
  return std::shared_ptr<std::byte>(static_cast<std::byte*>(p), [state, cls](std::byte* q) {
    {
      std::lock_guard<std::mutex> lock(state->mu);
      if (state->stats.cached_bytes + cls <= kMaxCachedBytes) {
        state->free[cls].push_back(q);
        state->stats.cached_bytes += cls;
        return;
      }
    }
    std::free(q);
  });
}

BufferCache::Stats BufferCache::stats() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return state_->stats;
}

}  // namespace onnxlens::runtime
