// flatten-split-concat-elimination, idempotent-op-elimination, concat-fusion and
// argmax-monotone-elimination: each removes what computes nothing, leaves its negative twin, and
// the outputs stay the same.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

TEST(FlattenSplitConcatElimination, PassThroughsGoRealOnesStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {4, 6});
  ir::Node* flat = b.Op("Flatten", {x}, Attrs(ir::Attribute::Int("axis", 1)), {4, 6});
  ir::Node* split = b.Op("Split", {flat->output(0)}, Attrs(ir::Attribute::Int("axis", 0)), {4, 6});
  ir::Node* cat = b.Op("Concat", {split->output(0)}, Attrs(ir::Attribute::Int("axis", 0)), {4, 6});
  ir::Node* relu = b.Op("Relu", {cat->output(0)}, {}, {4, 6});
  // Negative twins: Flatten at axis 0 reshapes to [1, 24]; Split into two halves.
  ir::Node* flat0 = b.Op("Flatten", {relu->output(0)}, Attrs(ir::Attribute::Int("axis", 0)));
  ir::Node* halves = b.Op("Split", {relu->output(0)}, Attrs(ir::Attribute::Int("axis", 0)), {}, 2);
  b.Out(flat0);
  b.Out(halves, 0);
  auto opt = Optimized(*b.model(), Level::kBasic, {"flatten-split-concat-elimination"});
  EXPECT_EQ(CountOps(*opt, "Flatten"), 1);
  EXPECT_EQ(CountOps(*opt, "Split"), 1);
  EXPECT_EQ(CountOps(*opt, "Concat"), 0);
  ExpectSameOutputs(b.model(), opt);
}

TEST(IdempotentOpElimination, SecondApplicationGoesEvenAtTheOutput) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {3, 5});
  ir::Node* r1 = b.Op("Relu", {x}, {}, {3, 5});
  ir::Node* r2 = b.Op("Relu", {r1->output(0)}, {}, {3, 5});
  ir::Node* f1 = b.Op("Floor", {r2->output(0)}, {}, {3, 5});
  ir::Node* f2 = b.Op("Floor", {f1->output(0)}, {}, {3, 5});
  ir::Node* c = b.Op("Ceil", {f2->output(0)}, {}, {3, 5});  // Ceil(Floor) is not Floor twice
  ir::Node* rd1 = b.Op("Round", {x}, {}, {3, 5});
  ir::Node* rd2 = b.Op("Round", {rd1->output(0)}, {}, {3, 5});
  b.Out(c);
  b.Out(rd2);
  b.Out(r1);  // r1 is read twice: still only the second Relu goes
  auto opt = Optimized(*b.model(), Level::kBasic, {"idempotent-op-elimination"});
  EXPECT_EQ(CountOps(*opt, "Relu"), 1);
  EXPECT_EQ(CountOps(*opt, "Floor"), 1);
  EXPECT_EQ(CountOps(*opt, "Ceil"), 1);
  EXPECT_EQ(CountOps(*opt, "Round"), 1);
  EXPECT_EQ(opt->graph->outputs()[1]->name(), rd2->output(0)->name());
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConcatFusion, InnerConcatOnTheSameAxisIsSplicedOthersStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  ir::Value* y = b.Input("y", {2, 3});
  ir::Node* inner = b.Op("Concat", {x, y}, Attrs(ir::Attribute::Int("axis", 1)), {2, 6});
  ir::Node* outer =
      b.Op("Concat", {y, inner->output(0), x}, Attrs(ir::Attribute::Int("axis", -1)), {2, 12});
  ir::Node* other = b.Op("Concat", {x, y}, Attrs(ir::Attribute::Int("axis", 0)), {4, 3});
  ir::Node* across =  // axis 1 over an axis-0 concat: not the same axis
      b.Op("Concat", {other->output(0), b.Input("z", {4, 2})}, Attrs(ir::Attribute::Int("axis", 1)),
           {4, 5});
  b.Out(outer);
  b.Out(across);
  auto opt = Optimized(*b.model(), Level::kBasic, {"concat-fusion"});
  EXPECT_EQ(CountOps(*opt, "Concat"), 3);
  ExpectSameOutputs(b.model(), opt);
}

TEST(ArgmaxMonotoneElimination, SoftmaxAndLogSoftmaxOnTheSameAxisGo) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {3, 7});
  ir::Node* sm = b.Op("Softmax", {x}, Attrs(ir::Attribute::Int("axis", -1)), {3, 7});
  ir::Node* log = b.Op("Log", {sm->output(0)}, {}, {3, 7});
  ir::Node* am = b.Op("ArgMax", {log->output(0)}, Attrs(ir::Attribute::Int("axis", 1)));
  ir::Node* lsm = b.Op("LogSoftmax", {x}, Attrs(ir::Attribute::Int("axis", 1)), {3, 7});
  ir::Node* am2 = b.Op("ArgMax", {lsm->output(0)}, Attrs(ir::Attribute::Int("axis", -1)));
  b.Out(am);
  b.Out(am2);
  auto opt = Optimized(*b.model(), Level::kBasic, {"argmax-monotone-elimination"});
  EXPECT_EQ(CountOps(*opt, "Softmax"), 0);
  EXPECT_EQ(CountOps(*opt, "Log"), 0);
  EXPECT_EQ(CountOps(*opt, "LogSoftmax"), 0);
  EXPECT_EQ(CountOps(*opt, "ArgMax"), 2);
  ExpectSameOutputs(b.model(), opt);
}

TEST(ArgmaxMonotoneElimination, OtherAxisOrOtherReadersKeepTheSoftmax) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {3, 7});
  ir::Node* sm = b.Op("Softmax", {x}, Attrs(ir::Attribute::Int("axis", 1)), {3, 7});
  ir::Node* am = b.Op("ArgMax", {sm->output(0)}, Attrs(ir::Attribute::Int("axis", 0)));
  ir::Node* sm2 = b.Op("Softmax", {x}, Attrs(ir::Attribute::Int("axis", 1)), {3, 7});
  ir::Node* am2 = b.Op("ArgMax", {sm2->output(0)}, Attrs(ir::Attribute::Int("axis", 1)));
  ir::Node* lg = b.Op("Log", {x}, {}, {3, 7});  // Log of anything: may be NaN, stays
  ir::Node* am3 = b.Op("ArgMax", {lg->output(0)}, Attrs(ir::Attribute::Int("axis", 1)));
  b.Out(am);
  b.Out(am2);
  b.Out(sm2);
  b.Out(am3);
  auto opt = Optimized(*b.model(), Level::kBasic, {"argmax-monotone-elimination"});
  EXPECT_EQ(CountOps(*opt, "Softmax"), 2);
  EXPECT_EQ(CountOps(*opt, "Log"), 1);
}

}  // namespace
}  // namespace onnxlens::passes
