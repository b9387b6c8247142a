// What every oneDNN kernel shares: the CPU engine, the thread budget (oneDNN's OpenMP team sized
// to the session's intra-op count), plain memory descriptors over our tensors, reorders, the
// fused-activation post-ops and a bounded per-kernel primitive cache.
#pragma once

#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kernels/fused_activation.h"
#include "kernels/kernel.h"
#include "oneapi/dnnl/dnnl.hpp"

namespace onnxlens::kernels::dnnl_ep {

constexpr const char* kDnnlProvider = "dnnl";

/// Below this many multiply-adds a 1-D convolution is left to the next provider (creation-time
/// check when the graph knows the shapes, else a run-time decline): oneDNN's reorders and dispatch
/// cost more than the work. silero_vad: its 258-channel depthwise one (31k MACs) took 75 us on
/// dnnl and 5 us on the cpu kernel, its 1x1 ones (6k-100k MACs) 7-16 us against 1-4 us; its
/// 1.6M-MAC STFT convolution is 2x faster on dnnl.
inline constexpr int64_t kSmallConv1dMacs = int64_t{1} << 18;
/// Below this many multiply-adds a 1-D or 2-D QLinearConv, or a QLinearMatMul, whose shapes the
/// graph knows is left to the cpu provider's exact integer GEMM (conv_int8_bench, 1 thread: an
/// 8-channel 3x3 one on an 8x8 image, 37k MACs, ran in 9-14 us there against 14-20 us on oneDNN
/// with AMX and tied under ONNXLENS_MAX_ISA=avx2; a 1x1 one of 200k MACs tied, a 3x3 one of 1.8M
/// was 1.7x faster on oneDNN; a generated transformer's 4k-MAC QLinearMatMuls, 1,464 per 12,000
/// nodes, ran the model in 16-25 ms against 24-34 ms on oneDNN). Each oneDNN int8 primitive also
/// compiles jit code of its own (its output scales make it unique): 40-80 KB per node, a gigabyte
/// for a 50,000-node quantized network of them.
inline constexpr int64_t kSmallInt8Macs = int64_t{1} << 16;

/// The process's oneDNN CPU engine (made once, never destroyed).
/// Gives oneDNN the ONNXLENS_MAX_ISA / --max-isa cap (common/cpu_isa.h), once, before its first
/// primitive; Engine() and Int8PairsExact() call it.
void ApplyIsaCap();
const dnnl::engine& Engine();

/// Sizes oneDNN's OpenMP team for the calling thread to `threads` (the session's intra-op count,
/// KernelInfo::threads), so our pool, OpenBLAS (single-threaded, split over the pool) and oneDNN
/// together use one budget of cores: the executor runs one kernel at a time, so the pool's workers
/// are idle while a oneDNN primitive runs. Call it before making a primitive too: oneDNN fixes a
/// primitive's thread count when it is made (its `omp parallel num_threads` then overrides the
/// team size). Returns a stream for the calling thread.
dnnl::stream& PrepareThreads(int threads);

/// Row-major strides of `dims` (in elements; a 0 dimension counts as 1).
dnnl::memory::dims RowMajorStrides(const std::vector<int64_t>& dims);
/// The plain (row-major) descriptor of float32 `dims`: nchw for 4-D, abc... in general.
dnnl::memory::desc PlainDesc(const std::vector<int64_t>& dims);
/// The NCHWc descriptor (nChw8c / nChw16c) of float32 4-D `dims` whose channels are a multiple
/// of `block` (ir/nchwc.h).
dnnl::memory::desc BlockedDesc(const std::vector<int64_t>& dims, int64_t block);
/// A memory object over `t`'s data (read only by the primitive when it is an input).
dnnl::memory Wrap(const dnnl::memory::desc& md, const ir::Tensor& t);
dnnl::memory Wrap(const dnnl::memory::desc& md, ir::Tensor& t);

/// A float32 scratch tensor of at least `bytes` from the session's allocator (so steady-state runs
/// reuse storage), to hold a blocked copy of an activation.
Expected<ir::Tensor> Scratch(const OpKernelContext& ctx, size_t bytes);

/// `attr` with the scratchpad passed at each run (dnnl::scratchpad_mode::user). Debian's oneDNN is
/// built for concurrent execution: in its default mode every primitive allocates a scratchpad of
/// its own when it is made and keeps it (12 KB for a 3x3 convolution of 8 channels: 164 MB of a
/// session of a 50,000-node CNN's 14,000 convolutions, in every session of it). Every primitive
/// the dnnl kernels make takes it; Execute supplies the scratchpad.
dnnl::primitive_attr UserScratchpad(dnnl::primitive_attr attr = dnnl::primitive_attr());

/// Runs `prim` (made with UserScratchpad) on `args` on `s` and waits; the scratchpad it asks for
/// comes from the session's allocator for this call only (so concurrent nodes never share one,
/// and steady-state runs reuse the storage). `args` gains DNNL_ARG_SCRATCHPAD when it needs one.
/// oneDNN errors are thrown as dnnl::error, as by execute().
Status Execute(const OpKernelContext& ctx, dnnl::stream& s, const dnnl::primitive& prim,
               std::unordered_map<int, dnnl::memory>& args);

/// Runs one reorder src -> dst on `s` (and waits).
void Reorder(dnnl::stream& s, dnnl::memory& src, dnnl::memory& dst);

/// Appends `act` as eltwise post-ops (HardSigmoid is linear then clip: oneDNN 2.6 has no
/// hardsigmoid). False for an activation oneDNN cannot express.
bool AppendActivation(const FusedActivation& act, dnnl::post_ops* ops);

/// "oneDNN: <what>" for a dnnl::error, to decline a case (the next provider runs it).
std::string DnnlWhat(const dnnl::error& e);

/// A small least-recently-used map from a shape key to a prepared primitive: a model fed many
/// input shapes keeps at most `kCapacity` per kernel (ONNX Runtime's oneDNN provider grows
/// without bound, issue #5796). Thread-safe; entries are shared so a caller keeps its entry alive
/// while it runs even if another shape evicts it.
template <typename Entry>
class PrimitiveCache {
 public:
  static constexpr size_t kCapacity = 16;
  using Key = std::vector<int64_t>;

  /// The entry of `key`, made by `make()` (an Expected<std::shared_ptr<Entry>>) when missing.
  template <typename Make>
  auto GetOrMake(const Key& key, Make make) -> decltype(make()) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->first == key) {
          entries_.splice(entries_.begin(), entries_, it);
          return entries_.front().second;
        }
      }
    }
    auto made = make();  // outside the lock: creating a primitive takes milliseconds
    if (!made.ok()) return made;
    std::lock_guard<std::mutex> lock(mu_);
    entries_.emplace_front(key, *made);
    while (entries_.size() > kCapacity) entries_.pop_back();
    return made;
  }
  size_t size() const {
    std::lock_guard<std::mutex> lock(mu_);
    return entries_.size();
  }
  /// Calls fn(entry) for every cached entry (under the lock): to share prepared weights.
  template <typename Fn>
  void ForEach(Fn fn) const {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& e : entries_) fn(*e.second);
  }

 private:
  mutable std::mutex mu_;
  std::list<std::pair<Key, std::shared_ptr<Entry>>> entries_;
};

/// Primitives shared by every kernel of the process that asks for the same configuration: the
/// repeated blocks of a 50,000-node network make a few dozen convolutions thousands of times, and
/// each primitive with its descriptors weighs kilobytes (oneDNN's own primitive cache shares only
/// the generated code). Shared primitives take UserScratchpad, so kernels may run one at once on
/// several threads. An entry lives while a kernel holds it. Thread-safe.
template <typename T>
class SharedPrimitives {
 public:
  using Key = std::vector<int64_t>;

  /// The live entry of `key`, else the one `make()` (an Expected<std::shared_ptr<const T>>)
  /// makes; a failure is not kept.
  template <typename Make>
  auto GetOrMake(const Key& key, Make make) -> decltype(make()) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = entries_.find(key);
      if (it != entries_.end()) {
        if (std::shared_ptr<const T> live = it->second.lock()) return live;
      }
    }
    auto made = make();  // outside the lock: creating a primitive takes milliseconds
    if (!made.ok()) return made;
    std::lock_guard<std::mutex> lock(mu_);
    std::weak_ptr<const T>& slot = entries_[key];
    if (std::shared_ptr<const T> live = slot.lock()) return live;  // another thread made it
    slot = *made;
    if (++made_since_sweep_ >= kSweepEvery) {  // drop the entries no kernel holds
      made_since_sweep_ = 0;
      for (auto e = entries_.begin(); e != entries_.end();)
        e = e->second.expired() ? entries_.erase(e) : std::next(e);
    }
    return made;
  }

 private:
  static constexpr int kSweepEvery = 1024;
  std::mutex mu_;
  std::map<Key, std::weak_ptr<const T>> entries_;
  int made_since_sweep_ = 0;
};

/// The constant weights `w` (laid out as `user`) in the layout `e.pd` wants, set on `e.weights`:
/// `w`'s own bytes when the primitive wants them as they are (the NCHWc filters the layout level
/// wrote), else shared with an entry of `cache` that already holds them in that layout (a model
/// fed several shapes keeps one copy per layout), else reordered once. `w` is the kernel's own
/// constant (it outlives the entry). Entries have `pd` and `weights`.
template <typename Entry>
void PrepareConstantWeights(const PrimitiveCache<Entry>& cache, Entry& e,
                            const dnnl::memory::desc& user, const ir::Tensor& w, dnnl::stream& s) {
  if (e.pd.weights_desc() == user && w.nbytes() >= user.get_size()) {
    e.weights = Wrap(user, w);  // read only by the primitive
    return;
  }
  cache.ForEach([&](const Entry& other) {
    if (!e.weights && other.weights && other.pd.weights_desc() == e.pd.weights_desc())
      e.weights = other.weights;
  });
  if (e.weights) return;
  e.weights = dnnl::memory(e.pd.weights_desc(), Engine());
  dnnl::memory src = Wrap(user, w);
  Reorder(s, src, e.weights);
}

}  // namespace onnxlens::kernels::dnnl_ep
