// Graph snapshots: nodes, values, producers/consumers, categories, subgraphs, bad files.
#include "api/graph_snapshot.h"

#include <gtest/gtest.h>

#include "ir/model.h"
#include "ir/tensor.h"
#include "onnx/model_io.h"
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
      ASSERT_NE(g.values[node.inputs[1]].data, nullptr);  // the weights, for the sidebar
      EXPECT_EQ(g.values[node.inputs[1]].data->numel(), g.values[node.inputs[1]].numel);
      EXPECT_TRUE(node.known);
    }
    for (int v : node.outputs) EXPECT_EQ(g.values[v].producer, static_cast<int>(n));
    for (int v : node.inputs) {
      if (v < 0) continue;
      const auto& c = g.values[v].consumers;
      EXPECT_NE(std::find(c.begin(), c.end(), static_cast<int>(n)), c.end());
    }
  }
  EXPECT_TRUE(conv);
  // Model properties for the sidebar.
  const auto& p = (*s)->properties;
  ASSERT_FALSE(p.empty());
  EXPECT_EQ(p[0].first, "format");
  EXPECT_NE(p[0].second.find("ONNX v"), std::string::npos);
  bool imports = false;
  for (const auto& [k, v] : p) imports |= k == "imports" && v.find("ai.onnx") != std::string::npos;
  EXPECT_TRUE(imports);
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
  EXPECT_TRUE(body.attribute == "then_branch" || body.attribute == "else_branch") << body.attribute;
  EXPECT_NE(body.path.find('/'), std::string::npos);
}

TEST(GraphSnapshot, BadFileIsAnErrorNamingIt) {
  auto s = SnapshotModelFile("/nonexistent/x.onnx");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("/nonexistent/x.onnx"), std::string::npos);
}

TEST(GraphSnapshot, UnknownOpsAreMarkedAndConstantsCarryTheirTensor) {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.opset_imports.push_back({"my.custom", 1});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m.graph;
  ir::Node* c = g.AddNode("Constant", "", "c");
  ir::Attribute value;
  value.name = "value";
  value.type = ir::AttrType::kTensor;
  value.t = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {1.5f, -2.f});
  c->SetAttribute(std::move(value));
  c->AddOutput(g.CreateValue("k"));
  ir::Node* custom = g.AddNode("Frobnicate", "my.custom", "f");
  custom->AddInput(c->output(0));
  custom->AddOutput(g.CreateValue("y"));
  ir::Node* fused = g.AddNode("FusedConv", "com.microsoft", "fc");  // contrib: the runtime has it
  fused->AddInput(custom->output(0));
  fused->AddOutput(g.CreateValue("z"));
  g.AddOutput(fused->output(0));
  const GraphSnapshot s = SnapshotOf(m);
  const SnapshotGraph& sg = s.graphs[0];
  ASSERT_EQ(sg.nodes.size(), 3u);
  EXPECT_TRUE(sg.nodes[0].known);
  EXPECT_FALSE(sg.nodes[1].known);
  EXPECT_TRUE(sg.nodes[2].known);
  const SnapshotValue& k = sg.values[sg.nodes[0].outputs[0]];
  ASSERT_NE(k.data, nullptr);
  EXPECT_EQ(k.data->numel(), 2);
  EXPECT_FLOAT_EQ(k.data->data<float>()[1], -2.f);
}

TEST(GraphSnapshot, ASharedModelsSnapshotIsMadeOnceWhileItIsHeld) {
  auto loaded = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  std::shared_ptr<const ir::Model> model = std::move(loaded->model);
  std::shared_ptr<const GraphSnapshot> first = SharedSnapshotOf(model);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->node_count_total, model->graph->NumNodesRecursive());
  EXPECT_EQ(SharedSnapshotOf(model), first);  // held: the same one
  // Another model of the same file is another model: its own snapshot.
  auto again = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(again.ok());
  std::shared_ptr<const ir::Model> other = std::move(again->model);
  EXPECT_NE(SharedSnapshotOf(other), first);
  // No longer held: nothing keeps it alive, and it is made again when asked.
  std::weak_ptr<const GraphSnapshot> gone = first;
  first.reset();
  EXPECT_TRUE(gone.expired());
  std::shared_ptr<const GraphSnapshot> second = SharedSnapshotOf(model);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->graphs[0].nodes.size(), model->graph->num_nodes());
}

}  // namespace
}  // namespace onnxlens::api
