// InterOpPool in OpenMP mode (the parallel executor of dnnl sessions at one intra-op thread per
// executor thread): dependencies respected, ready light steps overlap on the OpenMP team, pinned
// steps and a lone light step run on the caller alone, the first error wins, cancellation. In
// dnnl_tests, not the `threads` label: libgomp is not built for TSan.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/inter_op_pool.h"

namespace onnxlens::runtime {
namespace {

using namespace std::chrono_literals;

StepGraph Diamond() {  // 0 -> {1, 2} -> 3
  StepGraph g;
  g.Resize(4);
  g.AddEdge(0, 1);
  g.AddEdge(0, 2);
  g.AddEdge(1, 3);
  g.AddEdge(2, 3);
  return g;
}

TEST(InterOpPoolOpenMpTest, DiamondRunsEveryStepOnceAfterItsPredecessors) {
  InterOpPool pool(2, /*openmp=*/true);
  ASSERT_TRUE(pool.openmp());
  EXPECT_EQ(pool.threads(), 2);
  EXPECT_TRUE(pool.worker_tids().empty());
  for (int round = 0; round < 200; ++round) {
    std::mutex mu;
    std::vector<int> order;
    const Status st = pool.Run(Diamond(), [&](int step, int thread) {
      EXPECT_GE(thread, 0);
      EXPECT_LT(thread, 2);
      std::lock_guard<std::mutex> lock(mu);
      order.push_back(step);
      return Status::Ok();
    });
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_EQ(order.size(), 4u);
    EXPECT_EQ(order.front(), 0);
    EXPECT_EQ(order.back(), 3);
  }
}

TEST(InterOpPoolOpenMpTest, ReadyLightStepsOverlapOnTheTeam) {
  InterOpPool pool(2, /*openmp=*/true);
  for (int round = 0; round < 20; ++round) {
    // Steps 1 and 2 each wait (bounded) until the other has started: only overlap lets both see it.
    std::atomic<int> started{0}, saw_both{0};
    std::atomic<uint32_t> threads_used{0};
    const Status st = pool.Run(Diamond(), [&](int step, int thread) {
      threads_used |= 1u << thread;
      if (step == 1 || step == 2) {
        ++started;
        const auto deadline = std::chrono::steady_clock::now() + 5s;
        while (started.load() < 2 && std::chrono::steady_clock::now() < deadline)
          std::this_thread::yield();
        if (started.load() == 2) ++saw_both;
      } else if (step == 0) {
        EXPECT_EQ(thread, 0) << "a lone ready light step runs on the caller, no team opened";
      }
      return Status::Ok();
    });
    ASSERT_TRUE(st.ok());
    EXPECT_EQ(saw_both.load(), 2);
    EXPECT_EQ(threads_used.load(), 3u);  // the caller and the team's other thread
  }
}

TEST(InterOpPoolOpenMpTest, PinnedStepsRunOnTheCallerWithNothingBeside) {
  // 0 -> {1, 2, 3, 4} -> 5 with 2 and 4 pinned: they run on thread 0, never beside another step.
  StepGraph g;
  g.Resize(6);
  for (int s = 1; s <= 4; ++s) {
    g.AddEdge(0, s);
    g.AddEdge(s, 5);
  }
  g.pinned = {false, false, true, false, true, false};
  InterOpPool pool(2, /*openmp=*/true);
  for (int round = 0; round < 50; ++round) {
    std::atomic<int> running{0};
    std::atomic<int> ran{0};
    const Status st = pool.Run(g, [&](int step, int thread) {
      const int beside = running.fetch_add(1);
      if (g.pinned[static_cast<size_t>(step)]) {
        EXPECT_EQ(thread, 0);
        EXPECT_EQ(beside, 0) << "pinned step " << step << " started beside another";
        std::this_thread::sleep_for(200us);
        EXPECT_EQ(running.load(), 1) << "a step started beside pinned step " << step;
      }
      running.fetch_sub(1);
      ++ran;
      return Status::Ok();
    });
    ASSERT_TRUE(st.ok());
    EXPECT_EQ(ran.load(), 6);
  }
}

TEST(InterOpPoolOpenMpTest, FirstErrorWinsAndItsSuccessorsDoNotRun) {
  // 0 -> {1, 2} -> 3: step 1 fails; 3 must not run.
  InterOpPool pool(2, /*openmp=*/true);
  std::atomic<bool> ran3{false};
  const Status st = pool.Run(Diamond(), [&](int step, int) {
    if (step == 1) return Internal("step 1 failed");
    if (step == 3) ran3 = true;
    return Status::Ok();
  });
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(st.message(), "step 1 failed");
  EXPECT_FALSE(ran3.load());
  // The pool runs the next job normally.
  std::atomic<int> ran{0};
  EXPECT_TRUE(pool.Run(Diamond(),
                       [&](int, int) {
                         ++ran;
                         return Status::Ok();
                       })
                  .ok());
  EXPECT_EQ(ran.load(), 4);
}

TEST(InterOpPoolOpenMpTest, CancelledRunEndsWithCancelled) {
  InterOpPool pool(2, /*openmp=*/true);
  CancelToken cancel;
  std::atomic<int> ran{0};
  const Status st = pool.Run(
      Diamond(),
      [&](int, int) {
        ++ran;
        cancel.Cancel();
        return Status::Ok();
      },
      &cancel);
  EXPECT_EQ(st.code(), StatusCode::kCancelled);
  EXPECT_EQ(ran.load(), 1);
}

}  // namespace
}  // namespace onnxlens::runtime
