// ThreadPool: every index of a ParallelFor runs exactly once whatever the size, many small jobs
// back to back and on several pools at once (concurrent sessions each own one), and with a
// profiler the workers' spans are all recorded before ParallelFor returns. Run under the tsan
// preset (label `threads`) these are the pool's race checks.
#include "runtime/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "profiling/profiler.h"

namespace onnxlens::runtime {
namespace {

// Runs one ParallelFor over [0, n) and checks that every index was visited exactly once.
void ExpectEachIndexOnce(ThreadPool& pool, int64_t n) {
  std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
  pool.ParallelFor(n, [&](int64_t b, int64_t e) {
    ASSERT_LE(0, b);
    ASSERT_LT(b, e);
    ASSERT_LE(e, n);
    for (int64_t i = b; i < e; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
  });
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(hits[static_cast<size_t>(i)].load(), 1) << i;
}

TEST(ThreadPoolTest, EveryIndexRunsOnceForOddSizes) {
  for (int threads : {1, 2, 3}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (int64_t n : {0, 1, 2, 3, 13, 127, 1000}) ExpectEachIndexOnce(pool, n);
  }
}

TEST(ThreadPoolTest, ManySmallJobsBackToBack) {
  // Workers are still spinning on the previous job's generation when the next one is posted.
  ThreadPool pool(3);
  for (int k = 0; k < 2000; ++k) ExpectEachIndexOnce(pool, 1 + k % 7);
}

TEST(ThreadPoolTest, SeveralPoolsRunConcurrently) {
  // As several sessions on several threads do: each thread owns a pool and runs small jobs whose
  // results it checks.
  constexpr int kCallers = 3, kJobs = 300;
  std::atomic<int> wrong{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < kCallers; ++c) {
    callers.emplace_back([c, &wrong] {
      ThreadPool pool(2);
      for (int k = 0; k < kJobs; ++k) {
        const int64_t n = 1 + (k + c) % 11;
        std::vector<int64_t> out(static_cast<size_t>(n), 0);
        pool.ParallelFor(n, [&](int64_t b, int64_t e) {
          for (int64_t i = b; i < e; ++i) out[static_cast<size_t>(i)] = i * i + c;
        });
        for (int64_t i = 0; i < n; ++i) {
          if (out[static_cast<size_t>(i)] != i * i + c) wrong.fetch_add(1);
        }
      }
    });
  }
  for (auto& t : callers) t.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ThreadPoolTest, WorkerSpansAreRecordedBeforeParallelForReturns) {
  // A session detaches and destroys its profiler right after its last run: no worker may still be
  // closing its span then. Each round counts the threads that ran a chunk and expects that many
  // spans the moment ParallelFor has returned, then destroys the profiler.
  ThreadPool pool(3);
  for (int round = 0; round < 2000; ++round) {
    auto profiler = std::make_unique<profiling::Profiler>();
    pool.SetProfiler(profiler.get());
    pool.SetLabel(std::make_shared<const std::string>("node_" + std::to_string(round)));
    std::mutex mu;
    std::set<int64_t> ran_on;
    pool.ParallelFor(12, [&](int64_t, int64_t) {
      std::lock_guard<std::mutex> lock(mu);
      ran_on.insert(profiling::Profiler::CurrentThreadId());
    });
    pool.SetProfiler(nullptr);
    size_t spans = 0;
    for (const auto& e : profiler->Events()) {
      if (e.ph != 'X') continue;
      ++spans;
      EXPECT_EQ(e.cat, "Parallel");
      EXPECT_EQ(e.name, "node_" + std::to_string(round));
    }
    ASSERT_EQ(spans, ran_on.size()) << "round " << round;
    profiler.reset();
  }
}

}  // namespace
}  // namespace onnxlens::runtime
