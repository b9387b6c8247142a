// The graph view model: Constant folding into weight rows, small weights shown by value, unknown
// ops marked, edges of folded constants dropped.
#include "api/graph_view_model.h"

#include <gtest/gtest.h>

#include <fstream>

#include "api/graph_snapshot.h"
#include "ir/model.h"
#include "ir/tensor.h"
#include "test_paths.h"
#include "tools/scale_models.h"

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

// PyTorch's export of a weight shared by several modules: one initializer W, and each other use
// reads it through an Identity node. x -> MatMul(x, W) -> MatMul(., Identity(W)) -> Relu ->
// MatMul(., Identity(Identity(W))) -> y, plus an Identity of the computed Relu output.
GraphSnapshot SharedWeights() {
  ir::Model m;
  m.opset_imports.push_back({"", 17});
  m.graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m.graph;
  ir::Value* x = g.CreateValue("x");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1, 8})));
  g.AddInput(x);
  ir::Value* w = g.CreateValue("W");
  w->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({8, 8})));
  g.SetInitializer(w, ir::Tensor::FromVector<float>(ir::DataType::kFloat, {8, 8},
                                                    std::vector<float>(64, 0.25f)));
  auto node = [&](const char* op, const char* name, std::vector<ir::Value*> in) {
    ir::Node* n = g.AddNode(op, "", name);
    for (ir::Value* v : in) n->AddInput(v);
    n->AddOutput(g.CreateValue(std::string(name) + "_out"));
    return n->output(0);
  };
  ir::Value* id1 = node("Identity", "id1", {w});
  ir::Value* id2 = node("Identity", "id2", {id1});
  ir::Value* m1 = node("MatMul", "mm1", {x, w});
  ir::Value* m2 = node("MatMul", "mm2", {m1, id1});
  ir::Value* r = node("Relu", "relu", {m2});
  ir::Value* keep = node("Identity", "id_of_relu", {r});
  ir::Value* y = node("MatMul", "mm3", {keep, id2});
  g.AddOutput(y);
  return SnapshotOf(m);
}

TEST(GraphViewModel, IdentitiesOfSharedWeightsFoldLikeConstants) {
  const GraphSnapshot s = SharedWeights();
  const auto& nodes = s.graphs[0].nodes;
  const GraphViewModel m = BuildGraphViewModel(s, 0, GraphViewOptions{}, Width, 14);
  int boxes = 0;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const bool identity_of_weight = nodes[n].name == "id1" || nodes[n].name == "id2";
    EXPECT_EQ(m.item_of_node[n] < 0, identity_of_weight) << nodes[n].name;
    boxes += m.item_of_node[n] >= 0;
    if (nodes[n].op_type != "MatMul") continue;
    // Every MatMul shows the shared weight as its B row, by shape.
    const ViewItem& it = m.items[m.item_of_node[n]];
    ASSERT_EQ(it.rows.size(), 1u) << nodes[n].name;
    EXPECT_EQ(it.rows[0].first, "B");
    EXPECT_EQ(it.rows[0].second, "⟨8×8⟩") << nodes[n].name;
  }
  EXPECT_EQ(boxes, 5);  // three MatMuls, the Relu and the Identity of the computed value
  // Its twin: with folding off every Identity is a box again.
  GraphViewOptions o;
  o.fold_constants = false;
  const GraphViewModel all = BuildGraphViewModel(s, 0, o, Width, 14);
  for (size_t n = 0; n < nodes.size(); ++n) EXPECT_GE(all.item_of_node[n], 0);
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

// The view model of a generated scale model written to `dir`.
GraphViewModel ViewOfGenerated(const onnx::ModelProto& proto, const testing::TempDir& dir,
                               const std::string& name) {
  const auto path = dir.path() / name;
  {
    std::ofstream out(path, std::ios::binary);
    EXPECT_TRUE(proto.SerializeToOstream(&out));
  }
  auto snap = SnapshotModelFile(path.string());
  EXPECT_TRUE(snap.ok()) << snap.status().message();
  if (!snap.ok()) return {};
  return BuildGraphViewModel(**snap, 0, {}, Width, 16);
}

TEST(GraphViewModel, AnUnnamedStackIsGroupedByItsRepeatedBlocks) {
  testing::TempDir dir;
  // 24 transformer layers of 49 nodes without a single node name.
  const GraphViewModel m =
      ViewOfGenerated(testing::MakeTransformerLikeProto(24, /*named=*/false), dir, "u.onnx");
  const auto& h = m.layout.hierarchy;
  ASSERT_EQ(h.groups[0].groups.size(), 1u);
  const auto& outer = h.groups[h.groups[0].groups[0]];
  EXPECT_EQ(outer.path, "/24 \u00d7 block");
  ASSERT_EQ(outer.groups.size(), 24u);
  // Every block holds one layer (its weights folded into rows) with the same ops in order.
  const auto& first = h.groups[outer.groups[0]].nodes;
  for (int b : outer.groups) {
    const auto& nodes = h.groups[b].nodes;
    ASSERT_EQ(nodes.size(), first.size());
    for (size_t k = 0; k < nodes.size(); ++k)
      EXPECT_EQ(m.items[nodes[k]].title, m.items[first[k]].title);
  }
  EXPECT_EQ(std::count_if(first.begin(), first.end(),
                          [&](int i) { return m.items[i].title == "Softmax"; }),
            1);
}

TEST(GraphViewModel, NameScopesWinWhereTheExporterLeftThem) {
  testing::TempDir dir;
  const GraphViewModel m =
      ViewOfGenerated(testing::MakeTransformerLikeProto(24, /*named=*/true), dir, "n.onnx");
  const auto& h = m.layout.hierarchy;
  ASSERT_EQ(h.groups[0].groups.size(), 24u);
  EXPECT_EQ(h.groups[h.groups[0].groups[0]].path, "/layers.0");
  EXPECT_EQ(h.groups[h.groups[0].groups[23]].path, "/layers.23");
  for (const auto& g : h.groups) EXPECT_EQ(g.path.find("\u00d7"), std::string::npos) << g.path;
}

}  // namespace
}  // namespace onnxlens::api
