// Find semantics: AND of terms, exact "quoted" fields, shapes (× or x), /regex/, bad regex.
#include "api/graph_find.h"

#include <gtest/gtest.h>

#include "test_paths.h"

namespace onnxlens::api {
namespace {

class GraphFind : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = SnapshotModelFile(testing::SampleModel().string());
    ASSERT_TRUE(s.ok()) << s.status().message();
    snap_ = *s;
  }
  std::vector<std::string> Ops(const std::string& q) {
    auto hits = FindInGraph(*snap_, 0, q);
    EXPECT_TRUE(hits.ok()) << hits.status().message();
    std::vector<std::string> out;
    for (const auto& h : *hits)
      out.push_back(h.is_node ? snap_->graphs[0].nodes[h.index].op_type
                              : "value:" + snap_->graphs[0].values[h.index].name);
    return out;
  }
  std::shared_ptr<const GraphSnapshot> snap_;
};

TEST_F(GraphFind, SubstringIgnoresCaseAndSearchesTensorNames) {
  EXPECT_EQ(Ops("GEMM"), std::vector<std::string>{"Gemm"});
  // "relu" finds the four Relu nodes and the nodes reading their outputs (tensor names)
  const auto relu = Ops("relu");
  EXPECT_EQ(std::count(relu.begin(), relu.end(), "Relu"), 4);
  EXPECT_GT(relu.size(), 4u);
}

TEST_F(GraphFind, TermsAreAnded) {
  // Conv nodes whose weight is 32 output channels: only the last stage's conv, and that weight
  // itself (an initializer is a hit of its own)
  const auto hits = Ops("conv 32×16×3×3");
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].rfind("value:", 0), 0u) << hits[0];
  EXPECT_EQ(hits[1], "Conv");
  EXPECT_TRUE(Ops("conv softmax").empty());
}

TEST_F(GraphFind, QuotedIsAWholeField) {
  EXPECT_EQ(Ops("\"relu\"").size(), 4u);  // op type equals Relu
  EXPECT_TRUE(Ops("\"rel\"").empty());    // no field is exactly "rel"
  EXPECT_EQ(Ops("\"image\""), (std::vector<std::string>{"value:image", "Conv"}));
}

TEST_F(GraphFind, EachHitSaysWhatMatchedAndAWeightIsAHitOfItsOwn) {
  const auto& g = snap_->graphs[0];
  // "bn.scale": the BatchNormalization scales themselves, and the nodes reading them, each saying
  // it matched through that input.
  auto hits = FindInGraph(*snap_, 0, "bn.scale");
  ASSERT_TRUE(hits.ok());
  int weights = 0, nodes = 0;
  for (const FindHit& h : *hits) {
    ASSERT_EQ(h.reasons.size(), 1u);
    const FindReason& r = h.reasons[0];
    if (h.initializer) {
      ++weights;
      EXPECT_FALSE(h.is_node);
      EXPECT_TRUE(g.values[h.index].initializer);
      EXPECT_EQ(r.field, FindReason::kName);
      continue;
    }
    ASSERT_TRUE(h.is_node);
    ++nodes;
    EXPECT_EQ(g.nodes[h.index].op_type, "BatchNormalization");
    EXPECT_EQ(r.field, FindReason::kInputName);
    ASSERT_GE(r.value, 0);
    EXPECT_NE(g.values[r.value].name.find("bn.scale"), std::string::npos);
  }
  EXPECT_GT(weights, 0);
  EXPECT_EQ(weights, nodes);
  // An exact op type says so.
  hits = FindInGraph(*snap_, 0, "\"softmax\"");
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].reasons[0].field, FindReason::kOpType);
}

TEST_F(GraphFind, ShapesWithXOrTimes) {
  EXPECT_EQ(Ops("batchx10"), Ops("batch×10"));
  EXPECT_FALSE(Ops("batchx10").empty());
}

TEST_F(GraphFind, RegexAndBadRegex) {
  EXPECT_EQ(Ops("/^(Gemm|Softmax)$/"), (std::vector<std::string>{"Gemm", "Softmax"}));
  auto bad = FindInGraph(*snap_, 0, "/(unclosed/");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("(unclosed"), std::string::npos);
  EXPECT_FALSE(FindInGraph(*snap_, 0, "/open").ok());
  EXPECT_TRUE(Ops("   ").empty());
}

}  // namespace
}  // namespace onnxlens::api
