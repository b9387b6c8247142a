// if-elimination: an If on a constant condition becomes the taken branch's nodes (outer-scope
// reads, branch initializers and clashing names handled); an If on an input stays.
#include <gtest/gtest.h>

#include <set>

#include "passes/pass_test_util.h"

namespace onnxlens::passes {
namespace {

using testing::CountOps;
using testing::ExpectSameOutputs;
using testing::GraphBuilder;
using testing::Optimized;

ir::Value* BoolValue(GraphBuilder& b, const std::string& name, bool value, bool as_input) {
  ir::Value* c = b.g().CreateValue(name);
  c->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, {}));
  if (as_input) {
    b.g().AddInput(c);
  } else {
    b.g().SetInitializer(c, ir::Tensor::FromVector<uint8_t>(ir::DataType::kBool, {},
                                                            {value ? uint8_t{1} : uint8_t{0}}));
  }
  return c;
}

// If(cond): then = Relu(x) * k (k a branch initializer; the Relu's output named like an outer
// value), else = Abs(x) and x itself as the second output.
ir::Node* AddIf(GraphBuilder& b, ir::Value* cond, ir::Value* x, const std::string& clash) {
  ir::Graph& g = b.g();
  ir::Node* iff = g.AddNode("If", "", "if_" + cond->name());
  iff->AddInput(cond);
  for (const char* branch : {"then_branch", "else_branch"}) {
    const bool then = std::string(branch) == "then_branch";
    ir::Attribute a;
    a.name = branch;
    a.type = ir::AttrType::kGraph;
    a.g = std::make_unique<ir::Graph>(branch, &g);
    a.g->set_parent_node(iff);
    ir::Graph& s = *a.g;
    ir::Node* n = s.AddNode(then ? "Relu" : "Abs", "", "Relu_0");  // clashes with b's node names
    n->AddInput(x);
    ir::Value* mid = s.CreateValue(clash);
    mid->set_type(x->type());
    n->AddOutput(mid);
    ir::Value* k = s.CreateValue("k");
    k->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, ir::DimsFromSizes({1})));
    s.SetInitializer(k,
                     ir::Tensor::FromVector<float>(ir::DataType::kFloat, {1}, {then ? 2.f : 3.f}));
    ir::Node* mul = s.AddNode("Mul", "", "mul");
    mul->AddInput(mid);
    mul->AddInput(k);
    ir::Value* out = s.CreateValue(std::string(branch) + "_out");
    out->set_type(x->type());
    mul->AddOutput(out);
    s.AddOutput(out);
    s.AddOutput(then ? mid : x);
    iff->attributes().push_back(std::move(a));
  }
  for (int i = 0; i < 2; ++i) {
    ir::Value* o = g.CreateValue(iff->name() + "_out" + std::to_string(i));
    o->set_type(x->type());
    iff->AddOutput(o);
  }
  return iff;
}

TEST(IfElimination, ConstantConditionsInlineTheTakenBranch) {
  for (bool value : {true, false}) {
    GraphBuilder b;
    ir::Value* x = b.Input("x", {2, 3});
    ir::Node* relu = b.Op("Relu", {x}, {}, {2, 3});
    ir::Node* iff =
        AddIf(b, BoolValue(b, "cond", value, false), relu->output(0), relu->output(0)->name());
    ir::Node* add = b.Op("Add", {iff->output(0), iff->output(1)}, {}, {2, 3});
    b.Out(add);
    b.Out(iff, 1);  // an If output that is a graph output
    auto opt = Optimized(*b.model(), Level::kBasic, {"if-elimination"});
    EXPECT_EQ(CountOps(*opt, "If"), 0) << value;
    EXPECT_EQ(CountOps(*opt, value ? "Relu" : "Abs"), value ? 2 : 1);
    EXPECT_EQ(CountOps(*opt, "Mul"), 1);
    std::set<std::string> names;
    for (const ir::Node* n : opt->graph->nodes()) EXPECT_TRUE(names.insert(n->name()).second);
    EXPECT_EQ(opt->graph->outputs()[1]->name(), iff->output(1)->name());
    ExpectSameOutputs(b.model(), opt);
  }
}

TEST(IfElimination, ConditionFromAnInputStays) {
  GraphBuilder b;
  ir::Value* x = b.Input("x", {2, 3});
  ir::Node* iff = AddIf(b, BoolValue(b, "cond", true, true), x, "m");
  b.Out(iff, 0);
  auto opt = Optimized(*b.model(), Level::kBasic, {"if-elimination"});
  EXPECT_EQ(CountOps(*opt, "If"), 1);
}

}  // namespace
}  // namespace onnxlens::passes
