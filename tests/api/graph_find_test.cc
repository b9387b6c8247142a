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
  // Conv nodes whose weight is 32 output channels: only the last stage's conv
  const auto hits = Ops("conv 32×16×3×3");
  EXPECT_EQ(hits, std::vector<std::string>{"Conv"});
  EXPECT_TRUE(Ops("conv softmax").empty());
}

TEST_F(GraphFind, QuotedIsAWholeField) {
  EXPECT_EQ(Ops("\"relu\"").size(), 4u);  // op type equals Relu
  EXPECT_TRUE(Ops("\"rel\"").empty());    // no field is exactly "rel"
  EXPECT_EQ(Ops("\"image\""), (std::vector<std::string>{"value:image", "Conv"}));
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
