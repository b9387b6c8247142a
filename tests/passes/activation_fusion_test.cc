// conv-activation-fusion and gemm-activation-fusion (com.microsoft FusedConv / FusedGemm).
#include <gtest/gtest.h>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;
using testing::OptionsAt;

TEST(ConvActivationFusion, EachActivationFusesAndComputesTheSame) {
  for (const char* act : {"Relu", "Sigmoid", "Tanh", "LeakyRelu", "HardSigmoid", "Clip"}) {
    GraphBuilder b;
    ir::Node* conv = b.Op("Conv", {b.Input("x", {1, 2, 5, 5}), b.Random("w", {3, 2, 3, 3}, 1),
                                   b.Random("b", {3}, 2)});
    std::vector<ir::Value*> in = {conv->output(0)};
    if (std::string(act) == "Clip") {
      in.push_back(b.Const("lo", {}, {-0.5f}));
      in.push_back(b.Const("hi", {}, {0.5f}));
    }
    b.Out(b.Op(act, in));
    conv->output(0)->set_type(
        ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1, 3, 3, 3})));
    auto opt = Optimized(*b.model(), Level::kExtended, {"conv-activation-fusion"});
    EXPECT_EQ(CountOps(*opt, "FusedConv"), 1) << act;
    EXPECT_EQ(opt->graph->num_nodes(), 1u) << act;
    EXPECT_EQ(opt->OpsetVersion("com.microsoft"), 1);
    ExpectSameOutputs(b.model(), opt);
  }
}

// SiLU as com.microsoft QuickGelu (activation-pattern fusion) fuses into the Conv in a session's
// own graph only: ONNX Runtime's FusedConv has no such activation, so a file keeps it apart.
TEST(ConvActivationFusion, QuickGeluFusesOnlyInASessionsGraph) {
  GraphBuilder b;
  ir::Node* conv = b.Op(
      "Conv", {b.Input("x", {1, 2, 5, 5}), b.Random("w", {3, 2, 3, 3}, 1), b.Random("b", {3}, 2)});
  conv->output(0)->set_type(
      ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1, 3, 3, 3})));
  ir::Node* silu = b.g().AddNode("QuickGelu", "com.microsoft", "silu");
  silu->AddInput(conv->output(0));
  silu->SetAttribute(ir::Attribute::Float("alpha", 1.f));
  ir::Value* y = b.g().CreateValue("y");
  silu->AddOutput(y);
  b.g().AddOutput(y);
  b.model()->SetOpsetVersion("com.microsoft", 1);
  for (bool session : {false, true}) {
    std::shared_ptr<ir::Model> copy = b.model()->Clone();
    OptimizeOptions o = OptionsAt(Level::kExtended);
    o.pass_options.session_only_ops = session;
    for (const auto& p : ListPasses())
      if (p.name != "conv-activation-fusion") o.disabled.insert(p.name);
    ASSERT_TRUE(Optimize(*copy, o).ok());
    EXPECT_EQ(CountOps(*copy, "FusedConv"), session ? 1 : 0);
    EXPECT_EQ(CountOps(*copy, "QuickGelu"), session ? 0 : 1);
    ExpectSameOutputs(b.model(), copy);
  }
}

TEST(GemmActivationFusion, FusesReluButNotASharedGemm) {
  GraphBuilder b;
  ir::Node* gemm = b.Op("Gemm", {b.Input("x", {3, 4}), b.Random("w", {4, 2}, 1)});
  b.Out(b.Op("Relu", {gemm->output(0)}));
  auto opt = Optimized(*b.model(), Level::kExtended, {"gemm-activation-fusion"});
  EXPECT_EQ(CountOps(*opt, "FusedGemm"), 1);
  ExpectSameOutputs(b.model(), opt);

  GraphBuilder c;
  ir::Node* g2 = c.Op("Gemm", {c.Input("x", {3, 4}), c.Random("w", {4, 2}, 1)});
  c.Out(c.Op("Relu", {g2->output(0)}));
  c.Out(g2);
  auto opt2 = Optimized(*c.model(), Level::kExtended, {"gemm-activation-fusion"});
  EXPECT_EQ(CountOps(*opt2, "FusedGemm"), 0);
}

TEST(ActivationFusion, StandardFormatSkipsContribPasses) {
  GraphBuilder b;
  ir::Node* gemm = b.Op("Gemm", {b.Input("x", {3, 4}), b.Random("w", {4, 2}, 1)});
  b.Out(b.Op("Relu", {gemm->output(0)}));
  std::shared_ptr<ir::Model> copy = b.model()->Clone();
  OptimizeOptions o = OptionsAt(Level::kExtended);
  o.pass_options.format = Format::kStandard;
  ASSERT_TRUE(Optimize(*copy, o).ok());
  EXPECT_EQ(CountOps(*copy, "FusedGemm"), 0);
  EXPECT_EQ(CountOps(*copy, "Relu"), 1);
}

}  // namespace
}  // namespace onnxlens::passes
