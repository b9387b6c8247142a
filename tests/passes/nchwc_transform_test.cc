// The nchwc-transformer pass: which nodes become com.microsoft.nchwc ones, where the reorders go
// (only at the chain's edges), filters and biases padded to the block, and the rewritten graph
// computing what the original does on the reference kernels (the blocked oracle,
// kernels/reference/nchwc.cc).
#include "ir/nchwc.h"
#include "ir/text_format.h"
#include "passes/nchwc_models.h"

namespace onnxlens::passes::testing {
namespace {

int CountDomainOp(const ir::Model& m, const std::string& op) {
  int n = 0;
  for (const ir::Node* node : m.graph->nodes())
    if (node->domain() == ir::kNchwcDomain && node->op_type() == op) ++n;
  return n;
}

std::shared_ptr<ir::Model> Blocked(const ir::Model& m, int block, Format format = Format::kOrt) {
  std::shared_ptr<ir::Model> copy = m.Clone();
  OptimizeOptions o = OptionsAt(Level::kLayout);
  o.verify_each = true;
  o.pass_options.nchwc_block = block;
  o.pass_options.format = format;
  auto r = Optimize(*copy, o);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return copy;
}

TEST(NchwcTransformer, DoesNothingWithoutABlockOrForTheStandardFormat) {
  auto m = ChainModel();
  EXPECT_EQ(CountDomainOp(*Blocked(*m, 0), "Conv"), 0);
  EXPECT_EQ(CountDomainOp(*Blocked(*m, 8, Format::kStandard), "Conv"), 0);
}

TEST(NchwcTransformer, AChainReordersOnlyAtItsEdges) {
  for (int block : {8, 16}) {
    SCOPED_TRACE("block " + std::to_string(block));
    auto o = Blocked(*ChainModel(), block);
    EXPECT_EQ(CountDomainOp(*o, "Conv"), 4);
    EXPECT_EQ(CountDomainOp(*o, "MaxPool"), 1);
    EXPECT_EQ(CountDomainOp(*o, "Upsample"), 1);
    // 13 input channels: below a block of 16 the first convolution reads the plain input; with 8
    // the input is reordered (padded to 16 channels, the filter's extra channels zero).
    EXPECT_EQ(CountDomainOp(*o, "ReorderInput"), block == 16 ? 0 : 1);
    EXPECT_EQ(CountDomainOp(*o, "ReorderOutput"), 1);
    int relu = 0;  // the extended level fused it into the first convolution
    for (const ir::Node* n : o->graph->nodes())
      if (n->domain() == ir::kNchwcDomain && n->GetString("activation", "") == "Relu") ++relu;
    EXPECT_EQ(relu, 1);
    for (const ir::Node* n : o->graph->nodes()) {
      if (n->domain() != ir::kNchwcDomain || n->op_type() != "Conv") continue;
      const ir::Tensor* w = n->input(1)->initializer();
      ASSERT_NE(w, nullptr);
      EXPECT_EQ(w->dims()[0] % block, 0) << "output channels padded to the block";
      if (n->input(2)) {
        EXPECT_EQ(n->input(2)->initializer()->dims()[0], w->dims()[0]);
      }
    }
    // The 127 padded channels are cut back to 127 at the edge.
    for (const ir::Node* n : o->graph->nodes())
      if (n->op_type() == "ReorderOutput") {
        EXPECT_EQ(n->GetInt("channels", 0), 127);
      }
    EXPECT_EQ(o->OpsetVersion(ir::kNchwcDomain), 1);
  }
}

TEST(NchwcTransformer, ResidualHardSwishSqueezeExciteAndConcatStayBlocked) {
  auto o = Blocked(*BlockModel(), 16);
  EXPECT_EQ(CountDomainOp(*o, "ReorderInput"), 1);  // the graph input
  // Two edges: the mid-chain graph output and the Flatten at the end.
  EXPECT_EQ(CountDomainOp(*o, "ReorderOutput"), 2) << ir::ModelToText(*o, {});
  EXPECT_EQ(CountDomainOp(*o, "GlobalAveragePool"), 2);
  EXPECT_EQ(CountDomainOp(*o, "AveragePool"), 1);
  EXPECT_EQ(CountOps(*o, "Reshape"), 3);  // the SE scale: two 5-D views and one back
}

TEST(NchwcTransformer, TheBlockedGraphComputesWhatTheOriginalDoes) {
  const int block = ir::NchwcBlockSize();
  if (block <= 0) GTEST_SKIP() << "this CPU has no NCHWc block (no AVX2)";
  for (auto m : {ChainModel(), BlockModel()}) {
    auto o = Blocked(*m, block);
    ASSERT_GT(CountDomainOp(*o, "Conv"), 0);
    ExpectSameOutputs(m, o);
  }
}

// A depthwise convolution of a channel count that is no multiple of the block (mnasnet's 72 and
// 120) stays blocked: its filter and group padded to the block, the chain unbroken, the numbers
// the same (ONNX Runtime would reorder around it).
TEST(NchwcTransformer, ADepthwiseConvolutionOfAnyChannelCountStaysBlocked) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 16, 11, 10});
  ir::Value* c1 = V(b.Op("Conv", {x, b.Random("w1", {24, 16, 1, 1}, 1), b.Random("b1", {24}, 2)},
                         ConvAttrs(1), {1, 24, 11, 10}));
  ir::Value* r1 = V(b.Op("Sigmoid", {c1}, {}, {1, 24, 11, 10}));  // padding channels become 0.5
  ir::Value* dw = V(b.Op("Conv", {r1, b.Random("w2", {24, 1, 5, 5}, 3), b.Random("b2", {24}, 4)},
                         ConvAttrs(5, 2, 24), {1, 24, 6, 5}));
  ir::Value* c3 =
      V(b.Op("Conv", {dw, b.Random("w3", {16, 24, 1, 1}, 5)}, ConvAttrs(1), {1, 16, 6, 5}));
  b.g().AddOutput(c3);
  for (int block : {8, 16}) {
    SCOPED_TRACE("block " + std::to_string(block));
    auto o = Blocked(*b.model(), block);
    EXPECT_EQ(CountDomainOp(*o, "Conv"), 3) << ir::ModelToText(*o, {});
    EXPECT_EQ(CountDomainOp(*o, "ReorderOutput"), 1);
    for (const ir::Node* n : o->graph->nodes())
      if (n->domain() == ir::kNchwcDomain && n->op_type() == "Conv" && n->GetInt("group", 1) > 1) {
        EXPECT_EQ(n->GetInt("group", 1), ir::RoundUpToBlock(24, block));
      }
  }
  const int block = ir::NchwcBlockSize();
  if (block > 0) ExpectSameOutputs(b.model(), Blocked(*b.model(), block));
}

// DenseNet's pre-activation layer, Concat -> BatchNormalization -> Relu -> Conv, stays blocked:
// the BatchNormalization becomes a blocked depthwise 1x1 convolution (ONNX Runtime's rewrite)
// with the Relu as its activation.
TEST(NchwcTransformer, ABatchNormalizationOfABlockedTensorStaysBlocked) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {1, 16, 9, 8});
  ir::Value* c0 =
      V(b.Op("Conv", {x, b.Random("w0", {16, 16, 1, 1}, 5)}, ConvAttrs(1), {1, 16, 9, 8}));
  ir::Value* c1 =
      V(b.Op("Conv", {c0, b.Random("w1", {32, 16, 3, 3}, 1)}, ConvAttrs(3), {1, 32, 9, 8}));
  ir::Value* cat = V(b.Op("Concat", {c0, c1}, Attrs(Attribute::Int("axis", 1)), {1, 48, 9, 8}));
  std::vector<float> var(48), scale(48);
  for (int i = 0; i < 48; ++i) {
    var[i] = 0.5f + 0.05f * float(i);
    scale[i] = 0.8f + 0.01f * float(i);
  }
  ir::Value* bn = V(b.Op("BatchNormalization",
                         {cat, b.Const("scale", {48}, scale), b.Random("bias", {48}, 2),
                          b.Random("mean", {48}, 3), b.Const("var", {48}, var)},
                         {}, {1, 48, 9, 8}));
  ir::Value* r = V(b.Op("Relu", {bn}, {}, {1, 48, 9, 8}));
  b.g().AddOutput(
      V(b.Op("Conv", {r, b.Random("w2", {32, 48, 1, 1}, 4)}, ConvAttrs(1), {1, 32, 9, 8})));
  for (int block : {8, 16}) {
    SCOPED_TRACE("block " + std::to_string(block));
    auto o = Blocked(*b.model(), block);
    EXPECT_EQ(CountOps(*o, "BatchNormalization"), 0) << ir::ModelToText(*o, {});
    EXPECT_EQ(CountOps(*o, "Relu"), 0);  // the depthwise convolution's activation
    EXPECT_EQ(CountDomainOp(*o, "Conv"), 4);
    EXPECT_EQ(CountDomainOp(*o, "ReorderOutput"), 1);
  }
  const int block = ir::NchwcBlockSize();
  if (block > 0) ExpectSameOutputs(b.model(), Blocked(*b.model(), block));
}

TEST(NchwcTransformer, RunningTwiceChangesNothing) {
  auto o = Blocked(*BlockModel(), 8);
  const std::string before = ir::ModelToText(*o, {});
  auto again = Blocked(*o, 8);
  EXPECT_EQ(ir::ModelToText(*again, {}), before);
}

}  // namespace
}  // namespace onnxlens::passes::testing
