// The runtime's intra-op thread pool (kernels see it as kernels::ParallelRunner): ParallelFor
// splits [0, n) into chunks run by the workers and the calling thread. A worker that finished a job
// spins briefly (kSpinMicros) for the next one — a model runs many parallel kernels back to back,
// and waking a sleeping thread costs tens of microseconds on a VM — then sleeps on a condition
// variable: an idle pool does not spin. With a profiler attached, every thread that takes part in a
// ParallelFor records one span labelled with the current label (the node being run), so parallel
// kernels show on several tracks.
//
// In OpenMP mode (for sessions with a provider whose library parallelizes with OpenMP, as oneDNN
// here) the pool has no threads of its own: ParallelFor runs an OpenMP team of the same size as the
// library's, so our kernels and the library share one set of threads. Two spinning pools on the
// same cores were measured to cost bert_tiny at 2 threads 11 ms per run instead of 8 (83 ms with
// OMP_WAIT_POLICY=active).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "kernels/parallel.h"

namespace onnxlens::profiling {
class Profiler;
}

namespace onnxlens::runtime {

class ThreadPool final : public kernels::ParallelRunner {
 public:
  /// `threads` is the total parallelism including the caller (1 = run inline; 0 = all cores);
  /// `openmp`: run ParallelFor on an OpenMP team instead of threads of the pool's own.
  explicit ThreadPool(int threads, bool openmp = false);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const override {
    return openmp_threads_ > 0 ? openmp_threads_ : static_cast<int>(workers_.size()) + 1;
  }

  /// Runs fn(begin, end) over chunks covering [0, n); returns when all are done, every worker's
  /// span included (the profiler may be detached and destroyed right after). One caller at a time
  /// (a pool belongs to one session, whose runs are sequential), never from inside fn: asserted.
  void ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) override;

  /// OpenMP mode: lets the calling thread's idle OpenMP workers go (omp_pause_resource_all) instead
  /// of spinning for their next team; the next team makes them again (tens of microseconds). The
  /// parallel executor calls it after a wide step that light steps follow: the workers would spin
  /// on a core the executor threads need. No-op otherwise.
  void ReleaseIdleOpenMpThreads();

  /// Attaches (or with null detaches) a profiler; call between runs, never during a ParallelFor.
  /// Names the worker threads in it: `name` + their number ("pool worker 1", ...).
  void SetProfiler(profiling::Profiler* profiler, const std::string& name = "pool worker ");
  /// The name given to the spans of the following ParallelFor calls (under the pool's lock, which
  /// orders it with the workers' reads).
  void SetLabel(std::shared_ptr<const std::string> label) {
    // One thread runs every ParallelFor inline and records no span: nothing reads the label (the
    // profiler pays this per node).
    if (threads() <= 1) return;
    std::lock_guard<std::mutex> lock(mu_);
    label_ = std::move(label);
  }

 private:
  static constexpr int kSpinMicros = 200;

  void WorkerLoop(int index);
  void OpenMpParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn);
  void RunChunks(std::unique_lock<std::mutex>& lock);

  std::vector<std::thread> workers_;
  std::vector<int64_t> worker_tids_;
  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_, cv_started_;
  const std::function<void(int64_t, int64_t)>* job_ = nullptr;
  int64_t n_ = 0, chunk_ = 0, next_ = 0;
  std::atomic<int64_t> pending_{0};      ///< chunks not finished (written under mu_)
  std::atomic<uint64_t> generation_{0};  ///< bumped under mu_ for every job
  int sleeping_ = 0;                     ///< workers blocked on cv_work_ (under mu_)
  bool stop_ = false;
  int openmp_threads_ = 0;  ///< > 0: OpenMP mode with this team size
  profiling::Profiler* profiler_ = nullptr;
  std::shared_ptr<const std::string> label_;
};

}  // namespace onnxlens::runtime
