// constant-sharing and common-subexpression-elimination.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

TEST(ConstantSharingAndCse, IdenticalConstantsAndNodesBecomeOne) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  ir::Node* a1 = b.Op("Add", {x, b.Const("c1", {3}, {1, 2, 3})});
  ir::Node* a2 = b.Op("Add", {x, b.Const("c2", {3}, {1, 2, 3})});
  ir::Node* a3 = b.Op("Add", {x, b.Const("c3", {3}, {1, 2, 4})});  // different constant
  ir::Node* m = b.Op("Mul", {a1->output(0), a2->output(0)});
  ir::Node* s = b.Op("Sub", {m->output(0), a3->output(0)});
  b.Out(s);
  auto opt = Optimized(*b.model(), Level::kBasic,
                       {"constant-sharing", "common-subexpression-elimination"});
  EXPECT_EQ(CountOps(*opt, "Add"), 2);
  EXPECT_EQ(opt->graph->initializers().size(), 2u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(Cse, DifferentAttributesOrGraphOutputsAreKept) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  auto attrs = [](int64_t axis) {
    std::vector<ir::Attribute> a;
    a.push_back(ir::Attribute::Int("axis", axis));
    return a;
  };
  ir::Node* s1 = b.Op("Softmax", {x}, attrs(0));
  ir::Node* s2 = b.Op("Softmax", {x}, attrs(1));
  ir::Node* r1 = b.Op("Relu", {x});
  ir::Node* r2 = b.Op("Relu", {x});
  b.Out(s1);
  b.Out(s2);
  b.Out(r1);
  b.Out(r2);  // both are graph outputs with their own names
  auto opt = Optimized(*b.model(), Level::kBasic, {"common-subexpression-elimination"});
  EXPECT_EQ(CountOps(*opt, "Softmax"), 2);
  EXPECT_EQ(CountOps(*opt, "Relu"), 2);
  ExpectSameOutputs(b.model(), opt);
}

}  // namespace
}  // namespace onnxlens::passes
