// reshape-fusion: runtime-assembled target shapes of Reshape become constants.
#include <gtest/gtest.h>

#include "passes/graph_util.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

// Reshape(x, Concat(Unsqueeze(Gather(Shape(src), i0)), Unsqueeze(Gather(Shape(src), i1)), tail)).
std::shared_ptr<ir::Model> ViewModel(int64_t i0, int64_t i1, bool same_source) {
  GraphBuilder b(12);
  ir::Value* x = b.Input("x", {2, 3, 8});
  ir::Value* other = b.Input("other", {3, 2, 8});
  ir::Value* shape = b.Op("Shape", {same_source ? x : other})->output(0);
  auto dim = [&](int64_t i, const std::string& n) {
    ir::Value* idx = b.g().CreateValue(n);
    b.g().SetInitializer(idx, ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {}, {i}));
    ir::Value* g = b.Op("Gather", {shape, idx})->output(0);
    return b.Op("Unsqueeze", {g}, testing::Attrs(ir::Attribute::Ints("axes", {0})))->output(0);
  };
  ir::Value* cat = b.Op("Concat", {dim(i0, "i0"), dim(i1, "i1"), b.Ints("tail", {2, 4})},
                        testing::Attrs(ir::Attribute::Int("axis", 0)))
                       ->output(0);
  b.Out(b.Op("Reshape", {x, cat}));
  return b.model();
}

TEST(ReshapeFusion, OwnDimsBecomeZeros) {
  auto m = ViewModel(0, 1, true);
  auto opt = Optimized(*m, Level::kBasic, {"reshape-fusion", "dead-node-elimination"});
  EXPECT_EQ(opt->graph->num_nodes(), 1u);
  const ir::Node* r = opt->graph->nodes()[0];
  ASSERT_EQ(r->op_type(), "Reshape");
  EXPECT_EQ(ConstantInts(r->input(1)), (std::vector<int64_t>{0, 0, 2, 4}));
  ExpectSameOutputs(m, opt);
}

TEST(ReshapeFusion, TwoForeignDimsAreLeftAlone) {
  // Both dims come from another tensor's Shape: neither is a copy (0), and two -1 are not allowed.
  auto m = ViewModel(1, 0, false);
  auto opt = Optimized(*m, Level::kBasic, {"reshape-fusion", "dead-node-elimination"});
  EXPECT_EQ(CountOps(*opt, "Concat"), 1);
  ExpectSameOutputs(m, opt);
}

TEST(ReshapeFusion, OneForeignDimIsInferred) {
  GraphBuilder b(12);
  ir::Value* x = b.Input("x", {2, 3, 8});
  ir::Value* other = b.Input("other", {5, 2});
  ir::Value* shape = b.Op("Shape", {other})->output(0);
  ir::Node* gather = b.Op("Gather", {shape, b.Ints("one", {1})});
  ir::Value* cat = b.Op("Concat", {gather->output(0), b.Ints("tail", {3, 8})},
                        testing::Attrs(ir::Attribute::Int("axis", 0)))
                       ->output(0);
  b.Out(b.Op("Reshape", {x, cat}));
  auto opt = Optimized(*b.model(), Level::kBasic, {"reshape-fusion", "dead-node-elimination"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(ConstantInts(opt->graph->nodes()[0]->input(1)), (std::vector<int64_t>{-1, 3, 8}));
  ExpectSameOutputs(b.model(), opt);
}

TEST(ReshapeFusion, AllowZeroIsLeftAlone) {
  auto m = ViewModel(0, 1, true);
  for (ir::Node* n : m->graph->nodes()) {
    if (n->op_type() == "Reshape") n->SetAttribute(ir::Attribute::Int("allowzero", 1));
  }
  auto opt = Optimized(*m, Level::kBasic, {"reshape-fusion"});
  EXPECT_EQ(CountOps(*opt, "Concat"), 1);
}

}  // namespace
}  // namespace onnxlens::passes
