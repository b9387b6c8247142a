// What a kernel may use to split work over the intra-op threads. The runtime owns the threads
// (runtime/thread_pool.h) and hands kernels this interface, so kernels never depend on the runtime.
#pragma once

#include <cstdint>
#include <functional>

namespace onnxlens::kernels {

class ParallelRunner {
 public:
  virtual ~ParallelRunner() = default;
  /// Total parallelism including the calling thread (1 = everything runs inline).
  virtual int threads() const = 0;
  /// Runs fn(begin, end) over chunks covering [0, n); returns when all are done.
  virtual void ParallelFor(int64_t n, const std::function<void(int64_t, int64_t)>& fn) = 0;
};

}  // namespace onnxlens::kernels
