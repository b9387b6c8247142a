// The parallel executor's scheduler on small step graphs: dependencies respected, independent steps
// overlap, the first error wins and stops the rest, cancellation, the thread budget rule, and idle
// executor and intra-op threads that sleep instead of spinning.
#include "runtime/inter_op_pool.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "process_cpu.h"
#include "runtime/thread_pool.h"

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

TEST(InterOpPoolTest, DiamondRunsEveryStepOnceAfterItsPredecessors) {
  InterOpPool pool(2);
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

TEST(InterOpPoolTest, IndependentBranchesRunAtTheSameTime) {
  InterOpPool pool(2);
  // Steps 1 and 2 each wait (bounded) until the other has started: only overlap lets both see it.
  std::atomic<int> started{0};
  std::atomic<int> saw_both{0};
  std::atomic<uint32_t> threads_used{0};
  const Status st = pool.Run(Diamond(), [&](int step, int thread) {
    threads_used |= 1u << thread;
    if (step == 1 || step == 2) {
      ++started;
      const auto deadline = std::chrono::steady_clock::now() + 5s;
      while (started.load() < 2 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::yield();
      if (started.load() == 2) ++saw_both;
    }
    return Status::Ok();
  });
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(saw_both.load(), 2);
  EXPECT_EQ(threads_used.load(), 3u);  // the caller and the pool's thread
}

TEST(InterOpPoolTest, FirstErrorWinsAndNothingStartsAfterIt) {
  // 0 -> {1, 2}; 1 fails at once; 2 is slow and fails later; 3 and 4 follow 2 and must not run.
  StepGraph g;
  g.Resize(5);
  g.AddEdge(0, 1);
  g.AddEdge(0, 2);
  g.AddEdge(2, 3);
  g.AddEdge(3, 4);
  InterOpPool pool(2);
  std::atomic<bool> ran_after[5] = {};
  const Status st = pool.Run(g, [&](int step, int) -> Status {
    ran_after[step] = true;
    if (step == 1) return InvalidArgument("branch one failed");
    if (step == 2) {
      std::this_thread::sleep_for(20ms);
      return Internal("branch two failed later");
    }
    return Status::Ok();
  });
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.message(), "branch one failed");
  EXPECT_FALSE(ran_after[3].load());
  EXPECT_FALSE(ran_after[4].load());
  // The pool is usable again after an error.
  int count = 0;
  EXPECT_TRUE(pool.Run(Diamond(),
                       [&](int, int) {
                         static std::mutex mu;
                         std::lock_guard<std::mutex> lock(mu);
                         ++count;
                         return Status::Ok();
                       })
                  .ok());
  EXPECT_EQ(count, 4);
}

TEST(InterOpPoolTest, CancelStopsBeforeTheNextStep) {
  StepGraph chain;
  chain.Resize(10);
  for (int i = 0; i + 1 < 10; ++i) chain.AddEdge(i, i + 1);
  InterOpPool pool(2);
  CancelToken cancel;
  std::atomic<int> ran{0};
  const Status st = pool.Run(
      chain,
      [&](int step, int) {
        ++ran;
        if (step == 3) cancel.Cancel();
        return Status::Ok();
      },
      &cancel);
  EXPECT_EQ(st.code(), StatusCode::kCancelled);
  EXPECT_EQ(ran.load(), 4);
}

TEST(InterOpPoolTest, ManyWideRunsBackToBack) {
  // 0 -> 1..30 -> 31, repeated: no lost wake-up, no step run twice.
  StepGraph g;
  g.Resize(32);
  for (int i = 1; i <= 30; ++i) {
    g.AddEdge(0, i);
    g.AddEdge(i, 31);
  }
  InterOpPool pool(3);
  for (int round = 0; round < 300; ++round) {
    std::vector<std::atomic<int>> runs(32);
    ASSERT_TRUE(pool.Run(g,
                         [&](int step, int) {
                           ++runs[static_cast<size_t>(step)];
                           return Status::Ok();
                         })
                    .ok());
    for (auto& r : runs) ASSERT_EQ(r.load(), 1);
  }
}

TEST(InterOpPoolTest, AloneStepsAreTheOnesNothingCanRunBeside) {
  EXPECT_EQ(AloneSteps(Diamond()), (std::vector<bool>{true, false, false, true}));
  StepGraph chain;
  chain.Resize(3);
  chain.AddEdge(0, 1);
  chain.AddEdge(1, 2);
  EXPECT_EQ(AloneSteps(chain), (std::vector<bool>{true, true, true}));
  // 0 -> 1 -> 3 and 0 -> 3 (a residual edge jumps over 1 and 2); 2 is a second source.
  StepGraph g;
  g.Resize(5);
  g.AddEdge(0, 1);
  g.AddEdge(1, 3);
  g.AddEdge(0, 3);
  g.AddEdge(2, 3);
  g.AddEdge(3, 4);
  EXPECT_EQ(AloneSteps(g), (std::vector<bool>{false, false, false, true, true}));
  // A residual block: 0 -> 1 -> 2 -> 3 and 0 -> 3: nothing runs beside 1 or 2.
  StepGraph r;
  r.Resize(4);
  r.AddEdge(0, 1);
  r.AddEdge(1, 2);
  r.AddEdge(2, 3);
  r.AddEdge(0, 3);
  EXPECT_EQ(AloneSteps(r), (std::vector<bool>{true, true, true, true}));
  // A sink before a step: 0 -> {1, 2}, 1 has no successor, 2 -> 3.
  StepGraph h;
  h.Resize(4);
  h.AddEdge(0, 1);
  h.AddEdge(0, 2);
  h.AddEdge(2, 3);
  EXPECT_EQ(AloneSteps(h), (std::vector<bool>{true, false, false, false}));
}

TEST(InterOpPoolTest, PinnedStepsRunOnTheCallingThreadWithNothingBeside) {
  // 0 -> {1, 2, 3, 4} -> 5 with 0, 2 and 5 pinned: 2 (a heavy branch) runs alone too.
  StepGraph g;
  g.Resize(6);
  for (int i = 1; i <= 4; ++i) {
    g.AddEdge(0, i);
    g.AddEdge(i, 5);
  }
  g.pinned = {true, false, true, false, false, true};
  InterOpPool pool(3);
  for (int round = 0; round < 200; ++round) {
    std::atomic<int> wrong{0}, running{0}, done{0};
    ASSERT_TRUE(pool.Run(g,
                         [&](int step, int thread) {
                           const int beside = running++;
                           const bool pinned = g.pinned[static_cast<size_t>(step)];
                           if (pinned && (thread != 0 || beside != 0)) ++wrong;
                           if (step == 1 || step == 3) std::this_thread::yield();
                           if (pinned && running.load() != 1) ++wrong;
                           --running;
                           ++done;
                           return Status::Ok();
                         })
                    .ok());
    EXPECT_EQ(wrong.load(), 0);
    EXPECT_EQ(done.load(), 6);
  }
}

TEST(InterOpPoolTest, LightStepsBetweenPinnedOnesRunBesideEachOther) {
  // pinned 0 -> light {1, 2, 3, 4} -> pinned 5, three times over: the light steps (each ~2 ms)
  // must overlap on the two threads every time.
  StepGraph g;
  g.Resize(16);
  g.pinned.assign(16, false);
  for (int b = 0; b < 3; ++b) {
    const int head = b * 5, tail = b * 5 + 5;
    g.pinned[static_cast<size_t>(head)] = g.pinned[static_cast<size_t>(tail)] = true;
    for (int i = head + 1; i < tail; ++i) {
      g.AddEdge(head, i);
      g.AddEdge(i, tail);
    }
  }
  InterOpPool pool(2);
  std::atomic<int> running{0}, most{0};
  ASSERT_TRUE(pool.Run(g,
                       [&](int step, int) {
                         const int now = ++running;
                         int seen = most.load();
                         while (now > seen && !most.compare_exchange_weak(seen, now)) {
                         }
                         if (!g.pinned[static_cast<size_t>(step)]) std::this_thread::sleep_for(2ms);
                         --running;
                         return Status::Ok();
                       })
                  .ok());
  EXPECT_EQ(most.load(), 2);
}

TEST(InterOpPoolTest, BudgetIsSplitWithoutOversubscribing) {
  EXPECT_EQ(SplitThreadBudget(2, 2), 1);
  EXPECT_EQ(SplitThreadBudget(8, 2), 4);
  EXPECT_EQ(SplitThreadBudget(8, 3), 2);
  EXPECT_EQ(SplitThreadBudget(1, 4), 1);
  EXPECT_EQ(ResolveInterOpThreads(2, 8), 2);
  EXPECT_EQ(ResolveInterOpThreads(4, 2), 2);  // never above the budget
  EXPECT_GE(ResolveInterOpThreads(0, 0), 1);
  for (int budget : {1, 2, 3, 4, 8, 16}) {
    for (int inter : {1, 2, 3, 4}) {
      const int n = ResolveInterOpThreads(inter, budget);
      EXPECT_LE(n * SplitThreadBudget(budget, n), std::max(budget, 1)) << budget << " " << inter;
    }
  }
}

// Idle workers sleep: after a run, an executor and two intra-op pools of 4 threads cost next to no
// CPU (a spinning thread would cost ~the whole 400 ms).
TEST(InterOpPoolTest, IdleThreadsDoNotSpin) {
  // OpenBLAS's own server thread, made when the library loads, yields in a loop for its first
  // ~50 ms of CPU before it sleeps (our GEMMs keep OpenBLAS single-threaded, so it never wakes
  // again): let it settle so that only our threads are measured.
  std::this_thread::sleep_for(300ms);
  InterOpPool inter(3);
  ThreadPool intra_a(4), intra_b(4);
  std::atomic<int64_t> sum{0};
  ASSERT_TRUE(
      inter
          .Run(Diamond(),
               [&](int step, int) {
                 (step % 2 ? intra_a : intra_b).ParallelFor(1000, [&](int64_t b, int64_t e) {
                   sum += e - b;
                 });
                 return Status::Ok();
               })
          .ok());
  EXPECT_EQ(sum.load(), 4000);
  std::this_thread::sleep_for(50ms);  // past the pools' short spin after their last job
  const double c0 = testing::ProcessCpuSeconds();
  std::this_thread::sleep_for(400ms);
  const double idle = testing::ProcessCpuSeconds() - c0;
  EXPECT_LT(idle, 0.04) << "idle threads burned " << idle << " s of CPU in 0.4 s";
}

}  // namespace
}  // namespace onnxlens::runtime
