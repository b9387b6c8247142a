// The graph view model: Constant folding into weight rows, small weights shown by value, unknown
// ops marked, edges of folded constants dropped.
#include "api/graph_view_model.h"

#include <gtest/gtest.h>

#include "ir/model.h"
#include "ir/tensor.h"

namespace onnxlens::api {
namespace {

double Width(const std::string& s, bool) { return 7.0 * static_cast<double>(s.size()); }

// x -> Mul(x, Constant k = [1.5, -2]) -> Add(., bias: initializer [4] ) -> Frobnicate -> y
GraphSnapshot Sample() {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.opset_imports.push_back({"my.custom", 1});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m.graph;
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({2})));
  g.AddInput(x);
  ir::Node* c = g.AddNode("Constant", "", "k");
  ir::Attribute value;
  value.name = "value";
  value.type = ir::AttrType::kTensor;
  value.t = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {1.5f, -2.f});
  c->SetAttribute(std::move(value));
  c->AddOutput(g.CreateValue("k_out"));
  ir::Node* mul = g.AddNode("Mul", "", "mul");
  mul->AddInput(x);
  mul->AddInput(c->output(0));
  mul->AddOutput(g.CreateValue("m"));
  ir::Value* bias = g.CreateValue("bias");
  bias->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({16})));
  g.SetInitializer(bias, ir::Tensor::FromVector<float>(ir::DataType::kFloat, {16},
                                                       std::vector<float>(16, 0.5f)));
  ir::Node* add = g.AddNode("Add", "", "add");
  add->AddInput(mul->output(0));
  add->AddInput(bias);
  add->AddOutput(g.CreateValue("a"));
  ir::Node* f = g.AddNode("Frobnicate", "my.custom", "f");
  f->AddInput(add->output(0));
  f->AddOutput(g.CreateValue("y"));
  g.AddOutput(f->output(0));
  return SnapshotOf(m);
}

TEST(GraphViewModel, ConstantsFoldIntoTheirConsumersWithSmallValuesShown) {
  const GraphSnapshot s = Sample();
  const GraphViewModel m = BuildGraphViewModel(s, 0, GraphViewOptions{}, Width, 14);
  // x, Mul, Add, Frobnicate, y: the Constant is a row of Mul.
  ASSERT_EQ(m.items.size(), 5u);
  EXPECT_EQ(m.item_of_node[0], -1);
  const ViewItem& mul = m.items[m.item_of_node[1]];
  EXPECT_EQ(mul.title, "Mul");
  ASSERT_EQ(mul.rows.size(), 1u);
  EXPECT_EQ(mul.rows[0].first, "B");
  EXPECT_EQ(mul.rows[0].second, "= [1.5, -2]");
  const ViewItem& add = m.items[m.item_of_node[2]];
  ASSERT_EQ(add.rows.size(), 1u);
  EXPECT_EQ(add.rows[0].second, "⟨16⟩");  // too many values: the shape
  for (const ViewEdge& e : m.edges) EXPECT_NE(e.value, s.graphs[0].nodes[0].outputs[0]);
  EXPECT_EQ(m.edges.size(), 4u);  // x->Mul, Mul->Add, Add->Frobnicate, Frobnicate->y
  EXPECT_EQ(m.layout.nodes.size(), m.items.size());
}

TEST(GraphViewModel, UnfoldedConstantsAreNodesAndUnknownOpsAreMarked) {
  const GraphSnapshot s = Sample();
  GraphViewOptions o;
  o.fold_constants = false;
  const GraphViewModel m = BuildGraphViewModel(s, 0, o, Width, 14);
  ASSERT_EQ(m.items.size(), 6u);
  EXPECT_EQ(m.items[m.item_of_node[0]].title, "Constant");
  EXPECT_EQ(m.edges.size(), 5u);
  const ViewItem& frob = m.items[m.item_of_node[3]];
  EXPECT_TRUE(frob.unknown);
  ASSERT_FALSE(frob.rows.empty());
  EXPECT_EQ(frob.rows[0].first, kUnknownOpRow);
  EXPECT_FALSE(m.items[m.item_of_node[1]].unknown);
}

TEST(GraphViewModel, ProducersAndConsumersFollowTheEdgesOnce) {
  GraphViewModel m;
  m.items.resize(4);
  // 0 -> 2 (twice: two values), 1 -> 2, 2 -> 3
  m.edges = {{0, 2, 10, ""}, {0, 2, 11, ""}, {1, 2, 12, ""}, {2, 3, 13, ""}};
  EXPECT_EQ(ProducerItems(m, 2), (std::vector<int>{0, 1}));
  EXPECT_EQ(ConsumerItems(m, 2), (std::vector<int>{3}));
  EXPECT_EQ(ConsumerItems(m, 0), (std::vector<int>{2}));
  EXPECT_TRUE(ProducerItems(m, 0).empty());
  EXPECT_TRUE(ConsumerItems(m, 3).empty());
}

TEST(GraphViewModel, TheLayoutKeyChangesWithWhatTheLayoutDependsOn) {
  GraphViewOptions o;
  const std::string base = LayoutKey(0, o, {true, false});
  EXPECT_EQ(base, LayoutKey(0, o, {true, false}));
  EXPECT_NE(base, LayoutKey(1, o, {true, false}));
  EXPECT_NE(base, LayoutKey(0, o, {true, true}));
  o.horizontal = true;
  EXPECT_NE(base, LayoutKey(0, o, {true, false}));
}

}  // namespace
}  // namespace onnxlens::api
