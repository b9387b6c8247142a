// Tests for the graph verifier: each invariant has a failing case that names what is wrong.
#include "ir/verifier.h"

#include <gtest/gtest.h>

namespace onnxlens::ir {
namespace {

TEST(VerifierTest, AcceptsAWellFormedGraph) {
  Graph g("main");
  Value* x = g.CreateValue("x");
  g.AddInput(x);
  Value* w = g.CreateValue("w");
  g.SetInitializer(w, Tensor::FromVector<float>(DataType::kFloat, {1}, {2.f}));
  Value* y = g.CreateValue("y");
  Node* n = g.AddNode("Mul", "", "mul");
  n->AddInput(x);
  n->AddInput(w);
  n->AddOutput(y);
  g.AddOutput(y);
  EXPECT_TRUE(VerifyGraph(g).ok()) << VerifyGraph(g).message();
}

TEST(VerifierTest, RejectsAnInputThatNothingDefines) {
  Graph g("main");
  Value* dangling = g.CreateValue("dangling");
  Value* y = g.CreateValue("y");
  Node* n = g.AddNode("Relu", "", "relu");
  n->AddInput(dangling);
  n->AddOutput(y);
  g.AddOutput(y);
  Status s = VerifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("'relu' (Relu)"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("'dangling'"), std::string::npos) << s.message();
}

TEST(VerifierTest, RejectsAnUndefinedGraphOutput) {
  Graph g("main");
  g.AddOutput(g.CreateValue("nowhere"));
  Status s = VerifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("graph output"), std::string::npos);
}

TEST(VerifierTest, RejectsAValueReadFromASiblingSubgraph) {
  Graph g("main");
  Value* c = g.CreateValue("c");
  g.AddInput(c);
  Node* iff = g.AddNode("If", "", "if");
  iff->AddInput(c);
  Attribute then_attr, else_attr;
  then_attr.name = "then_branch";
  then_attr.type = AttrType::kGraph;
  then_attr.g = std::make_unique<Graph>("then", &g);
  then_attr.g->set_parent_node(iff);
  else_attr.name = "else_branch";
  else_attr.type = AttrType::kGraph;
  else_attr.g = std::make_unique<Graph>("else", &g);
  else_attr.g->set_parent_node(iff);
  Value* t = then_attr.g->CreateValue("t");
  then_attr.g->AddInput(t);
  Value* e = else_attr.g->CreateValue("e");
  Node* bad = else_attr.g->AddNode("Identity", "", "reads_sibling");
  bad->AddInput(t);  // t lives in the then branch
  bad->AddOutput(e);
  else_attr.g->AddOutput(e);
  iff->attributes().push_back(std::move(then_attr));
  iff->attributes().push_back(std::move(else_attr));
  Status s = VerifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("does not enclose"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("'reads_sibling'"), std::string::npos) << s.message();
}

TEST(VerifierTest, RejectsAProducedValueThatIsAlsoAnInitializer) {
  Graph g("main");
  Value* x = g.CreateValue("x");
  g.AddInput(x);
  Value* w = g.CreateValue("w");
  g.SetInitializer(w, Tensor::FromVector<float>(DataType::kFloat, {1}, {2.f}));
  Node* n = g.AddNode("Relu", "", "relu");
  n->AddInput(x);
  n->AddOutput(w);
  Status s = VerifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("initializer"), std::string::npos);
}

TEST(VerifierTest, RejectsACycle) {
  Graph g("main");
  Value* a = g.CreateValue("a");
  Value* b = g.CreateValue("b");
  Node* n1 = g.AddNode("Relu", "", "n1");
  Node* n2 = g.AddNode("Neg", "", "n2");
  n1->AddInput(b);
  n1->AddOutput(a);
  n2->AddInput(a);
  n2->AddOutput(b);
  Status s = VerifyGraph(g);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("cycle"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::ir
