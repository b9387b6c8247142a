// The basic eliminations: each removes what computes nothing, keeps what does, and the outputs
// (names included) stay the same.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

TEST(IdentityElimination, RemovesChainsEvenAtTheGraphOutput) {
  GraphBuilder b;
  ir::Node* relu = b.Op("Relu", {b.Input("x", {3, 4})});
  ir::Node* id1 = b.Op("Identity", {relu->output(0)});
  ir::Node* id2 = b.Op("Identity", {id1->output(0)});
  b.Out(id2);
  auto opt = Optimized(*b.model(), Level::kBasic, {"identity-elimination"});
  EXPECT_EQ(CountOps(*opt, "Identity"), 0);
  EXPECT_EQ(opt->graph->outputs()[0]->name(), id2->output(0)->name());
  ExpectSameOutputs(b.model(), opt);
}

TEST(IdentityElimination, KeepsInputPassedStraightToOutput) {
  GraphBuilder b;
  b.Out(b.Op("Identity", {b.Input("x", {3})}));
  auto opt = Optimized(*b.model(), Level::kBasic, {"identity-elimination"});
  EXPECT_EQ(CountOps(*opt, "Identity"), 1);  // input and output are both interface names
}

TEST(NoopElimination, NeutralOperandsGoOthersStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  ir::Node* add0 = b.Op("Add", {x, b.Const("z", {3}, {0, 0, 0})}, {}, {2, 3});
  ir::Node* mul1 = b.Op("Mul", {b.Const("one", {1}, {1}), add0->output(0)}, {}, {2, 3});
  ir::Node* sub_from0 = b.Op("Sub", {b.Const("z2", {1}, {0}), mul1->output(0)}, {}, {2, 3});  // -x
  ir::Node* grow =
      b.Op("Add", {sub_from0->output(0), b.Const("z3", {4, 2, 3}, std::vector<float>(24, 0))});
  b.Out(grow);
  auto opt = Optimized(*b.model(), Level::kBasic, {"noop-elimination"});
  EXPECT_EQ(CountOps(*opt, "Mul"), 0);
  EXPECT_EQ(CountOps(*opt, "Sub"), 1);
  EXPECT_EQ(CountOps(*opt, "Add"), 1);  // the broadcast one changes the shape
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConstantToInitializerAndDeadNodes, ConstantsBecomeInitializersUnusedGo) {
  GraphBuilder b;
  ir::Node* k = b.Op("Constant", {}, [] {
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Floats("value_floats", {1.f, 2.f, 3.f}));
    return a;
  }());
  ir::Node* dead = b.Op("Relu", {k->output(0)});
  (void)dead;
  ir::Node* add = b.Op("Add", {b.Input("x", {3}), k->output(0)});
  b.Out(add);
  auto opt =
      Optimized(*b.model(), Level::kBasic, {"constant-to-initializer", "dead-node-elimination"});
  EXPECT_EQ(CountOps(*opt, "Constant"), 0);
  EXPECT_EQ(CountOps(*opt, "Relu"), 0);
  EXPECT_EQ(opt->graph->num_nodes(), 1u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(SliceDropoutCastExpandElimination, NoOpsGoRealOpsStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 5});
  ir::Node* all =
      b.Op("Slice", {x, b.Ints("s", {0}), b.Ints("e", {INT64_MAX}), b.Ints("a", {1})}, {}, {2, 5});
  ir::Node* part =
      b.Op("Slice", {all->output(0), b.Ints("s2", {1}), b.Ints("e2", {4}), b.Ints("a2", {1})});
  ir::Node* drop = b.Op("Dropout", {part->output(0)});
  ir::Node* cast = b.Op("Cast", {x}, [] {
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Int("to", 1));  // float -> float
    return a;
  }());
  ir::Node* expand = b.Op("Expand", {cast->output(0), b.Ints("shape", {1, 5})});
  b.Out(drop);
  b.Out(expand);
  auto opt = Optimized(
      *b.model(), Level::kBasic,
      {"slice-elimination", "dropout-elimination", "cast-elimination", "expand-elimination"});
  EXPECT_EQ(CountOps(*opt, "Slice"), 1);
  EXPECT_EQ(CountOps(*opt, "Dropout"), 0);
  EXPECT_EQ(CountOps(*opt, "Cast"), 0);
  EXPECT_EQ(CountOps(*opt, "Expand"), 1);  // both its input and its output are graph interface
  ExpectSameOutputs(b.model(), opt);
}

}  // namespace
}  // namespace onnxlens::passes
