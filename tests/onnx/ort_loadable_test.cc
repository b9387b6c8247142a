// Whether ONNX Runtime would load a model (check --ort-loadable): ONNX's ops, ONNX Runtime's
// contrib ops and the ai.onnx ops it keeps past ONNX's schemas load; a custom domain, an unknown
// com.microsoft op, an op no one has at the opset and a model the checker refuses do not.
#include "onnx/ort_loadable.h"

#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "onnx/exporter.h"
#include "onnx/model_io.h"

namespace onnxlens::onnx_io {
namespace {

// x: float[2,4] -> one node `node` (text format) -> y: float[2,4], with the opsets of `imports`
// (graph outputs need a shape: ONNX's checker requires one).
std::vector<std::string> Findings(const std::string& node, const std::string& imports) {
  const std::string text = "ir_version: 8\n" + imports + R"(
    graph {
      name: "g"
      )" + node + R"(
      input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 }
                                                                   dim { dim_value: 4 } } } } }
      output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 }
                                                                    dim { dim_value: 4 } } } } }
    })";
  onnx::ModelProto proto;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  auto m = LoadModelFromBytes(proto.SerializeAsString(), {}, "m.onnx");
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return {"not loaded"};
  return OrtLoadFindings(*m->model);
}

const char* kOnnx13 = R"(opset_import { domain: "" version: 13 })";
const char* kOnnx12Ms = R"(opset_import { domain: "" version: 12 }
                           opset_import { domain: "com.microsoft" version: 1 })";

TEST(OrtLoadable, OnnxOpsLoad) {
  EXPECT_TRUE(
      Findings(R"(node { op_type: "Relu" input: "x" output: "y" name: "r" })", kOnnx13).empty());
}

TEST(OrtLoadable, OnnxRuntimesContribOpsLoad) {
  EXPECT_TRUE(
      Findings(
          R"(node { op_type: "Gelu" domain: "com.microsoft" input: "x" output: "y" name: "g" })",
          kOnnx12Ms)
          .empty());
}

TEST(OrtLoadable, LayerNormalizationBeforeOpset17IsOnnxRuntimesAndLoads) {
  // ONNX 1.12's checker has no LayerNormalization before opset 17 and fails the model; ONNX
  // Runtime registers it from opset 1 (our optimizer writes it so).
  const auto found = Findings(R"(
      node { op_type: "LayerNormalization" input: "x" input: "s" input: "b" output: "y" name: "ln"
             attribute { name: "axis" i: -1 type: INT } }
      initializer { name: "s" dims: 4 data_type: 1 float_data: [1, 1, 1, 1] }
      initializer { name: "b" dims: 4 data_type: 1 float_data: [0, 0, 0, 0] })",
                              R"(opset_import { domain: "" version: 12 })");
  EXPECT_TRUE(found.empty()) << found[0];
  EXPECT_TRUE(OrtRegistersBeyondOnnx("", "LayerNormalization", 12));
  EXPECT_FALSE(OrtRegistersBeyondOnnx("", "LayerNormalization", 17));  // ONNX's own from 17
  EXPECT_FALSE(OrtRegistersBeyondOnnx("", "Relu", 13));
}

TEST(OrtLoadable, ACustomDomainNeedsACustomOpLibrary) {
  const auto found = Findings(
      R"(node { op_type: "MyOp" domain: "my.ops" input: "x" output: "y" name: "<script>" })",
      R"(opset_import { domain: "" version: 13 } opset_import { domain: "my.ops" version: 1 })");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0],
            "node '<script>' (my.ops.MyOp): the domain 'my.ops' is not ONNX Runtime's; it loads "
            "only with a custom op library that registers it");
}

TEST(OrtLoadable, AnUnknownMicrosoftOpIsNamed) {
  const auto found = Findings(
      R"(node { op_type: "FusedFoo" domain: "com.microsoft" input: "x" output: "y" name: "f" })",
      kOnnx12Ms);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0],
            "node 'f' (com.microsoft.FusedFoo): not one of ONNX Runtime's com.microsoft ops");
}

TEST(OrtLoadable, AnOpAtAnOpsetBeforeItExistedIsNamed) {
  // Gelu is neither ONNX's (before opset 20) nor kept by ONNX Runtime in the ONNX domain.
  const auto found =
      Findings(R"(node { op_type: "Gelu" input: "x" output: "y" name: "g" })", kOnnx13);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0],
            "node 'g' (ai.onnx.Gelu): neither ONNX nor ONNX Runtime has this op at opset 13");
}

TEST(OrtLoadable, NodesInsideSubgraphsAreChecked) {
  const auto found = Findings(R"(
      node { op_type: "If" input: "c" output: "y" name: "if"
        attribute { name: "then_branch" type: GRAPH g {
          name: "t" node { op_type: "MyOp" domain: "my.ops" input: "x" output: "t_y" name: "inner" }
          output { name: "t_y" type { tensor_type { elem_type: 1 } } } } }
        attribute { name: "else_branch" type: GRAPH g {
          name: "e" node { op_type: "Relu" input: "x" output: "e_y" name: "relu" }
          output { name: "e_y" type { tensor_type { elem_type: 1 } } } } } }
      initializer { name: "c" data_type: 9 int32_data: [1] })",
                              R"(opset_import { domain: "" version: 13 }
                                 opset_import { domain: "my.ops" version: 1 })");
  ASSERT_FALSE(found.empty());
  EXPECT_NE(found[0].find("node 'inner' (my.ops.MyOp)"), std::string::npos) << found[0];
}

TEST(OrtLoadable, TwoNodesOfOneNameAreAFindingAndAnExportRenamesOne) {
  // ONNX Runtime: "two nodes with same node name"; ONNX's checker says nothing.
  const auto found = Findings(R"(
      node { op_type: "Relu" input: "x" output: "h" name: "r" }
      node { op_type: "Relu" input: "h" output: "r_2" name: "r" }
      node { op_type: "Relu" input: "r_2" output: "y" name: "r_2" })",
                              kOnnx13);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], "two nodes are named 'r' in graph 'g'; ONNX Runtime needs node names unique");
  const std::string text = std::string(kOnnx13) + R"(
    ir_version: 8
    graph { name: "g"
      node { op_type: "Relu" input: "x" output: "h" name: "r" }
      node { op_type: "Relu" input: "h" output: "h2" name: "r" }
      node { op_type: "Relu" input: "h2" output: "y" name: "r_2" }
      input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
      output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } } })";
  onnx::ModelProto proto;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  auto m = LoadModelFromBytes(proto.SerializeAsString(), {}, "m.onnx");
  ASSERT_TRUE(m.ok()) << m.status().message();
  auto exported = ExportModel(*m->model);
  ASSERT_TRUE(exported.ok());
  std::vector<std::string> names;
  for (const auto& n : exported->graph().node()) names.push_back(n.name());
  // The second "r" skips "r_2" (another node's name) and takes "r_3".
  EXPECT_EQ(names, (std::vector<std::string>{"r", "r_3", "r_2"}));
}

TEST(OrtLoadable, AGraphOutputWithoutAShapeLoadsAsInOnnxRuntime) {
  // ONNX 1.12's checker refuses the file (a graph output's type must have a shape field);
  // ONNX Runtime 1.30 loads it (seen with ../shared/tools/ort), and so does the gate: it checks
  // the model as loaded, with shape inference's shapes.
  const std::string text = R"(
    ir_version: 8 opset_import { domain: "" version: 13 }
    graph { name: "g" node { op_type: "Relu" input: "x" output: "y" name: "r" }
      input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
      output { name: "y" type { tensor_type { elem_type: 1 } } } })";
  onnx::ModelProto proto;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  auto m = LoadModelFromBytes(proto.SerializeAsString(), {}, "m.onnx");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_FALSE(m->checker_passed);
  const auto found = OrtLoadFindings(*m->model);
  EXPECT_TRUE(found.empty()) << found[0];
}

}  // namespace
}  // namespace onnxlens::onnx_io
