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

TEST(NchwcTransformer, RunningTwiceChangesNothing) {
  auto o = Blocked(*BlockModel(), 8);
  const std::string before = ir::ModelToText(*o, {});
  auto again = Blocked(*o, 8);
  EXPECT_EQ(ir::ModelToText(*again, {}), before);
}

}  // namespace
}  // namespace onnxlens::passes::testing
