// layer-norm-fusion (basic, opset >= 17), layer-norm-fusion-ort (extended, any opset) and
// skip-layer-norm-fusion.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

// PyTorch's decomposed LayerNorm over the last axis of x [2, 3, 8]; `extra_use` also outputs the
// centred values (a second use of an intermediate).
std::shared_ptr<ir::Model> LayerNormModel(int64_t opset, bool extra_use = false) {
  GraphBuilder b(opset);
  ir::Value* x = b.Input("x", {2, 3, 8});
  auto axes = [] { return ir::Attribute::Ints("axes", {-1}); };
  ir::Value* mean = b.Op("ReduceMean", {x}, testing::Attrs(axes()))->output(0);
  ir::Node* sub = b.Op("Sub", {x, mean});
  ir::Value* sq = b.Op("Pow", {sub->output(0), b.Const("two", {}, {2.f})})->output(0);
  ir::Value* var = b.Op("ReduceMean", {sq}, testing::Attrs(axes()))->output(0);
  ir::Value* ve = b.Op("Add", {var, b.Const("eps", {}, {1e-5f})})->output(0);
  ir::Value* sd = b.Op("Sqrt", {ve})->output(0);
  ir::Value* norm = b.Op("Div", {sub->output(0), sd})->output(0);
  ir::Value* scaled = b.Op("Mul", {norm, b.Random("gamma", {8}, 1)})->output(0);
  b.Out(b.Op("Add", {scaled, b.Random("beta", {8}, 2)}));
  if (extra_use) b.Out(sub);
  return b.model();
}

TEST(LayerNormFusion, BasicFusesAtOpset17) {
  auto m = LayerNormModel(17);
  auto opt = Optimized(*m, Level::kBasic, {"layer-norm-fusion"});
  EXPECT_EQ(opt->graph->num_nodes(), 1u);
  ASSERT_EQ(CountOps(*opt, "LayerNormalization"), 1);
  EXPECT_NEAR(opt->graph->nodes()[0]->GetFloat("epsilon", 0), 1e-5f, 1e-9);
  EXPECT_EQ(opt->graph->nodes()[0]->origins.size(), 9u);  // provenance: the nine nodes it replaced
  ExpectSameOutputs(m, opt);
}

TEST(LayerNormFusion, BasicLeavesOlderOpsetsAloneExtendedUsesOrtForm) {
  auto m = LayerNormModel(12);
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kBasic, {"layer-norm-fusion"}), "LayerNormalization"),
            0);
  auto opt = Optimized(*m, Level::kExtended, {"layer-norm-fusion-ort"});
  EXPECT_EQ(CountOps(*opt, "LayerNormalization"), 1);
  ExpectSameOutputs(m, opt);
}

TEST(LayerNormFusion, SharedIntermediateIsNotFused) {
  auto m = LayerNormModel(17, true);
  auto opt = Optimized(*m, Level::kBasic, {"layer-norm-fusion"});
  EXPECT_EQ(CountOps(*opt, "LayerNormalization"), 0);
  EXPECT_EQ(opt->graph->num_nodes(), m->graph->num_nodes());
}

TEST(LayerNormFusion, WrongExponentIsNotFused) {
  auto m = LayerNormModel(17);
  for (ir::Node* n : m->graph->nodes()) {
    if (n->op_type() == "Pow") {
      ir::Value* three = m->graph->CreateValue("three");
      m->graph->SetInitializer(three,
                               ir::Tensor::FromVector<float>(ir::DataType::kFloat, {}, {3.f}));
      n->SetInput(1, three);
    }
  }
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kBasic, {"layer-norm-fusion"}), "LayerNormalization"),
            0);
}

// LayerNormalization(Add(Add(a, bias), b)) over [2, 3, 8].
std::shared_ptr<ir::Model> SkipModel(std::vector<int64_t> b_dims) {
  GraphBuilder b(17);
  ir::Value* a = b.Input("a", {2, 3, 8});
  ir::Value* x = b.Input("b", b_dims);
  ir::Value* ab = b.Op("Add", {a, b.Random("bias", {8}, 3)}, {}, {2, 3, 8})->output(0);
  ir::Value* sum = b.Op("Add", {ab, x}, {}, {2, 3, 8})->output(0);
  b.Out(
      b.Op("LayerNormalization", {sum, b.Random("gamma", {8}, 1), b.Random("beta", {8}, 2)},
           testing::Attrs(ir::Attribute::Int("axis", -1), ir::Attribute::Float("epsilon", 1e-5f))));
  return b.model();
}

TEST(SkipLayerNormFusion, ResidualAddAndBiasJoin) {
  auto m = SkipModel({2, 3, 8});
  auto opt = Optimized(*m, Level::kExtended, {"skip-layer-norm-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  const ir::Node* n = opt->graph->nodes()[0];
  EXPECT_EQ(n->op_type(), "SkipLayerNormalization");
  EXPECT_EQ(n->inputs().size(), 5u);  // input, skip, gamma, beta, bias
  EXPECT_EQ(n->origins.size(), 3u);
  ExpectSameOutputs(m, opt);
}

TEST(SkipLayerNormFusion, BroadcastResidualIsLeftAlone) {
  auto m = SkipModel({1, 3, 8});
  EXPECT_EQ(CountOps(*Optimized(*m, Level::kExtended, {"skip-layer-norm-fusion"}),
                     "SkipLayerNormalization"),
            0);
}

}  // namespace
}  // namespace onnxlens::passes
