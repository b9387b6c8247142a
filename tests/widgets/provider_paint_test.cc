// PaintProviders: every node of every graph gets its provider from the partition, boundary nodes
// are the reorders and the nodes reading another provider's output (and no others), the counts
// add up to the node count.
#include "widgets/provider_paint.h"

#include <gtest/gtest.h>

namespace onnxlens::widgets {
namespace {

// A chain in -> A -> B -> C -> out, plus a ReorderOutput D reading C.
std::shared_ptr<const api::GraphSnapshot> Chain() {
  auto s = std::make_shared<api::GraphSnapshot>();
  api::SnapshotGraph g;
  const char* ops[] = {"Conv", "ConvTranspose", "Relu", "ReorderOutput"};
  for (int v = 0; v < 5; ++v) {
    api::SnapshotValue value;
    value.name = "v" + std::to_string(v);
    value.producer = v - 1;  // v0 is the graph input
    g.values.push_back(value);
  }
  for (int n = 0; n < 4; ++n) {
    api::SnapshotNode node;
    node.id = 100 + n;
    node.op_type = ops[n];
    node.inputs = {n == 3 ? 3 : n};
    node.outputs = {n + 1};
    g.nodes.push_back(node);
  }
  s->graphs.push_back(g);
  s->node_count_total = 4;
  return s;
}

std::shared_ptr<const api::PartitionReport> PaintReport(std::vector<std::string> placed) {
  auto r = std::make_shared<api::PartitionReport>();
  r->providers = {"cpu", "reference"};
  for (size_t n = 0; n < placed.size(); ++n) {
    api::NodePlacementInfo p;
    p.node_id = 100 + static_cast<int64_t>(n);
    p.provider = placed[n];
    if (p.provider != "cpu") p.declined.push_back({"cpu", "no-kernel", "no cpu kernel"});
    r->nodes.push_back(p);
  }
  return r;
}

TEST(ProviderPaint, MarksTheNodesWhereDataCrossesProvidersAndReorders) {
  const ProviderPaint p = PaintProviders(PaintReport({"cpu", "reference", "cpu", "cpu"}), Chain());
  ASSERT_EQ(p.provider.size(), 1u);
  EXPECT_EQ(p.provider[0], (std::vector<int>{0, 1, 0, 0}));
  // B reads A's output (cpu -> reference), C reads B's (reference -> cpu), D is a reorder.
  EXPECT_EQ(p.boundary[0], (std::vector<char>{0, 1, 1, 1}));
  EXPECT_EQ(p.boundaries, 3);
  EXPECT_EQ(p.counts, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(p.nodes(), 4);
  ASSERT_NE(p.placement(101), nullptr);
  EXPECT_EQ(p.placement(101)->declined.front().sentence, "no cpu kernel");
  EXPECT_EQ(p.placement(999), nullptr);
}

TEST(ProviderPaint, OneProviderHasNoBoundaryButItsReorders) {
  const ProviderPaint p = PaintProviders(PaintReport({"cpu", "cpu", "cpu", "cpu"}), Chain());
  EXPECT_EQ(p.boundary[0], (std::vector<char>{0, 0, 0, 1}));
  EXPECT_EQ(p.counts, (std::vector<int64_t>{4, 0}));
}

TEST(ProviderPaint, UnplacedAndUnknownNodesAreCountedApart) {
  // Node 103 is not in the report; node 102 has no provider.
  const ProviderPaint p = PaintProviders(PaintReport({"cpu", "cpu", ""}), Chain());
  EXPECT_EQ(p.provider[0],
            (std::vector<int>{0, 0, ProviderPaint::kUnplaced, ProviderPaint::kMissing}));
  EXPECT_EQ(p.unplaced, 1);
  EXPECT_EQ(p.missing, 1);
  EXPECT_EQ(p.nodes(), 4);
  EXPECT_EQ(p.boundary[0][2], 0);  // no provider: nothing crosses
}

TEST(ProviderPaint, AConstantOnAnotherProviderIsNoBoundary) {
  auto s = std::make_shared<api::GraphSnapshot>(*Chain());
  s->graphs[0].nodes[0].op_type = "Constant";  // A: a weight for B
  const ProviderPaint p = PaintProviders(PaintReport({"reference", "cpu", "cpu", "cpu"}), s);
  EXPECT_EQ(p.boundary[0], (std::vector<char>{0, 0, 0, 1}));
  EXPECT_EQ(p.constants, (std::vector<int64_t>{0, 1}));  // counted apart for the legend
  s->graphs[0].nodes[0].op_type = "Relu";  // the same edge from a computing node crosses
  EXPECT_EQ(PaintProviders(PaintReport({"reference", "cpu", "cpu", "cpu"}), s).boundary[0],
            (std::vector<char>{0, 1, 0, 1}));
}

TEST(ProviderPaint, ReorderOpsAreRecognizedByName) {
  EXPECT_TRUE(isReorderOp("ReorderInput"));
  EXPECT_TRUE(isReorderOp("ReorderOutput"));
  EXPECT_FALSE(isReorderOp("Reshape"));
  EXPECT_FALSE(isReorderOp("NoReorder"));
}

}  // namespace
}  // namespace onnxlens::widgets
