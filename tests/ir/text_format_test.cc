// Tests for the stable text form.
#include "ir/text_format.h"

#include <gtest/gtest.h>

namespace onnxlens::ir {
namespace {

void Build(Graph* g, bool reversed) {
  Value* x = g->CreateValue("x");
  x->set_type(TypeInfo::Tensor(DataType::kFloat, {Dim::Symbolic("batch"), Dim::Known(4)}));
  g->AddInput(x);
  Value* a = g->CreateValue("a");
  Value* y = g->CreateValue("y");
  auto add_relu = [&] {
    Node* n = g->AddNode("Relu", "", "relu");
    n->AddInput(x);
    n->AddOutput(a);
  };
  auto add_lrelu = [&] {
    Node* n = g->AddNode("LeakyRelu", "", "lrelu");
    n->AddInput(a);
    n->AddOutput(y);
    n->SetAttribute(Attribute::Float("alpha", 0.1f));
  };
  if (reversed) {
    add_lrelu();
    add_relu();
  } else {
    add_relu();
    add_lrelu();
  }
  g->AddOutput(y);
}

TEST(TextFormatTest, PrintsAGraphInAStableForm) {
  Graph g("main");
  Build(&g, false);
  EXPECT_EQ(GraphToText(g),
            "graph \"main\" {\n"
            "  input %x: float32[batch,4]\n"
            "  %a: ? = Relu[\"relu\"](%x)\n"
            "  %y: ? = LeakyRelu[\"lrelu\"](%a) {alpha=0.100000001}\n"
            "  output %y: ?\n"
            "}\n");
}

TEST(TextFormatTest, DoesNotDependOnStoredNodeOrder) {
  Graph g1("main"), g2("main");
  Build(&g1, false);
  Build(&g2, true);
  EXPECT_EQ(GraphToText(g1), GraphToText(g2));
}

TEST(TextFormatTest, ShowsTensorHashesAndNodeIdsOnRequest) {
  Graph g("main");
  Value* w = g.CreateValue("w");
  g.SetInitializer(w, Tensor::FromVector<float>(DataType::kFloat, {2}, {1, 2}));
  TextOptions opt;
  opt.node_ids = true;
  const std::string text = GraphToText(g, opt);
  EXPECT_NE(text.find("initializer %w = float32[2] #"), std::string::npos) << text;
  opt.tensor_hashes = false;
  EXPECT_NE(GraphToText(g, opt).find("initializer %w = float32[2]\n"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::ir
