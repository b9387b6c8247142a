// conv-bn, conv-add, conv-mul, pad-into-conv and relu-clip fusions: each folds when it may, stays
// put when it may not, and never changes the outputs.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

ir::Node* AddConv(GraphBuilder& b, ir::Value* x, bool bias) {
  std::vector<ir::Value*> in = {x, b.Random("W", {4, 3, 3, 3}, 1)};
  if (bias) in.push_back(b.Random("B", {4}, 2));
  return b.Op("Conv", in,
              [] {
                std::vector<ir::Attribute> a;
                a.push_back(ir::Attribute::Ints("pads", {1, 1, 1, 1}));
                return a;
              }(),
              {1, 4, 6, 6});
}

TEST(ConvBnFusion, FoldsIntoWeightsAndKeepsOutputs) {
  GraphBuilder b;
  ir::Node* conv = AddConv(b, b.Input("x", {1, 3, 6, 6}), true);
  ir::Node* bn = b.Op("BatchNormalization",
                      {conv->output(0), b.Random("s", {4}, 3), b.Random("o", {4}, 4),
                       b.Random("m", {4}, 5), b.Const("v", {4}, {0.5f, 1.f, 2.f, 0.1f})});
  b.Out(bn);
  auto opt = Optimized(*b.model(), Level::kBasic, {"conv-bn-fusion"});
  EXPECT_EQ(CountOps(*opt, "BatchNormalization"), 0);
  EXPECT_EQ(CountOps(*opt, "Conv"), 1);
  // Provenance: the Conv now stands for the BN too; the graph output keeps its name.
  const ir::Node* fused = opt->graph->nodes()[0];
  EXPECT_NE(std::find(fused->origins.begin(), fused->origins.end(), bn->id()),
            fused->origins.end());
  EXPECT_EQ(opt->graph->outputs()[0]->name(), bn->output(0)->name());
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConvBnFusion, LeavesConvWithTwoReadersAlone) {
  GraphBuilder b;
  ir::Node* conv = AddConv(b, b.Input("x", {1, 3, 6, 6}), false);
  ir::Node* bn =
      b.Op("BatchNormalization", {conv->output(0), b.Random("s", {4}, 3), b.Random("o", {4}, 4),
                                  b.Random("m", {4}, 5), b.Const("v", {4}, {1.f, 1.f, 1.f, 1.f})});
  b.Out(bn);
  b.Out(conv);  // the raw conv output is needed too
  auto opt = Optimized(*b.model(), Level::kBasic, {"conv-bn-fusion"});
  EXPECT_EQ(CountOps(*opt, "BatchNormalization"), 1);
  ExpectSameOutputs(b.model(), opt);
}

TEST(ConvAddMulFusion, PerChannelFoldsOthersDoNot) {
  GraphBuilder b;
  ir::Node* conv = AddConv(b, b.Input("x", {1, 3, 6, 6}), false);
  ir::Node* mul = b.Op("Mul", {conv->output(0), b.Random("k", {4, 1, 1}, 6)});
  ir::Node* add = b.Op("Add", {b.Random("c", {1, 4, 1, 1}, 7), mul->output(0)});
  // Not per-channel: varies along the width, must stay.
  ir::Node* add2 = b.Op("Add", {add->output(0), b.Random("d", {1, 1, 1, 6}, 8)});
  b.Out(add2);
  auto opt = Optimized(*b.model(), Level::kBasic, {"conv-add-fusion", "conv-mul-fusion"});
  EXPECT_EQ(CountOps(*opt, "Mul"), 0);
  EXPECT_EQ(CountOps(*opt, "Add"), 1);
  ExpectSameOutputs(b.model(), opt);
}

TEST(PadIntoConvFusion, SpatialZeroPadFoldsChannelPadDoesNot) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 3, 6, 6});
  ir::Node* pad = b.Op("Pad", {x, b.Ints("pads", {0, 0, 1, 2, 0, 0, 2, 1})});
  ir::Node* conv = AddConv(b, pad->output(0), true);
  b.Out(conv);
  auto opt = Optimized(*b.model(), Level::kBasic, {"pad-into-conv-fusion"});
  EXPECT_EQ(CountOps(*opt, "Pad"), 0);
  ExpectSameOutputs(b.model(), opt);

  GraphBuilder c;
  ir::Node* pad2 =
      c.Op("Pad", {c.Input("x", {1, 2, 6, 6}), c.Ints("pads", {0, 1, 0, 0, 0, 0, 0, 0})});
  ir::Node* conv2 = AddConv(c, pad2->output(0), false);
  c.Out(conv2);
  auto opt2 = Optimized(*c.model(), Level::kBasic, {"pad-into-conv-fusion"});
  EXPECT_EQ(CountOps(*opt2, "Pad"), 1);
}

TEST(ReluClipFusion, DropsReluOnlyWhenClipMinIsNonNegative) {
  for (float lo : {0.f, -1.f}) {
    GraphBuilder b;
    ir::Node* relu = b.Op("Relu", {b.Input("x", {2, 5})});
    ir::Node* clip =
        b.Op("Clip", {relu->output(0), b.Const("lo", {}, {lo}), b.Const("hi", {}, {1.f})});
    b.Out(clip);
    auto opt = Optimized(*b.model(), Level::kBasic, {"relu-clip-fusion"});
    EXPECT_EQ(CountOps(*opt, "Relu"), lo >= 0 ? 0 : 1) << lo;
    ExpectSameOutputs(b.model(), opt);
  }
}

}  // namespace
}  // namespace onnxlens::passes
