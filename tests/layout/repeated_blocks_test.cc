// Structure without names: runs of identical blocks found in node order and grouped as
// "N × block", the rest left in the root, several runs kept apart, nothing grouped without
// repetition.
#include "layout/repeated_blocks.h"

#include <gtest/gtest.h>

namespace onnxlens::layout {
namespace {

std::vector<std::string> Seq(const std::string& prefix, const std::vector<std::string>& block,
                             int repeats, const std::string& suffix) {
  std::vector<std::string> s;
  for (char c : prefix) s.push_back(std::string(1, c));
  for (int r = 0; r < repeats; ++r) s.insert(s.end(), block.begin(), block.end());
  for (char c : suffix) s.push_back(std::string(1, c));
  return s;
}

TEST(RepeatedBlocks, FindsTheLayersOfAnUnnamedStack) {
  const std::vector<std::string> layer = {"LN", "MatMul", "Add", "Softmax", "MatMul", "Add"};
  const auto s = Seq("xe", layer, 24, "ny");
  const auto runs = FindRepeatedRuns(s);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].start, 2);
  EXPECT_EQ(runs[0].length, 6);
  EXPECT_EQ(runs[0].repeats, 24);
}

TEST(RepeatedBlocks, GroupsThemAsNTimesBlockWithTheRestInTheRoot) {
  const std::vector<std::string> layer = {"Conv", "Relu", "Conv", "Add", "Relu"};
  const auto s = Seq("abc", layer, 24, "z");
  const std::vector<std::string> names(s.size());
  const Hierarchy h = GroupByRepeats(s, names);
  ASSERT_EQ(h.groups[0].groups.size(), 1u);
  const Group& outer = h.groups[h.groups[0].groups[0]];
  EXPECT_EQ(outer.path, "/24 \u00d7 block");
  EXPECT_EQ(outer.total_nodes, 24 * 5);
  ASSERT_EQ(outer.groups.size(), 24u);
  EXPECT_EQ(h.groups[outer.groups[0]].path, "/24 \u00d7 block/block 1");
  EXPECT_EQ(h.groups[outer.groups[0]].nodes, (std::vector<int>{3, 4, 5, 6, 7}));
  EXPECT_EQ(h.groups[outer.groups[23]].path, "/24 \u00d7 block/block 24");
  EXPECT_EQ(h.groups[0].nodes, (std::vector<int>{0, 1, 2, 123}));
  for (size_t n = 0; n < s.size(); ++n) {
    const int g = h.group_of_node[n];
    const auto& members = h.groups[g].nodes;
    EXPECT_NE(std::find(members.begin(), members.end(), static_cast<int>(n)), members.end());
  }
}

TEST(RepeatedBlocks, TwoStacksBecomeTwoRunsAndManyBlocksArePaged) {
  const std::vector<std::string> enc = {"E1", "E2", "E3"}, dec = {"D1", "D2", "D3", "D4"};
  std::vector<std::string> s = Seq("i", enc, 100, "");
  const auto d = Seq("", dec, 6, "o");
  s.insert(s.end(), d.begin(), d.end());
  const auto runs = FindRepeatedRuns(s);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].repeats, 100);
  EXPECT_EQ(runs[0].length, 3);
  EXPECT_EQ(runs[1].repeats, 6);
  EXPECT_EQ(runs[1].length, 4);
  const Hierarchy h = GroupByRepeats(s, std::vector<std::string>(s.size()));
  ASSERT_EQ(h.groups[0].groups.size(), 2u);
  EXPECT_EQ(h.groups[h.groups[0].groups[0]].path, "/100 \u00d7 block");
  EXPECT_EQ(h.groups[h.groups[0].groups[1]].path, "/6 \u00d7 block (2)");
  // 100 blocks are paged by 32 as any long list of groups.
  EXPECT_EQ(h.groups[h.groups[0].groups[0]].groups.size(), 4u);
}

TEST(RepeatedBlocks, NothingRepeatedNothingGrouped) {
  std::vector<std::string> s;
  for (int i = 0; i < 300; ++i) s.push_back("op" + std::to_string(i));
  EXPECT_TRUE(FindRepeatedRuns(s).empty());
  const Hierarchy h = GroupByRepeats(s, std::vector<std::string>(s.size(), "n"));
  // Only the pages of a flat list of 300 nodes.
  for (int g : h.groups[0].groups) EXPECT_EQ(h.groups[g].path.rfind("/[", 0), 0u);
  EXPECT_EQ(h.groups[0].total_nodes, 300);
}

}  // namespace
}  // namespace onnxlens::layout
