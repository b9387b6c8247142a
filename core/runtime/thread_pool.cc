// Thread pool.
#include "runtime/thread_pool.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define OL_CPU_RELAX() _mm_pause()
#else
#define OL_CPU_RELAX() std::this_thread::yield()
#endif

#include <omp.h>

#include "profiling/profiler.h"

namespace onnxlens::runtime {

namespace {

// Spins until done() or `micros` have passed; true when done() became true.
template <typename Done>
bool SpinFor(int micros, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(micros);
  for (int i = 0;; ++i) {
    if (done()) return true;
    OL_CPU_RELAX();
    if ((i & 63) == 63 && std::chrono::steady_clock::now() > deadline) return done();
  }
}

}  // namespace

ThreadPool::ThreadPool(int threads, bool openmp) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (openmp) {
    openmp_threads_ = threads;
    return;
  }
  worker_tids_.assign(static_cast<size_t>(threads - 1), 0);
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { WorkerLoop(i); });
  // Wait until every worker has published its thread id (for the profiler's track names).
  std::unique_lock<std::mutex> lock(mu_);
  cv_started_.wait(lock, [this] {
    return std::all_of(worker_tids_.begin(), worker_tids_.end(), [](int64_t t) { return t != 0; });
  });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_work_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::SetProfiler(profiling::Profiler* profiler, const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  profiler_ = profiler;
  if (!profiler) return;
  for (size_t i = 0; i < worker_tids_.size(); ++i)
    profiler->NameThread(worker_tids_[i], name + std::to_string(i + 1));
}

// Takes chunks until none are left; called with `lock` held, returns with it held. The thread's
// span is recorded before its chunks count as done: once ParallelFor returns, no worker touches
// the profiler or the label again (the session may detach and destroy the profiler right after).
void ThreadPool::RunChunks(std::unique_lock<std::mutex>& lock) {
  profiling::Profiler* prof = profiler_;
  const double start = prof && next_ < n_ ? prof->NowUs() : 0;
  int64_t done = 0;
  while (job_ && next_ < n_) {
    const int64_t b = next_;
    next_ += chunk_;
    const auto* fn = job_;
    const int64_t n = n_;
    lock.unlock();
    (*fn)(b, std::min(n, b + chunk_));
    ++done;
    lock.lock();
  }
  if (done == 0) return;
  if (prof) {
    const std::shared_ptr<const std::string> label = label_;
    lock.unlock();
    prof->AddComplete(label ? *label : std::string("parallel"), "Parallel", start, prof->NowUs());
    lock.lock();
  }
  if ((pending_ -= done) == 0) cv_done_.notify_all();
}

void ThreadPool::OpenMpParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) {
  profiling::Profiler* prof;
  std::shared_ptr<const std::string> label;
  {
    std::lock_guard<std::mutex> lock(mu_);
    prof = profiler_;
    label = label_;
  }
  const int threads = openmp_threads_;
  const int64_t parts = std::min<int64_t>(n, static_cast<int64_t>(threads) * 4);
  const int64_t chunk = (n + parts - 1) / parts;
  std::atomic<int64_t> next{0};
#pragma omp parallel num_threads(threads)
  {
    const double start = prof ? prof->NowUs() : 0;
    int64_t done = 0;
    for (int64_t b = next.fetch_add(chunk); b < n; b = next.fetch_add(chunk), ++done)
      fn(b, std::min(n, b + chunk));
    if (prof && done > 0) {
      const int64_t tid = profiling::Profiler::CurrentThreadId();
      if (omp_get_thread_num() > 0)
        prof->NameThreadIfUnnamed(tid, "openmp worker " + std::to_string(omp_get_thread_num()));
      prof->AddComplete(label ? *label : std::string("parallel"), "Parallel", start, prof->NowUs());
    }
  }
}

void ThreadPool::ReleaseIdleOpenMpThreads() {
  if (openmp_threads_ > 1) omp_pause_resource_all(omp_pause_soft);
}

void ThreadPool::ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  if (openmp_threads_ > 1 && n > 1) {
    OpenMpParallelFor(n, fn);
    return;
  }
  if (workers_.empty() || n == 1) {
    fn(0, n);
    return;
  }
  std::unique_lock<std::mutex> lock(mu_);
  assert(!job_ && "ParallelFor is not re-entrant: one caller at a time, never from inside fn");
  job_ = &fn;
  n_ = n;
  const int64_t parts = std::min<int64_t>(n, static_cast<int64_t>(threads()) * 4);
  chunk_ = (n + parts - 1) / parts;
  next_ = 0;
  pending_ = (n + chunk_ - 1) / chunk_;
  generation_.fetch_add(1, std::memory_order_release);
  if (sleeping_ > 0) cv_work_.notify_all();
  RunChunks(lock);  // the caller works too
  if (pending_.load() != 0) {
    // The last chunks are running on workers: usually done within microseconds.
    lock.unlock();
    SpinFor(kSpinMicros, [this] { return pending_.load(std::memory_order_acquire) == 0; });
    lock.lock();
    cv_done_.wait(lock, [this] { return pending_.load() == 0; });
  }
  job_ = nullptr;
}

void ThreadPool::WorkerLoop(int index) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mu_);
  worker_tids_[static_cast<size_t>(index - 1)] = profiling::Profiler::CurrentThreadId();
  cv_started_.notify_all();
  while (true) {
    if (!stop_ && generation_.load() == seen) {
      lock.unlock();
      SpinFor(kSpinMicros, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      lock.lock();
      ++sleeping_;
      cv_work_.wait(lock, [&] { return stop_ || generation_.load() != seen; });
      --sleeping_;
    }
    if (stop_) return;
    seen = generation_.load();
    RunChunks(lock);
  }
}

}  // namespace onnxlens::runtime
