// Graph snapshots: nodes, values, producers/consumers, categories, subgraphs, bad files.
#include "api/graph_snapshot.h"

#include <gtest/gtest.h>

#include "test_paths.h"

namespace onnxlens::api {
namespace {

TEST(GraphSnapshot, SampleModelNodesValuesAndEdgesAgree) {
  auto s = SnapshotModelFile(testing::SampleModel().string());
  ASSERT_TRUE(s.ok()) << s.status().message();
  const SnapshotGraph& g = (*s)->graphs[0];
  EXPECT_EQ(g.nodes.size(), 18u);
  EXPECT_EQ((*s)->node_count_total, 18);
  bool conv = false;
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    const SnapshotNode& node = g.nodes[n];
    if (node.op_type == "Conv") {
      conv = true;
      EXPECT_EQ(node.category, "layer");  // Netron's colour class for Conv
      EXPECT_FALSE(node.attributes.empty());
      EXPECT_TRUE(g.values[node.inputs[1]].initializer);
      EXPECT_GT(g.values[node.inputs[1]].numel, 0);
    }
    for (int v : node.outputs) EXPECT_EQ(g.values[v].producer, static_cast<int>(n));
    for (int v : node.inputs) {
      if (v < 0) continue;
      const auto& c = g.values[v].consumers;
      EXPECT_NE(std::find(c.begin(), c.end(), static_cast<int>(n)), c.end());
    }
  }
  EXPECT_TRUE(conv);
  ASSERT_FALSE(g.inputs.empty());
  EXPECT_TRUE(g.values[g.inputs[0]].graph_input);
  EXPECT_FALSE(g.values[g.inputs[0]].shape_label.empty());
}

TEST(GraphSnapshot, IfBodiesAreGraphsWithABreadcrumbPath) {
  const auto path = testing::OnnxTestDataDir() / "node/test_if/model.onnx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "libonnx-testdata is not installed";
  auto s = SnapshotModelFile(path.string());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ((*s)->graphs.size(), 3u);  // main + then + else
  const SnapshotNode& if_node = (*s)->graphs[0].nodes[0];
  EXPECT_EQ(if_node.op_type, "If");
  ASSERT_EQ(if_node.subgraphs.size(), 2u);
  const SnapshotGraph& body = (*s)->graphs[if_node.subgraphs[0]];
  EXPECT_EQ(body.parent_graph, 0);
  EXPECT_EQ(body.parent_node, 0);
  EXPECT_NE(body.path.find('/'), std::string::npos);
}

TEST(GraphSnapshot, BadFileIsAnErrorNamingIt) {
  auto s = SnapshotModelFile("/nonexistent/x.onnx");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("/nonexistent/x.onnx"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
