// BufferCache: size classes of four per power of two, a free list per class, a byte budget.
#include "runtime/buffer_cache.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <new>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/strings.h"

namespace onnxlens::runtime {

namespace {

// Buffers of a size class come straight from the kernel (mmap) and go back to it (munmap): glibc
// raises its mmap threshold after such frees and then serves the next large buffers from its
// heap, which it rarely returns, so a process that freed them kept them resident (measured:
// ppocr_det at 259 MiB peak RSS with the arena off, 48 MiB planned).
void* MapBytes(size_t n) {
  void* p = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void Release(void* p, size_t cls, size_t bytes) {
  if (cls)
    munmap(p, bytes);
  else
    std::free(p);
}

}  // namespace

struct BufferCache::State {
  std::mutex mu;
  std::unordered_map<size_t, std::vector<void*>> free;
  Stats stats;
  size_t budget = 0;
  bool recycle = true;

  ~State() {
    for (auto& [cls, list] : free) {
      for (void* p : list) munmap(p, cls);
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

std::string BufferCache::RefusalLocked(const State& state, size_t bytes) {
  if (!state.budget || state.stats.live_bytes + bytes <= state.budget) return {};
  return "the session's memory budget of " + FormatBytes(state.budget) + " would be exceeded (" +
         FormatBytes(state.stats.live_bytes) + " in use); raise it with --max-memory";
}

std::string BufferCache::Refusal(size_t nbytes) const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return RefusalLocked(*state_, nbytes);
}

BufferCache::BufferCache(size_t budget, bool recycle) : state_(std::make_shared<State>()) {
  state_->budget = budget;
  state_->recycle = recycle;
}
BufferCache::~BufferCache() = default;

std::vector<std::pair<void*, size_t>> BufferCache::EvictLocked(size_t at_least) {
  std::vector<std::pair<void*, size_t>> out;
  size_t freed = 0;
  for (auto& [cls, list] : state_->free) {
    while (!list.empty() && freed < at_least) {
      out.emplace_back(list.back(), cls);
      list.pop_back();
      freed += cls;
      state_->stats.cached_bytes -= cls;
    }
    if (freed >= at_least) break;
  }
  return out;
}

std::shared_ptr<std::byte> BufferCache::Allocate(size_t nbytes) {
  const size_t cls = ClassSize(nbytes);
  const size_t bytes = cls ? cls : (nbytes + 63) / 64 * 64;
  void* p = nullptr;
  std::vector<std::pair<void*, size_t>> evicted;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    Stats& st = state_->stats;
    if (state_->budget && st.live_bytes + bytes > state_->budget) {
      throw ir::AllocationRefused("the session's memory budget of " + FormatBytes(state_->budget) +
                                  " would be exceeded (" + FormatBytes(st.live_bytes) +
                                  " in use); raise it with --max-memory");
    }
    ++st.allocations;
    st.live_bytes += bytes;
    st.peak_bytes = std::max(st.peak_bytes, st.live_bytes);
    if (cls && state_->recycle) {
      auto& list = state_->free[cls];
      if (!list.empty()) {
        p = list.back();
        list.pop_back();
        st.cached_bytes -= cls;
        ++st.reused;
      }
    }
    // Cached buffers are resident too: with a budget, live + cached stays within it, the
    // cache giving back what a new buffer needs (a Loop's scan output growing 1, 2, 4 ... MiB
    // kept every smaller buffer it had outgrown: 288 MiB resident under a 256 MiB budget).
    if (!p && state_->budget && st.live_bytes + st.cached_bytes > state_->budget)
      evicted = EvictLocked(st.live_bytes + st.cached_bytes - state_->budget);
    st.high_water_bytes = std::max(st.high_water_bytes, st.live_bytes + st.cached_bytes);
  }
  for (const auto& [q, n] : evicted) munmap(q, n);
  if (!p) p = cls ? MapBytes(bytes) : std::aligned_alloc(64, bytes == 0 ? 64 : bytes);
  if (!p) {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->stats.live_bytes -= bytes;
    throw std::bad_alloc();
  }
  // The deleter keeps the state alive: a session's outputs outlive the session.
  std::shared_ptr<State> state = state_;
  return std::shared_ptr<std::byte>(static_cast<std::byte*>(p), [state, cls, bytes](std::byte* q) {
    {
      std::lock_guard<std::mutex> lock(state->mu);
      state->stats.live_bytes -= bytes;
      const size_t held = state->stats.live_bytes + state->stats.cached_bytes + cls;
      if (cls && state->recycle && state->stats.cached_bytes + cls <= kMaxCachedBytes &&
          (!state->budget || held <= state->budget)) {
        state->free[cls].push_back(q);
        state->stats.cached_bytes += cls;
        return;
      }
    }
    Release(q, cls, bytes);
  });
}

void BufferCache::Trim() {
  std::unordered_map<size_t, std::vector<void*>> free;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    free.swap(state_->free);
    state_->stats.cached_bytes = 0;
  }
  for (auto& [cls, list] : free) {
    for (void* p : list) munmap(p, cls);
  }
}

BufferCache::Stats BufferCache::stats() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return state_->stats;
}

}  // namespace onnxlens::runtime
