// ThreadPool in OpenMP mode (sessions with the dnnl provider): every index of a ParallelFor runs
// exactly once, back-to-back jobs, and the profiler gets every participating thread's span before
// ParallelFor returns. In dnnl_tests, not the `threads` label: libgomp is not built for TSan.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "profiling/profiler.h"
#include "runtime/thread_pool.h"

namespace onnxlens::runtime {
namespace {

void ExpectEachIndexOnce(ThreadPool& pool, int64_t n) {
  std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
  pool.ParallelFor(n, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
  });
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(hits[static_cast<size_t>(i)].load(), 1) << i;
}

TEST(ThreadPoolOpenMpTest, EveryIndexRunsOnceForOddSizes) {
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads, /*openmp=*/true);
    EXPECT_EQ(pool.threads(), threads);
    for (int64_t n : {0, 1, 2, 3, 13, 127, 1000}) ExpectEachIndexOnce(pool, n);
  }
}

TEST(ThreadPoolOpenMpTest, ManySmallJobsBackToBack) {
  ThreadPool pool(2, /*openmp=*/true);
  for (int k = 0; k < 2000; ++k) ExpectEachIndexOnce(pool, 1 + k % 7);
}

// The parallel executor lets a wide team's idle workers go between a wide step and light ones; the
// next team is made again and still covers every index.
TEST(ThreadPoolOpenMpTest, ReleasedWorkersComeBackForTheNextTeam) {
  ThreadPool pool(2, /*openmp=*/true);
  for (int k = 0; k < 200; ++k) {
    ExpectEachIndexOnce(pool, 1000);
    pool.ReleaseIdleOpenMpThreads();
  }
}

TEST(ThreadPoolOpenMpTest, SpansOfEveryThreadAreRecordedUnderTheLabel) {
  profiling::Profiler profiler;
  ThreadPool pool(2, /*openmp=*/true);
  pool.SetProfiler(&profiler);
  pool.SetLabel(std::make_shared<const std::string>("node_a"));
  std::atomic<int> work{0};
  pool.ParallelFor(64, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) work.fetch_add(1);
  });
  pool.SetProfiler(nullptr);
  EXPECT_EQ(work.load(), 64);
  int spans = 0;
  for (const auto& e : profiler.Events()) {
    if (e.cat != "Parallel") continue;
    EXPECT_EQ(e.name, "node_a");
    ++spans;
  }
  EXPECT_GE(spans, 1);
  EXPECT_LE(spans, 2);
}

}  // namespace
}  // namespace onnxlens::runtime
