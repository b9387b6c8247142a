// One dot run and its memo: the same input again is served without a run and gives the very
// layout dot made; a changed box or edge is laid out anew.
#include "layout/dot_layout.h"

#include <gtest/gtest.h>

namespace onnxlens::layout {
namespace {

FlatGraph DiamondOfWidth(double w) {
  FlatGraph g;
  g.boxes = {{w, 30}, {w, 30}, {w, 30}, {w, 30}};
  g.edges = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  return g;
}

void ExpectSameLayout(const FlatLayout& a, const FlatLayout& b) {
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  ASSERT_EQ(a.centers.size(), b.centers.size());
  for (size_t i = 0; i < a.centers.size(); ++i) {
    EXPECT_EQ(a.centers[i].x, b.centers[i].x);
    EXPECT_EQ(a.centers[i].y, b.centers[i].y);
  }
  ASSERT_EQ(a.splines.size(), b.splines.size());
  for (size_t e = 0; e < a.splines.size(); ++e) {
    ASSERT_EQ(a.splines[e].size(), b.splines[e].size());
    for (size_t k = 0; k < a.splines[e].size(); ++k) {
      EXPECT_EQ(a.splines[e][k].x, b.splines[e][k].x);
      EXPECT_EQ(a.splines[e][k].y, b.splines[e][k].y);
    }
  }
}

TEST(DotMemo, TheSameInputIsServedWithoutARunAndMatchesDot) {
  // A width no other test uses, so that the first call is a real run.
  const FlatGraph g = DiamondOfWidth(123.25);
  const DotStats before = GetDotStats();
  auto first = RunDot(g);
  ASSERT_TRUE(first.ok()) << first.status().message();
  const DotStats after_first = GetDotStats();
  EXPECT_EQ(after_first.runs, before.runs + 1);
  EXPECT_EQ(after_first.hits, before.hits);
  auto again = RunDot(g);
  ASSERT_TRUE(again.ok());
  const DotStats after_again = GetDotStats();
  EXPECT_EQ(after_again.runs, after_first.runs);
  EXPECT_EQ(after_again.hits, after_first.hits + 1);
  ExpectSameLayout(*again, *first);
  // The memo gives what dot itself gives.
  auto fresh = RunDotUncached(g);
  ASSERT_TRUE(fresh.ok());
  ExpectSameLayout(*again, *fresh);
}

TEST(DotMemo, AChangedBoxOrEdgeIsLaidOutAnew) {
  const FlatGraph g = DiamondOfWidth(77.5);
  ASSERT_TRUE(RunDot(g).ok());
  FlatGraph wider = g;
  wider.boxes[3].width = 300;
  FlatGraph rewired = g;
  rewired.edges[3] = {1, 2};
  FlatGraph sideways = g;
  sideways.left_to_right = true;
  for (const FlatGraph* changed : {&wider, &rewired, &sideways}) {
    const DotStats before = GetDotStats();
    auto l = RunDot(*changed);
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(GetDotStats().runs, before.runs + 1);
    ExpectSameLayout(*l, *RunDotUncached(*changed));
  }
}

TEST(DotMemo, ErrorsAreNotRemembered) {
  const FlatGraph bad{{{1, 1}}, {{0, 5}}};
  EXPECT_FALSE(RunDot(bad).ok());
  EXPECT_FALSE(RunDot(bad).ok());
}

}  // namespace
}  // namespace onnxlens::layout
