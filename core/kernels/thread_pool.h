// A small intra-op thread pool: ParallelFor splits [0, n) into chunks run by the workers and the
// calling thread. Idle workers sleep on a condition variable (they never spin).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace onnxlens::kernels {

class ThreadPool {
 public:
  /// `threads` is the total parallelism including the caller (1 = run inline; 0 = all cores).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  /// Runs fn(begin, end) over chunks covering [0, n); returns when all are done.
  void ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn);

 private:
  void WorkerLoop();

  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_;
  const std::function<void(int64_t, int64_t)>* job_ = nullptr;
  int64_t n_ = 0, chunk_ = 0, next_ = 0, pending_ = 0;
  uint64_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace onnxlens::kernels
