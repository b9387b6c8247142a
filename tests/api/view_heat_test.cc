// The heat of a graph view: each drawn node's share by its trace label, the hottest node, and each
// group's hottest member (a group's share leads into it while it is closed).
#include "api/view_heat.h"

#include <gtest/gtest.h>

namespace onnxlens::api {
namespace {

TEST(ViewHeat, NodesGetTheirSharesAndGroupsTheirHottestMember) {
  SnapshotGraph graph;
  graph.nodes.resize(3);
  graph.nodes[0].name = "/a/Conv";
  graph.nodes[1].name = "/a/Relu";
  graph.nodes[2].op_type = "MatMul";  // no name: traces call it "<op>_<id>"
  graph.nodes[2].id = 7;
  GraphViewModel model;
  model.items.resize(4);
  model.items[0].kind = ViewItemKind::kInput;
  model.items[0].index = 0;  // a value, not a node: never coloured
  for (int n = 0; n < 3; ++n) model.items[n + 1].index = n;
  // Groups: root (0) > /a (1) holding items 1 and 2; item 3 in the root.
  model.layout.hierarchy.groups.resize(2);
  model.layout.hierarchy.groups[1].parent = 0;
  model.layout.hierarchy.group_of_node = {0, 1, 1, 0};
  const std::unordered_map<std::string, double> shares = {
      {"/a/Conv", 20}, {"/a/Relu", 5}, {"MatMul_7", 70}, {"/elsewhere/Add", 90}};
  const ViewHeat heat = HeatOfView(model, graph, shares);
  EXPECT_EQ(heat.item_share, (std::vector<double>{-1, 20, 5, 70}));
  EXPECT_EQ(heat.group_share, (std::vector<double>{-1, 20}));  // the root has no halo
  EXPECT_DOUBLE_EQ(heat.hottest, 90);  // of every node profiled, drawn or not
  EXPECT_EQ(heat.profiled, 3);
  EXPECT_EQ(heat.hottest_item, 3);  // of the drawn ones

  const ViewHeat none = HeatOfView(model, graph, {});
  EXPECT_EQ(none.profiled, 0);
  EXPECT_EQ(none.hottest_item, -1);
  EXPECT_EQ(none.group_share, (std::vector<double>{-1, -1}));
}

}  // namespace
}  // namespace onnxlens::api
