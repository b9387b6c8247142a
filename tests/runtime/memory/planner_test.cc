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

// The planner's first form, pairwise (quadratic in the buffers): the oracle the lifetime index
// must agree with offset for offset.
std::vector<uint64_t> PairwiseOffsets(MemoryPlan plan) {
  auto& buffers = plan.buffers;
  struct G {
    uint64_t size, offset;
    int first, last;
    size_t tail;
  };
  std::vector<int> group_of(buffers.size(), -1);
  std::vector<G> groups;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const PlannedBuffer& b = buffers[i];
    const int src = b.in_place_of;
    if (src >= 0 && static_cast<size_t>(src) < i && buffers[src].size == b.size &&
        buffers[src].last_step == b.first_step) {
      G& g = groups[static_cast<size_t>(group_of[static_cast<size_t>(src)])];
      if (g.last == b.first_step && g.tail == static_cast<size_t>(src)) {
        g.tail = i;
        group_of[i] = group_of[static_cast<size_t>(src)];
        g.last = std::max(g.last, b.last_step);
        continue;
      }
    }
    group_of[i] = static_cast<int>(groups.size());
    groups.push_back({b.size, 0, b.first_step, b.last_step, i});
  }
  std::vector<size_t> order(groups.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return groups[a].size > groups[b].size; });
  std::vector<size_t> placed;
  for (size_t gi : order) {
    G& g = groups[gi];
    std::vector<const G*> alive;
    for (size_t p : placed) {
      if (groups[p].first <= g.last && g.first <= groups[p].last) alive.push_back(&groups[p]);
    }
    std::stable_sort(alive.begin(), alive.end(),
                     [](const G* a, const G* b) { return a->offset < b->offset; });
    uint64_t best = UINT64_MAX, best_gap = UINT64_MAX, cursor = 0;
    for (const G* a : alive) {
      if (a->offset >= cursor && a->offset - cursor >= g.size && a->offset - cursor < best_gap) {
        best = cursor;
        best_gap = a->offset - cursor;
      }
      cursor = std::max(cursor, a->offset + a->size);
    }
    g.offset = best != UINT64_MAX ? best : cursor;
    placed.push_back(gi);
  }
  std::vector<uint64_t> offsets;
  for (size_t i = 0; i < buffers.size(); ++i)
    offsets.push_back(groups[static_cast<size_t>(group_of[i])].offset);
  return offsets;
}

TEST(PlannerTest, MatchesThePairwiseScanOfEveryPlacedBuffer) {
  std::mt19937 rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    MemoryPlan plan;
    const int n = 1 + static_cast<int>(rng() % 120);
    const int span = 1 + static_cast<int>(rng() % 80);
    for (int i = 0; i < n; ++i) {
      const int first = static_cast<int>(rng() % static_cast<unsigned>(span));
      // Mostly short lifetimes, some alive to the end (skip connections, outputs of a branch).
      const int last =
          rng() % 6 == 0 ? span + static_cast<int>(rng() % 5) : first + static_cast<int>(rng() % 4);
      int src = -1;
      for (int j = i - 1; j >= 0 && rng() % 2 == 0; --j) {
        if (plan.buffers[static_cast<size_t>(j)].last_step == first) {
          src = j;
          break;
        }
      }
      PlannedBuffer b = Buf(64 * (1 + rng() % 40), first, last, src);
      if (src >= 0) b.size = plan.buffers[static_cast<size_t>(src)].size;
      plan.buffers.push_back(b);
    }
    const std::vector<uint64_t> expected = PairwiseOffsets(plan);
    AssignOffsets(&plan);
    for (size_t i = 0; i < plan.buffers.size(); ++i)
      ASSERT_EQ(plan.buffers[i].offset, expected[i]) << "trial " << trial << ", buffer " << i;
    ExpectValidPlan(plan);
  }
}

TEST(PlannerTest, ALongChainPlansIntoTwoSlots) {
  // 50,000 steps of the chain benchmark: each buffer read by the next step only.
  MemoryPlan plan;
  for (int i = 0; i < 50000; ++i) plan.buffers.push_back(Buf(64, i, i + 1));
  AssignOffsets(&plan);
  EXPECT_EQ(plan.planned_peak, 128u);
  EXPECT_EQ(plan.peak_live, 128u);
  EXPECT_EQ(plan.naive_sum, 64u * 50000);
}

TEST(PlannerTest, BuffersAliveAtListsTheLargestFirst) {
  MemoryPlan plan;
  plan.buffers = {Buf(256, 0, 1), Buf(4096, 0, 3), Buf(1024, 1, 1), Buf(512, 2, 3)};
  AssignOffsets(&plan);
  EXPECT_EQ(BuffersAliveAt(plan, 1), (std::vector<int>{1, 2, 0}));
}

}  // namespace
}  // namespace onnxlens::runtime::memory
