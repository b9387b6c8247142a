// The parallel executor's per-region choice (runtime/region_choice.h) with fake timings: which
// sections are regions, the alternation of the timing runs, warm-ups not counted, medians decide.
#include "runtime/region_choice.h"

#include <gtest/gtest.h>

namespace onnxlens::runtime {
namespace {

TEST(RegionChoiceTest, RegionsAreSectionsWithTwoLightSteps) {
  // alone: 0 | 1 2 3 | 4 | 5 6 | 7; step 2 pinned (heavy), step 6 pinned.
  const std::vector<bool> alone = {true, false, false, false, true, false, false, true};
  const std::vector<bool> pinned = {true, false, true, false, true, false, true, true};
  const std::vector<WideRegion> r = FindWideRegions(alone, pinned);
  ASSERT_EQ(r.size(), 1u);  // 5 6 holds one light step only
  EXPECT_EQ(r[0].first, 1);
  EXPECT_EQ(r[0].last, 4);
  // No pins: every section of two or more steps; a chain has none.
  EXPECT_EQ(FindWideRegions(alone, {}).size(), 2u);
  EXPECT_TRUE(FindWideRegions({true, true, true}, {}).empty());
  // A section at the end of the graph counts.
  const std::vector<WideRegion> tail = FindWideRegions({true, false, false}, {});
  ASSERT_EQ(tail.size(), 1u);
  EXPECT_EQ(tail[0].first, 1);
  EXPECT_EQ(tail[0].last, 3);
}

TEST(RegionChoiceTest, AlternatesAndKeepsTheFasterWayPerRegion) {
  RegionChooser c(3, /*samples=*/3, /*warmup=*/1);
  EXPECT_EQ(c.calibration_runs(), 8);
  EXPECT_FALSE(c.decided());
  // Region 0 is faster side by side, region 1 one after another, region 2 ties (one after
  // another: side by side must be faster). Warm-ups are slow and must not count.
  const std::vector<double> side = {100, 300, 50}, serial = {150, 200, 50};
  for (int run = 0; run < c.calibration_runs(); ++run) {
    ASSERT_FALSE(c.decided()) << run;
    const bool side_run = c.NextMode() == RegionMode::kSideBySide;
    EXPECT_EQ(side_run, run % 2 == 0) << run;
    std::vector<double> t = side_run ? side : serial;
    if (run < 2)
      for (double& x : t) x *= 10;  // first run of each way: primitives being made
    c.Record(t);
  }
  ASSERT_TRUE(c.decided());
  ASSERT_EQ(c.modes().size(), 3u);
  EXPECT_EQ(c.modes()[0], RegionMode::kSideBySide);
  EXPECT_EQ(c.modes()[1], RegionMode::kOneAfterAnother);
  EXPECT_EQ(c.modes()[2], RegionMode::kOneAfterAnother);
  EXPECT_EQ(c.side_by_side(), 1);
  EXPECT_DOUBLE_EQ(c.median_side_by_side()[0], 100);
  EXPECT_DOUBLE_EQ(c.median_one_after_another()[1], 200);
  // Decided is final: later runs change nothing.
  c.Record({1000, 1, 1});
  EXPECT_EQ(c.modes()[0], RegionMode::kSideBySide);
}

TEST(RegionChoiceTest, OneOutlierDoesNotDecide) {
  RegionChooser c(1, /*samples=*/3, /*warmup=*/0);
  // Side by side: 100, 900 (a disturbance), 110; one after another: 120, 125, 130.
  const std::vector<double> times = {100, 120, 900, 125, 110, 130};
  for (double t : times) c.Record({t});
  ASSERT_TRUE(c.decided());
  EXPECT_EQ(c.modes()[0], RegionMode::kSideBySide);
  EXPECT_DOUBLE_EQ(c.median_side_by_side()[0], 110);
  EXPECT_DOUBLE_EQ(c.median_one_after_another()[0], 125);
}

TEST(RegionChoiceTest, NoRegionsIsDecidedAtOnce) {
  RegionChooser c(0);
  EXPECT_TRUE(c.decided());
  EXPECT_EQ(c.side_by_side(), 0);
}

TEST(RegionChoiceTest, AMalformedRecordIsIgnored) {
  RegionChooser c(2, /*samples=*/1, /*warmup=*/0);
  c.Record({1});  // wrong size: ignored, the next run is still side by side
  EXPECT_EQ(c.NextMode(), RegionMode::kSideBySide);
  c.Record({5, 5});
  EXPECT_FALSE(c.decided());
  c.Record({1, 9});
  ASSERT_TRUE(c.decided());
  EXPECT_EQ(c.modes()[0], RegionMode::kOneAfterAnother);
  EXPECT_EQ(c.modes()[1], RegionMode::kSideBySide);
}

}  // namespace
}  // namespace onnxlens::runtime
