// hardswish-fusion and quick-gelu-fusion: the exported chains become one node with the same
// outputs; chains with other constants, other inputs or extra readers stay.
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::Attrs;
using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

const std::vector<int64_t> kDims = {2, 4, 5};

ir::Value* ClipXPlus3(GraphBuilder& b, ir::Value* x, const std::string& tag, float three = 3.f,
                      bool relu = false) {
  ir::Node* add = b.Op("Add", {x, b.Const(tag + "_3", {}, {three})}, {}, kDims);
  ir::Value* in = relu ? b.Op("Relu", {add->output(0)}, {}, kDims)->output(0) : add->output(0);
  ir::Node* clip =
      b.Op("Clip", {in, b.Const(tag + "_0", {}, {0.f}), b.Const(tag + "_6", {}, {6.f})}, {}, kDims);
  return clip->output(0);
}

TEST(HardSwishFusion, EveryExportedFormBecomesHardSwish) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  // x * HardSigmoid(x; 1/6, 1/2)
  ir::Node* hs = b.Op(
      "HardSigmoid", {x},
      Attrs(ir::Attribute::Float("alpha", 1.f / 6), ir::Attribute::Float("beta", 0.5f)), kDims);
  ir::Node* f1 = b.Op("Mul", {x, hs->output(0)}, {}, kDims);
  // (x * clip(x + 3, 0, 6)) / 6
  ir::Node* m2 = b.Op("Mul", {x, ClipXPlus3(b, x, "a")}, {}, kDims);
  ir::Node* f2 = b.Op("Div", {m2->output(0), b.Const("six", {}, {6.f})}, {}, kDims);
  // x * (clip(x + 3, 0, 6) * (1/6))
  ir::Node* s3 = b.Op("Mul", {ClipXPlus3(b, x, "b"), b.Const("sixth", {}, {1.f / 6})}, {}, kDims);
  ir::Node* f3 = b.Op("Mul", {s3->output(0), x}, {}, kDims);
  // (clip(x + 3, 0, 6) * x) * (1/6)
  ir::Node* m4 = b.Op("Mul", {ClipXPlus3(b, x, "c"), x}, {}, kDims);
  ir::Node* f4 = b.Op("Mul", {b.Const("sixth2", {}, {1.f / 6}), m4->output(0)}, {}, kDims);
  for (ir::Node* n : {f1, f2, f3, f4}) b.Out(n);
  auto opt = Optimized(*b.model(), Level::kBasic, {"hardswish-fusion"});
  EXPECT_EQ(CountOps(*opt, "HardSwish"), 4);
  EXPECT_EQ(opt->graph->num_nodes(), 4u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(HardSwishFusion, TheSqueezeExcitationGateBecomesHardSigmoid) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  ir::Value* y = b.Input("y", kDims);
  // PyTorch's relu6: Clip(Relu(x + 3), 0, 6).
  ir::Node* gate =
      b.Op("Div", {ClipXPlus3(b, x, "a", 3.f, true), b.Const("six", {}, {6.f})}, {}, kDims);
  ir::Node* gated = b.Op("Mul", {y, gate->output(0)}, {}, kDims);  // y * hardsigmoid(x)
  ir::Node* g2 = b.Op("Mul", {b.Const("sixth", {}, {1.f / 6}), ClipXPlus3(b, x, "b")}, {}, kDims);
  ir::Node* wide =  // the 1/6 broadcasts the result to [3, 2, 4, 5]: stays
      b.Op("Mul",
           {ClipXPlus3(b, x, "c"), b.Const("sixths", {3, 1, 1, 1}, {1.f / 6, 1.f / 6, 1.f / 6})},
           {}, {3, 2, 4, 5});
  b.Out(gated);
  b.Out(g2);
  b.Out(wide);
  auto opt = Optimized(*b.model(), Level::kBasic, {"hardswish-fusion"});
  EXPECT_EQ(CountOps(*opt, "HardSigmoid"), 2);
  EXPECT_EQ(CountOps(*opt, "Clip"), 1);
  EXPECT_EQ(CountOps(*opt, "Relu"), 0);
  ExpectSameOutputs(b.model(), opt);
}

TEST(HardSwishFusion, OtherConstantsInputsAndReadersStay) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  ir::Value* y = b.Input("y", kDims);
  ir::Node* hs = b.Op("HardSigmoid", {x}, Attrs(ir::Attribute::Float("alpha", 0.2f)), kDims);
  ir::Node* f1 = b.Op("Mul", {x, hs->output(0)}, {}, kDims);          // alpha 0.2
  ir::Node* m2 = b.Op("Mul", {y, ClipXPlus3(b, x, "a")}, {}, kDims);  // y * clip(x + 3)
  ir::Node* f2 = b.Op("Div", {m2->output(0), b.Const("six", {}, {6.f})}, {}, kDims);
  ir::Node* m3 = b.Op("Mul", {x, ClipXPlus3(b, x, "b", 2.f)}, {}, kDims);  // x + 2
  ir::Node* f3 = b.Op("Div", {m3->output(0), b.Const("six3", {}, {6.f})}, {}, kDims);
  ir::Node* m4 = b.Op("Mul", {x, ClipXPlus3(b, x, "c")}, {}, kDims);
  ir::Node* f4 = b.Op("Div", {m4->output(0), b.Const("six4", {}, {6.f})}, {}, kDims);
  for (ir::Node* n : {f1, f2, f3, f4, m4}) b.Out(n);  // m4 is read outside the pattern
  auto opt = Optimized(*b.model(), Level::kBasic, {"hardswish-fusion"});
  EXPECT_EQ(CountOps(*opt, "HardSwish"), 0);
}

TEST(HardSwishFusion, BeforeOpset14TheClipFormBecomesHardSigmoidAndMul) {
  GraphBuilder b(11);
  ir::Value* x = b.Input("x", kDims);
  ir::Node* hs = b.Op("HardSigmoid", {x}, Attrs(ir::Attribute::Float("alpha", 1.f / 6)), kDims);
  b.Out(b.Op("Mul", {x, hs->output(0)}, {}, kDims));  // already the short form: stays
  ir::Node* m2 = b.Op("Mul", {x, ClipXPlus3(b, x, "a")}, {}, kDims);
  b.Out(b.Op("Div", {m2->output(0), b.Const("six", {}, {6.f})}, {}, kDims));
  auto opt = Optimized(*b.model(), Level::kBasic, {"hardswish-fusion"});
  EXPECT_EQ(CountOps(*opt, "HardSwish"), 0);
  EXPECT_EQ(CountOps(*opt, "HardSigmoid"), 2);
  EXPECT_EQ(CountOps(*opt, "Mul"), 2);
  EXPECT_EQ(opt->graph->num_nodes(), 4u);
  ExpectSameOutputs(b.model(), opt);
}

TEST(QuickGeluFusion, SiluAndScaledSigmoidBecomeQuickGelu) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  ir::Node* s1 = b.Op("Sigmoid", {x}, {}, kDims);
  ir::Node* f1 = b.Op("Mul", {s1->output(0), x}, {}, kDims);
  ir::Node* sc = b.Op("Mul", {x, b.Const("alpha", {}, {1.702f})}, {}, kDims);
  ir::Node* s2 = b.Op("Sigmoid", {sc->output(0)}, {}, kDims);
  ir::Node* f2 = b.Op("Mul", {x, s2->output(0)}, {}, kDims);
  b.Out(f1);
  b.Out(f2);
  auto opt = Optimized(*b.model(), Level::kExtended, {"quick-gelu-fusion"});
  EXPECT_EQ(CountOps(*opt, "QuickGelu"), 2);
  EXPECT_EQ(opt->graph->num_nodes(), 2u);
  EXPECT_EQ(opt->OpsetVersion("com.microsoft"), 1);
  float alphas = 0;
  for (const ir::Node* n : opt->graph->nodes()) alphas += n->GetFloat("alpha", 0.f);
  EXPECT_FLOAT_EQ(alphas, 2.702f);
  ExpectSameOutputs(b.model(), opt);
}

TEST(QuickGeluFusion, SigmoidOfAnotherValueOrWithOtherReadersStays) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  ir::Value* y = b.Input("y", kDims);
  ir::Node* s1 = b.Op("Sigmoid", {y}, {}, kDims);
  ir::Node* f1 = b.Op("Mul", {s1->output(0), x}, {}, kDims);  // x * sigmoid(y): a gate
  ir::Node* s2 = b.Op("Sigmoid", {x}, {}, kDims);
  ir::Node* f2 = b.Op("Mul", {x, s2->output(0)}, {}, kDims);
  b.Out(f1);
  b.Out(f2);
  b.Out(s2);  // the sigmoid itself is an output
  auto opt = Optimized(*b.model(), Level::kExtended, {"quick-gelu-fusion"});
  EXPECT_EQ(CountOps(*opt, "QuickGelu"), 0);
}

TEST(QuickGeluFusion, StandardFormatSkipsIt) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", kDims);
  ir::Node* s1 = b.Op("Sigmoid", {x}, {}, kDims);
  b.Out(b.Op("Mul", {x, s1->output(0)}, {}, kDims));
  std::shared_ptr<ir::Model> copy = b.model()->Clone();
  OptimizeOptions o = testing::OptionsAt(Level::kExtended);
  o.pass_options.format = Format::kStandard;
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "QuickGelu"), 0);
}

}  // namespace
}  // namespace onnxlens::passes
