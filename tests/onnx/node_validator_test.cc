// Node validation against the ONNX schemas: every class the hostile-model probe found is refused
// with an error naming the node, the op and what was wrong; valid nodes pass.
#include "onnx/node_validator.h"

#include <gtest/gtest.h>

#include "runtime/model_builder.h"
#include "runtime/refused_models.h"

namespace onnxlens::onnx_io {
namespace {

using testing::FloatType;
using testing::MakeNodeModel;

ir::TypeInfo Typed(ir::DataType t, std::vector<int64_t> dims) {
  return ir::TypeInfo::Tensor(t, ir::DimsFromSizes(dims));
}

void ExpectValidatorRefused(const ir::Model& m, const std::string& part) {
  const Status st = ValidateModel(m);
  ASSERT_FALSE(st.ok()) << "accepted; expected: " << part;
  EXPECT_EQ(st.code(), StatusCode::kInvalidModel);
  EXPECT_NE(st.message().find(part), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("node '"), std::string::npos) << st.message();
}

TEST(NodeValidatorTest, AValidNodePasses) {
  auto m = MakeNodeModel("Relu", {FloatType({2, 3})}, 1);
  EXPECT_TRUE(ValidateModel(*m.model).ok());
}

TEST(NodeValidatorTest, TypeConstraintsAreBoundAcrossInputs) {
  auto m = MakeNodeModel("Gemm", {Typed(ir::DataType::kDouble, {2, 2}), FloatType({2, 2})}, 1);
  ExpectValidatorRefused(*m.model, "both are type T");
}

TEST(NodeValidatorTest, AnInputTypeTheConstraintDoesNotAllowIsRefused) {
  auto m = MakeNodeModel(
      "Conv",
      {Typed(ir::DataType::kUint16, {1, 1, 4, 4}), Typed(ir::DataType::kUint16, {1, 1, 3, 3})}, 1);
  ExpectValidatorRefused(*m.model, "uint16");
}

TEST(NodeValidatorTest, DeclaredOutputTypesAreChecked) {
  auto m = MakeNodeModel("Relu", {FloatType({2})}, 1);
  m.model->graph->outputs()[0]->set_type(Typed(ir::DataType::kInt64, {2}));
  ExpectValidatorRefused(*m.model, "output 0");
}

TEST(NodeValidatorTest, ArityIsChecked) {
  auto m = MakeNodeModel("Relu", {FloatType({2}), FloatType({2})}, 1);
  ExpectValidatorRefused(*m.model, "Relu");
}

TEST(NodeValidatorTest, AttributeTypesUnknownAttributesAndEnumsAreChecked) {
  auto perm_string = MakeNodeModel("Transpose", {FloatType({2, 3})}, 1);
  perm_string.node->SetAttribute(ir::Attribute::String("perm", "0,1"));
  ExpectValidatorRefused(*perm_string.model, "perm");

  auto perm_repeat = MakeNodeModel("Transpose", {FloatType({2, 3})}, 1);
  perm_repeat.node->SetAttribute(ir::Attribute::Ints("perm", {0, 0}));
  ExpectValidatorRefused(*perm_repeat.model, "not a permutation");

  auto unknown = MakeNodeModel("Relu", {FloatType({2})}, 1);
  unknown.node->SetAttribute(ir::Attribute::Int("frobnicate", 1));
  ExpectValidatorRefused(*unknown.model, "frobnicate");

  auto pad = MakeNodeModel("MaxPool", {FloatType({1, 1, 4, 4})}, 1);
  pad.node->SetAttribute(ir::Attribute::Ints("kernel_shape", {2, 2}));
  pad.node->SetAttribute(ir::Attribute::String("auto_pad", "SOMETIMES"));
  ExpectValidatorRefused(*pad.model, "auto_pad 'SOMETIMES'");
}

TEST(NodeValidatorTest, ConvGeometryIsChecked) {
  auto zero_stride = MakeNodeModel("Conv", {FloatType({1, 2, 4, 4}), FloatType({3, 2, 3, 3})}, 1);
  zero_stride.node->SetAttribute(ir::Attribute::Ints("strides", {0, 1}));
  ExpectValidatorRefused(*zero_stride.model, "strides must be positive");

  auto short_bias =
      MakeNodeModel("Conv", {FloatType({1, 2, 4, 4}), FloatType({3, 2, 3, 3}), FloatType({2})}, 1);
  ExpectValidatorRefused(*short_bias.model, "bias B has 2 values for 3 output channels");

  auto group =
      MakeNodeModel("ConvTranspose", {FloatType({1, 3, 4, 4}), FloatType({3, 1, 3, 3})}, 1);
  group.node->SetAttribute(ir::Attribute::Int("group", 2));
  ExpectValidatorRefused(*group.model, "group 2 does not divide the 3 input channels");
}

TEST(NodeValidatorTest, AnIfConditionMustBeBool) {
  auto m = MakeNodeModel("If", {FloatType({1})}, 1);
  for (const char* branch : {"then_branch", "else_branch"}) {
    ir::Attribute a;
    a.name = branch;
    a.type = ir::AttrType::kGraph;
    a.g = std::make_unique<ir::Graph>(branch, m.model->graph.get());
    ir::Value* out = a.g->CreateValue(std::string(branch) + "_out");
    ir::Node* c = a.g->AddNode("Constant", "", std::string(branch) + "_c");
    c->SetAttribute(
        ir::Attribute::FromTensor("value", ir::Tensor::Zeros(ir::DataType::kFloat, {1}).value()));
    c->AddOutput(out);
    a.g->AddOutput(out);
    m.node->SetAttribute(std::move(a));
  }
  ExpectValidatorRefused(*m.model, "tensor(float)");
}

TEST(NodeValidatorTest, AnOpsetTheSchemasDoNotKnowIsRefused) {
  auto m = MakeNodeModel("Relu", {FloatType({2})}, 1, 99);
  ExpectValidatorRefused(*m.model, "opset 99");
}

TEST(NodeValidatorTest, ValidateAllListsEveryProblem) {
  auto m = MakeNodeModel("Relu", {FloatType({2}), FloatType({2})}, 1);
  ir::Graph& g = *m.model->graph;
  ir::Node* t = g.AddNode("Transpose", "", "t");
  t->AddInput(g.outputs()[0]);
  t->AddOutput(g.CreateValue("t_out"));
  t->SetAttribute(ir::Attribute::Ints("perm", {1, 1}));
  EXPECT_EQ(ValidateModelAll(*m.model).size(), 2u);
}

// Issue 41.6: a branch gets every check the main graph gets, whether it is taken or not.
TEST(NodeValidatorTest, AnUnsqueezeAxisPastTheRankIsRefusedInABranchNotTaken) {
  const testing::RefusedModel broken = testing::BrokenUnsqueezeInBranchNotTaken();
  ExpectValidatorRefused(*broken.model, broken.message);
  // The twin: axes within the rank in both branches (the else branch's axis 0, the then branch's
  // -3 of rank 3) pass.
  auto fine = testing::refused_detail::IfModel(
      [](ir::Graph& b, ir::Value* x) {
        return testing::refused_detail::UnsqueezeBranch(b, x, -3, "u_then");
      },
      [](ir::Graph& b, ir::Value* x) {
        return testing::refused_detail::UnsqueezeBranch(b, x, 2, "u_else");
      });
  EXPECT_TRUE(ValidateModel(*fine).ok()) << ValidateModel(*fine).message();
  // In the main graph, at opset 11 (axes an attribute), a repeated axis is refused as well.
  auto repeated = MakeNodeModel("Unsqueeze", {FloatType({2})}, 1, 11);
  repeated.node->SetAttribute(ir::Attribute::Ints("axes", {0, -3}));
  ExpectValidatorRefused(*repeated.model, "axis -3 is repeated");
}

TEST(NodeValidatorTest, ABrokenNodeTwoSubgraphsDeepIsRefused) {
  // An If in the else branch of an If: the inner then branch holds the broken Unsqueeze.
  using testing::refused_detail::AddIf;
  using testing::refused_detail::UnsqueezeBranch;
  auto m = std::make_shared<ir::Model>();
  m->opset_imports.push_back({"", 17});
  m->graph = std::make_unique<ir::Graph>("g");
  ir::Graph& g = *m->graph;
  ir::Value* cond = testing::refused_detail::Input(g, "cond", ir::DataType::kBool, {});
  ir::Value* x = testing::refused_detail::Input(g, "x", ir::DataType::kFloat, {2, 3});
  g.AddOutput(AddIf(
      g, cond, x, [](ir::Graph& b, ir::Value* v) { return UnsqueezeBranch(b, v, 0, "u_outer"); },
      [&](ir::Graph& b, ir::Value* v) {
        return AddIf(
            b, cond, v,
            [](ir::Graph& c, ir::Value* w) { return UnsqueezeBranch(c, w, -4, "u_deep"); },
            [](ir::Graph& c, ir::Value* w) { return UnsqueezeBranch(c, w, 1, "u_ok"); }, "inner");
      }));
  ExpectValidatorRefused(*m, "node 'u_deep' (Unsqueeze): axis -4 is out of range for rank 3");
}

TEST(NodeValidatorTest, ABranchOutOfTopologicalOrderIsRefusedNamingTheNode) {
  const testing::RefusedModel unsorted = testing::UnsortedBranch();
  ExpectValidatorRefused(*unsorted.model, unsorted.message);
  EXPECT_NE(ValidateModel(*unsorted.model).message().find("topological order"), std::string::npos);
}

TEST(NodeValidatorTest, ASortedBranchReadingOuterValuesPasses) {
  // Both branches read the outer x; the then branch's Abs comes before the Relu reading it.
  auto m = testing::refused_detail::IfModel(
      [](ir::Graph& b, ir::Value* x) {
        ir::Node* abs = testing::refused_detail::Op(b, "Abs", "abs", {x});
        return testing::refused_detail::Op(b, "Relu", "relu", {abs->output(0)})->output(0);
      },
      [](ir::Graph& b, ir::Value* x) {
        return testing::refused_detail::Op(b, "Neg", "neg", {x})->output(0);
      });
  EXPECT_TRUE(ValidateModel(*m).ok()) << ValidateModel(*m).message();
}

TEST(NodeValidatorTest, ConstantInputsAKernelWouldRefuseAreRefusedBeforeAnythingRuns) {
  for (const testing::RefusedModel& c :
       {testing::OneHotValuesShort(), testing::ReshapeOverflow(), testing::BatchNormBiasShort()}) {
    SCOPED_TRACE(c.name);
    ExpectValidatorRefused(*c.model, c.message);
  }
  // Their twins: two values, a target that fits (with one -1), a bias per channel.
  testing::RefusedModel onehot = testing::OneHotValuesShort();
  ir::Value* values = onehot.model->graph->FindLocalValue("values");
  onehot.model->graph->SetInitializer(
      values, ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {0.f, 1.f}));
  EXPECT_TRUE(ValidateModel(*onehot.model).ok()) << ValidateModel(*onehot.model).message();
  testing::RefusedModel reshape = testing::ReshapeOverflow();
  reshape.model->graph->SetInitializer(
      reshape.model->graph->FindLocalValue("shape"),
      ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {2}, {3, -1}));
  EXPECT_TRUE(ValidateModel(*reshape.model).ok()) << ValidateModel(*reshape.model).message();
  testing::RefusedModel bn = testing::BatchNormBiasShort();
  bn.model->graph->SetInitializer(
      bn.model->graph->FindLocalValue("bias"),
      ir::Tensor::FromVector<float>(ir::DataType::kFloat, {3}, {0.f, 0.f, 0.f}));
  EXPECT_TRUE(ValidateModel(*bn.model).ok()) << ValidateModel(*bn.model).message();
}

}  // namespace
}  // namespace onnxlens::onnx_io
