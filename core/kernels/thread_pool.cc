// Thread pool.
#include "kernels/thread_pool.h"

#include <algorithm>

namespace onnxlens::kernels {

ThreadPool::ThreadPool(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_work_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  if (workers_.empty() || n == 1) {
    fn(0, n);
    return;
  }
  std::unique_lock<std::mutex> lock(mu_);
  job_ = &fn;
  n_ = n;
  const int64_t parts = std::min<int64_t>(n, static_cast<int64_t>(threads()) * 4);
  chunk_ = (n + parts - 1) / parts;
  next_ = 0;
  pending_ = (n + chunk_ - 1) / chunk_;
  ++generation_;
  cv_work_.notify_all();
  // The caller works too.
  while (next_ < n_) {
    const int64_t b = next_;
    next_ += chunk_;
    lock.unlock();
    fn(b, std::min(n, b + chunk_));
    lock.lock();
    --pending_;
  }
  cv_done_.wait(lock, [this] { return pending_ == 0; });
  job_ = nullptr;
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    cv_work_.wait(lock, [&] { return stop_ || (generation_ != seen && job_ && next_ < n_); });
    if (stop_) return;
    seen = generation_;
    while (job_ && next_ < n_) {
      const int64_t b = next_;
      next_ += chunk_;
      const auto* fn = job_;
      const int64_t n = n_;
      lock.unlock();
      (*fn)(b, std::min(n, b + chunk_));
      lock.lock();
      if (--pending_ == 0) cv_done_.notify_all();
    }
  }
}

}  // namespace onnxlens::kernels
