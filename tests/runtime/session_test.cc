// Session: kernel resolution errors list every unsupported op; inputs are validated by name,
// element type, rank and fixed dims; kernel errors name the node; subgraphs read outer scopes.
#include "runtime/session.h"

#include <gtest/gtest.h>

#include "runtime/model_builder.h"

namespace onnxlens::runtime {
namespace {

using testing::FloatType;
using testing::MakeNodeModel;

std::map<std::string, RtValue> Feed(const std::string& name, ir::Tensor t) {
  return {{name, RtValue::FromTensor(std::move(t))}};
}

TEST(SessionTest, CreationListsEveryUnsupportedOpAtOnce) {
  auto m = MakeNodeModel("Relu", {FloatType({1, 4})}, 1);
  ir::Graph& g = *m.model->graph;
  for (const char* op : {"FrobnicateA", "FrobnicateB"}) {
    ir::Node* n = g.AddNode(op, "com.example", op);
    n->AddInput(g.outputs()[0]);
    n->AddOutput(g.CreateValue(std::string(op) + "_out"));
  }
  auto s = Session::Create(m.model);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), StatusCode::kUnsupported);
  EXPECT_NE(s.status().message().find("2 op(s)"), std::string::npos) << s.status().message();
  EXPECT_NE(s.status().message().find("com.example:FrobnicateA"), std::string::npos);
  EXPECT_NE(s.status().message().find("com.example:FrobnicateB"), std::string::npos);
}

TEST(SessionTest, RejectsAWrongElementType) {
  auto m = MakeNodeModel("Relu", {FloatType({1, 4})}, 1);
  auto s = Session::Create(m.model);
  ASSERT_TRUE(s.ok());
  auto r = (*s)->Run(Feed("in0", ir::Tensor::Zeros(ir::DataType::kInt64, {1, 4}).value()));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "input 'in0' expects element type float32, got int64");
}

TEST(SessionTest, RejectsAWrongShape) {
  auto m = MakeNodeModel("Relu", {FloatType({1, 4})}, 1);
  auto s = Session::Create(m.model);
  auto r = (*s)->Run(Feed("in0", ir::Tensor::Zeros(ir::DataType::kFloat, {2, 4}).value()));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("expects float32[1,4], got shape [2,4]"), std::string::npos)
      << r.status().message();
  auto r2 = (*s)->Run(Feed("in0", ir::Tensor::Zeros(ir::DataType::kFloat, {4}).value()));
  ASSERT_FALSE(r2.ok());
  EXPECT_NE(r2.status().message().find("expects rank 2"), std::string::npos);
}

TEST(SessionTest, RejectsAnUnknownAndAMissingInput) {
  auto m = MakeNodeModel("Relu", {FloatType({1, 4})}, 1);
  auto s = Session::Create(m.model);
  auto r = (*s)->Run(Feed("nope", ir::Tensor::Zeros(ir::DataType::kFloat, {1, 4}).value()));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("no input 'nope' (inputs: in0)"), std::string::npos);
  auto r2 = (*s)->Run({});
  ASSERT_FALSE(r2.ok());
  EXPECT_NE(r2.status().message().find("input 'in0' (float32[1,4]) is missing"), std::string::npos);
}

TEST(SessionTest, SymbolicDimsBindPerRunAndMustAgree) {
  ir::TypeInfo t =
      ir::TypeInfo::Tensor(ir::DataType::kFloat, {ir::Dim::Symbolic("batch"), ir::Dim::Known(2)});
  auto m = MakeNodeModel("Add", {t, t}, 1);
  auto s = Session::Create(m.model);
  std::map<std::string, RtValue> in = {
      {"in0", RtValue::FromTensor(ir::Tensor::Zeros(ir::DataType::kFloat, {3, 2}).value())},
      {"in1", RtValue::FromTensor(ir::Tensor::Zeros(ir::DataType::kFloat, {3, 2}).value())}};
  auto ok = (*s)->Run(in);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ((*ok)[0].second.tensor.dims(), (std::vector<int64_t>{3, 2}));
  in["in1"] = RtValue::FromTensor(ir::Tensor::Zeros(ir::DataType::kFloat, {5, 2}).value());
  auto bad = (*s)->Run(in);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("dimension 'batch' is 5 here but 3"), std::string::npos)
      << bad.status().message();
}

TEST(SessionTest, GatherIndexOutOfRangeNamesTheNode) {
  auto m = MakeNodeModel(
      "Gather",
      {FloatType({3, 2}), ir::TypeInfo::Tensor(ir::DataType::kInt64, {ir::Dim::Known(1)})}, 1);
  auto s = Session::Create(m.model);
  ASSERT_TRUE(s.ok());
  std::map<std::string, RtValue> in = {
      {"in0", RtValue::FromTensor(ir::Tensor::Zeros(ir::DataType::kFloat, {3, 2}).value())},
      {"in1",
       RtValue::FromTensor(ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {1}, {7}))}};
  auto r = (*s)->Run(in);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "node 'Gather_node' (Gather): index 7 is out of range for axis 0 of size 3");
}

TEST(SessionTest, ImpossibleReshapeNamesTheNodeAndShapes) {
  auto m = MakeNodeModel(
      "Reshape",
      {FloatType({2, 3}), ir::TypeInfo::Tensor(ir::DataType::kInt64, {ir::Dim::Known(2)})}, 1);
  auto s = Session::Create(m.model);
  std::map<std::string, RtValue> in = {
      {"in0", RtValue::FromTensor(ir::Tensor::Zeros(ir::DataType::kFloat, {2, 3}).value())},
      {"in1",
       RtValue::FromTensor(ir::Tensor::FromVector<int64_t>(ir::DataType::kInt64, {2}, {4, 2}))}};
  auto r = (*s)->Run(in);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                "'Reshape_node' (Reshape): cannot reshape [2,3] (6 elements) to [4,2]"),
            std::string::npos)
      << r.status().message();
}

TEST(SessionTest, IfBranchReadsAnOuterScopeValue) {
  auto m = MakeNodeModel("Neg", {FloatType({2})}, 1);
  ir::Graph& g = *m.model->graph;
  ir::Value* cond = g.CreateValue("cond");
  cond->set_type(ir::TypeInfo::Tensor(ir::DataType::kBool, {}));
  g.AddInput(cond);
  ir::Node* iff = g.AddNode("If", "", "if");
  iff->AddInput(cond);
  ir::Value* y = g.CreateValue("y");
  iff->AddOutput(y);
  g.AddOutput(y);
  for (const char* branch : {"then_branch", "else_branch"}) {
    ir::Attribute a;
    a.name = branch;
    a.type = ir::AttrType::kGraph;
    a.g = std::make_unique<ir::Graph>(branch, &g);
    a.g->set_parent_node(iff);
    ir::Node* n = a.g->AddNode(std::string(branch) == "then_branch" ? "Relu" : "Abs");
    n->AddInput(g.outputs()[0]);  // the Neg output, from the outer graph
    ir::Value* out = a.g->CreateValue(std::string(branch) + "_out");
    n->AddOutput(out);
    a.g->AddOutput(out);
    iff->attributes().push_back(std::move(a));
  }
  auto s = Session::Create(m.model);
  ASSERT_TRUE(s.ok()) << s.status().message();
  std::map<std::string, RtValue> in = {
      {"in0",
       RtValue::FromTensor(ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {1.f, -2.f}))},
      {"cond", RtValue::FromTensor(ir::Tensor::FromVector<uint8_t>(ir::DataType::kBool, {}, {1}))}};
  auto r = (*s)->Run(in);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ir::Tensor& out = (*r)[1].second.tensor;  // outputs: out0 (Neg), y (If)
  EXPECT_EQ(out.data<float>()[0], 0.f);
  EXPECT_EQ(out.data<float>()[1], 2.f);
}

}  // namespace
}  // namespace onnxlens::runtime
