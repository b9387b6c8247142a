// div-mul, not-where, unsqueeze/squeeze chain fusions, and the layout level's
// conv-add-activation-fusion.
#include <gtest/gtest.h>

#include "passes/graph_util.h"
#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

TEST(DivMulFusion, ReciprocalTimesBecomesDivide) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {3, 4});
  ir::Value* y = b.Input("y", {3, 4});
  ir::Value* r = b.Op("Div", {b.Const("one", {}, {1.f}), y}, {}, {3, 4})->output(0);
  b.Out(b.Op("Mul", {x, r}));
  auto opt = Optimized(*b.model(), Level::kBasic, {"div-mul-fusion"});
  EXPECT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(CountOps(*opt, "Div"), 1);
  ExpectSameOutputs(b.model(), opt);

  GraphBuilder two;  // Div(2, y): not a reciprocal
  ir::Value* r2 =
      two.Op("Div", {two.Const("two", {}, {2.f}), two.Input("y", {3})}, {}, {3})->output(0);
  two.Out(two.Op("Mul", {two.Input("x", {3}), r2}));
  EXPECT_EQ(Optimized(*two.model(), Level::kBasic, {"div-mul-fusion"})->graph->num_nodes(), 2u);
}

TEST(NotWhereFusion, SwapsTheBranches) {
  GraphBuilder b;
  ir::Value* c = b.g().CreateValue("c");
  c->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, ir::DimsFromSizes({4})));
  b.g().AddInput(c);
  ir::Value* nc = b.Op("Not", {c})->output(0);
  b.Out(b.Op("Where", {nc, b.Random("x", {4}, 1), b.Random("y", {4}, 2)}));
  auto opt = Optimized(*b.model(), Level::kBasic, {"not-where-fusion"});
  EXPECT_EQ(CountOps(*opt, "Not"), 0);
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(opt->graph->nodes()[0]->input(1)->name(), "y");
}

TEST(NotWhereFusion, NotReadByAnotherOpStays) {
  GraphBuilder b;
  ir::Value* c = b.g().CreateValue("c");
  c->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, ir::DimsFromSizes({4})));
  b.g().AddInput(c);
  ir::Node* n = b.Op("Not", {c});
  b.Out(b.Op("Where", {n->output(0), b.Random("x", {4}, 1), b.Random("y", {4}, 2)}));
  b.Out(n);
  EXPECT_EQ(CountOps(*Optimized(*b.model(), Level::kBasic, {"not-where-fusion"}), "Not"), 1);
}

TEST(UnsqueezeFusion, ComposesAxesAtEveryOpset) {
  for (int64_t opset : {12, 13}) {
    GraphBuilder b(opset);
    ir::Value* x = b.Input("x", {3, 4});
    auto unsq = [&](ir::Value* in, std::vector<int64_t> axes) {
      if (opset < 13) return b.Op("Unsqueeze", {in}, Attrs(ir::Attribute::Ints("axes", axes)));
      return b.Op("Unsqueeze", {in, b.Ints("axes" + std::to_string(axes[0]), axes)});
    };
    ir::Node* first = unsq(x, {1});          // [3, 1, 4]
    b.Out(unsq(first->output(0), {0, -1}));  // [1, 3, 1, 4, 1]
    auto opt = Optimized(*b.model(), Level::kBasic, {"unsqueeze-fusion"});
    ASSERT_EQ(opt->graph->num_nodes(), 1u) << opset;
    const ir::Node* n = opt->graph->nodes()[0];
    const auto axes = opset < 13 ? n->GetInts("axes") : *ConstantInts(n->input(1));
    EXPECT_EQ(axes, (std::vector<int64_t>{0, 2, 4})) << opset;
    ExpectSameOutputs(b.model(), opt);
  }
}

TEST(SqueezeFusion, ComposesAxes) {
  GraphBuilder b(12);
  ir::Value* x = b.Input("x", {1, 3, 1, 4, 1});
  ir::Node* first = b.Op("Squeeze", {x}, Attrs(ir::Attribute::Ints("axes", {0, 2})));  // [3,4,1]
  b.Out(b.Op("Squeeze", {first->output(0)}, Attrs(ir::Attribute::Ints("axes", {2}))));
  auto opt = Optimized(*b.model(), Level::kBasic, {"squeeze-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  EXPECT_EQ(opt->graph->nodes()[0]->GetInts("axes"), (std::vector<int64_t>{0, 2, 4}));
  ExpectSameOutputs(b.model(), opt);
  // Without axes a Squeeze removes whatever dims are 1: not composed.
  GraphBuilder c(12);
  ir::Node* f2 = c.Op("Squeeze", {c.Input("x", {1, 3, 1})});
  c.Out(c.Op("Squeeze", {f2->output(0)}, Attrs(ir::Attribute::Ints("axes", {0}))));
  EXPECT_EQ(Optimized(*c.model(), Level::kBasic, {"squeeze-fusion"})->graph->num_nodes(), 2u);
}

TEST(ConvAddActivationFusion, ResidualAddAndReluJoinTheConv) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 2, 5, 5});
  ir::Value* res = b.Input("res", {1, 3, 5, 5});
  ir::Node* conv = b.Op("Conv", {x, b.Random("w", {3, 2, 3, 3}, 1), b.Random("b", {3}, 2)},
                        Attrs(ir::Attribute::Ints("pads", {1, 1, 1, 1})), {1, 3, 5, 5});
  ir::Value* sum = b.Op("Add", {res, conv->output(0)}, {}, {1, 3, 5, 5})->output(0);
  b.Out(b.Op("Relu", {sum}));
  auto opt = Optimized(*b.model(), Level::kLayout, {"conv-add-activation-fusion"});
  ASSERT_EQ(opt->graph->num_nodes(), 1u);
  const ir::Node* f = opt->graph->nodes()[0];
  EXPECT_EQ(f->op_type(), "FusedConv");
  EXPECT_EQ(f->input(3)->name(), "res");
  EXPECT_EQ(f->GetString("activation", ""), "Relu");
  EXPECT_EQ(f->origins.size(), 3u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConvAddActivationFusion, BroadcastAddIsNotAResidual) {
  GraphBuilder b;
  ir::Node* conv =
      b.Op("Conv", {b.Input("x", {1, 2, 5, 5}), b.Random("w", {3, 2, 3, 3}, 1)}, {}, {1, 3, 3, 3});
  b.Out(b.Op("Add", {conv->output(0), b.Input("r", {1, 3, 1, 1})}));
  EXPECT_EQ(
      Optimized(*b.model(), Level::kLayout, {"conv-add-activation-fusion"})->graph->num_nodes(),
      2u);
}

}  // namespace
}  // namespace onnxlens::passes
