// The memory planner: no two buffers alive at one step share a byte, the peak is at most the naive
// sum, in-place pairs share an offset, and small cases land where greedy-by-size puts them.
#include "runtime/memory/planner.h"

#include <gtest/gtest.h>

#include <random>

#include "runtime/memory/plan_check.h"

namespace onnxlens::runtime::memory {
namespace {

PlannedBuffer Buf(uint64_t size, int first, int last, int in_place_of = -1) {
  PlannedBuffer b;
  b.size = size;
  b.first_step = first;
  b.last_step = last;
  b.in_place_of = in_place_of;
  return b;
}

TEST(PlannerTest, AChainReusesTwoSlots) {
  // a -> b -> c -> d, each read only by the next step: two buffers at a time.
  MemoryPlan plan;
  plan.buffers = {Buf(1024, 0, 1), Buf(1024, 1, 2), Buf(1024, 2, 3), Buf(1024, 3, 4)};
  AssignOffsets(&plan);
  EXPECT_EQ(plan.planned_peak, 2048u);
  EXPECT_EQ(plan.naive_sum, 4096u);
  EXPECT_EQ(plan.buffers[0].offset, plan.buffers[2].offset);
  EXPECT_EQ(plan.buffers[1].offset, plan.buffers[3].offset);
  EXPECT_NE(plan.buffers[0].offset, plan.buffers[1].offset);
  ExpectValidPlan(plan);
}

TEST(PlannerTest, LargestFirstThenBestFittingGap) {
  // A big buffer alive throughout; the late small one takes the gap an early one left.
  MemoryPlan plan;
  plan.buffers = {Buf(256, 0, 1), Buf(4096, 0, 3), Buf(256, 2, 3), Buf(512, 0, 0)};
  AssignOffsets(&plan);
  EXPECT_EQ(plan.buffers[1].offset, 0u);                      // the largest goes first, at 0
  EXPECT_EQ(plan.buffers[2].offset, plan.buffers[3].offset);  // where the 512 bytes were
  EXPECT_EQ(plan.planned_peak, 4096u + 512 + 256);
  EXPECT_EQ(plan.peak_step, 0);
  EXPECT_EQ(plan.peak_live, 4096u + 512 + 256);
  ExpectValidPlan(plan);
}

TEST(PlannerTest, InPlaceOutputTakesItsInputsOffset) {
  MemoryPlan plan;
  // x (0..1) -> Relu at step 1 writes y over x (x's last use) -> y read at step 2.
  plan.buffers = {Buf(4096, 0, 1), Buf(4096, 1, 2, 0), Buf(4096, 0, 2)};
  AssignOffsets(&plan);
  EXPECT_EQ(plan.in_place, 1);
  EXPECT_EQ(plan.buffers[1].in_place_of, 0);
  EXPECT_EQ(plan.buffers[1].offset, plan.buffers[0].offset);
  EXPECT_EQ(plan.planned_peak, 8192u);
  ExpectValidPlan(plan);
}

TEST(PlannerTest, NoInPlaceWhenTheInputLivesOn) {
  MemoryPlan plan;
  // x is read again at step 2: y may not overwrite it at step 1.
  plan.buffers = {Buf(4096, 0, 2), Buf(4096, 1, 2, 0)};
  AssignOffsets(&plan);
  EXPECT_EQ(plan.in_place, 0);
  EXPECT_EQ(plan.buffers[1].in_place_of, -1);
  EXPECT_NE(plan.buffers[1].offset, plan.buffers[0].offset);
  EXPECT_EQ(plan.planned_peak, 8192u);
  ExpectValidPlan(plan);
}

TEST(PlannerTest, NoInPlaceBetweenDifferentSizes) {
  MemoryPlan plan;
  plan.buffers = {Buf(4096, 0, 1), Buf(8192, 1, 2, 0)};
  AssignOffsets(&plan);
  EXPECT_EQ(plan.in_place, 0);
  ExpectValidPlan(plan);
}

TEST(PlannerTest, RandomLifetimesNeverOverlapAndPeakIsAtMostTheSum) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 200; ++trial) {
    MemoryPlan plan;
    const int n = 1 + static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) {
      const int first = static_cast<int>(rng() % 40);
      const int last = first + static_cast<int>(rng() % 8);
      const uint64_t size = 64 * (1 + rng() % 100);
      int src = -1;
      // Sometimes an in-place candidate: an earlier buffer of the same size ending here.
      for (int j = 0; j < i && rng() % 3 == 0; ++j) {
        if (plan.buffers[static_cast<size_t>(j)].last_step == first) {
          src = j;
          break;
        }
      }
      PlannedBuffer b = Buf(size, first, last, src);
      if (src >= 0) b.size = plan.buffers[static_cast<size_t>(src)].size;
      plan.buffers.push_back(b);
    }
    AssignOffsets(&plan);
    EXPECT_LE(plan.planned_peak, plan.naive_sum);
    EXPECT_LE(plan.peak_live, plan.planned_peak);
    ExpectValidPlan(plan);
    if (HasFailure()) return;
  }
}

TEST(PlannerTest, BuffersAliveAtListsTheLargestFirst) {
  MemoryPlan plan;
  plan.buffers = {Buf(256, 0, 1), Buf(4096, 0, 3), Buf(1024, 1, 1), Buf(512, 2, 3)};
  AssignOffsets(&plan);
  EXPECT_EQ(BuffersAliveAt(plan, 1), (std::vector<int>{1, 2, 0}));
}

}  // namespace
}  // namespace onnxlens::runtime::memory
