// Declared output types around shape inference: a disagreement is a warning naming the output and
// both types (the model still loads, inference covers the rest of the graph); an agreeing one is
// merged as ONNX merges it.
#include "onnx/declared_outputs.h"

#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "ir/type_info.h"
#include "onnx/model_io.h"

namespace onnxlens::onnx_io {
namespace {

// x: float[1,4] -> Relu -> y, then y -> Relu -> z; z declared as `z_shape` ("" = no shape).
std::string ModelBytes(const std::string& z_type) {
  const std::string text = R"(
    ir_version: 8
    opset_import { domain: "" version: 13 }
    graph {
      name: "g"
      node { op_type: "Relu" input: "x" output: "y" name: "r1" }
      node { op_type: "Relu" input: "y" output: "z" name: "r2" }
      input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 1 }
                                                                   dim { dim_value: 4 } } } } }
      output { name: "z" type { tensor_type { )" +
                           z_type + R"( } } }
    })";
  onnx::ModelProto proto;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  return proto.SerializeAsString();
}

Expected<LoadedModel> Load(const std::string& z_type) {
  return LoadModelFromBytes(ModelBytes(z_type), {}, "m.onnx");
}

std::string OutputType(const LoadedModel& m) {
  return ir::TypeToString(m.model->graph->outputs()[0]->type());
}

TEST(DeclaredOutputsTest, ADisagreeingDimensionIsAWarningAndTheDeclaredTypeIsKept) {
  auto m = Load("elem_type: 1 shape { dim { dim_value: 2 } dim { dim_value: 4 } }");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(m->shape_inference_complete);
  ASSERT_EQ(m->warnings.size(), 1u);
  EXPECT_EQ(m->warnings[0],
            "output 'z' is declared float32[2,4] but shape inference gives float32[1,4] "
            "(dimension 0); the declared type is kept");
  EXPECT_EQ(OutputType(*m), "float32[2,4]");
  // Inference still reached the value before the output.
  EXPECT_EQ(ir::TypeToString(m->model->graph->FindLocalValue("y")->type()), "float32[1,4]");
}

TEST(DeclaredOutputsTest, RankAndElementTypeDisagreementsAreNamed) {
  auto rank = Load("elem_type: 1 shape { dim { dim_value: 4 } }");
  ASSERT_TRUE(rank.ok());
  ASSERT_EQ(rank->warnings.size(), 1u);
  EXPECT_NE(rank->warnings[0].find("(rank)"), std::string::npos) << rank->warnings[0];
  auto type = Load("elem_type: 7 shape { dim { dim_value: 1 } dim { dim_value: 4 } }");
  ASSERT_TRUE(type.ok());
  ASSERT_FALSE(type->warnings.empty());
  bool named = false;
  for (const auto& w : type->warnings) named |= w.find("(element type)") != std::string::npos;
  EXPECT_TRUE(named) << type->warnings[0];
}

TEST(DeclaredOutputsTest, AnAgreeingTypeMergesAsOnnxDoes) {
  // A symbolic declared dimension takes the inferred value; a missing shape takes the inferred.
  auto named = Load("elem_type: 1 shape { dim { dim_param: \"batch\" } dim { dim_value: 4 } }");
  ASSERT_TRUE(named.ok());
  EXPECT_TRUE(named->warnings.empty()) << named->warnings[0];
  EXPECT_EQ(OutputType(*named), "float32[1,4]");
  auto bare = Load("elem_type: 1");
  ASSERT_TRUE(bare.ok());
  // (The checker itself asks for a shape: that warning is its own.)
  for (const auto& w : bare->warnings)
    EXPECT_EQ(w.find("shape inference gives"), std::string::npos);
  EXPECT_EQ(OutputType(*bare), "float32[1,4]");
}

TEST(DeclaredOutputsTest, AnOutputThatIsAnInputKeepsItsTypeUntouched) {
  onnx::ModelProto proto;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(R"(
    graph {
      input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 3 } } } } }
      output { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 3 } } } } }
    })",
                                                            &proto));
  DeclaredOutputs declared(proto.mutable_graph());
  EXPECT_TRUE(proto.graph().output(0).has_type());
  EXPECT_TRUE(declared.MergeBack().empty());
  EXPECT_EQ(proto.graph().output(0).type().tensor_type().shape().dim(0).dim_value(), 3);
}

}  // namespace
}  // namespace onnxlens::onnx_io
