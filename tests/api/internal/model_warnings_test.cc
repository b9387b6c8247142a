// Model warnings: each names what it is about; a clean model has none.
#include "api/internal/model_warnings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "api/model_info.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

using ::testing::HasSubstr;

onnx_io::LoadedModel Load(const std::string& text) {
  onnx::ModelProto proto;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  auto m = onnx_io::LoadModelFromBytes(proto.SerializeAsString(), {}, "m.onnx");
  EXPECT_TRUE(m.ok()) << m.status().message();
  return std::move(m).value();
}

const char* kTensor = R"(type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } })";

std::string Value(const std::string& name) { return "{ name: \"" + name + "\" " + kTensor + " }"; }

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& w : v) s += w + "\n";
  return s;
}

TEST(ModelWarningsTest, ACleanModelHasNone) {
  auto m = Load(R"(ir_version: 8 opset_import { version: 13 }
      graph { node { op_type: "Relu" input: "x" output: "y" }
              input )" +
                Value("x") + " output " + Value("y") + "}");
  EXPECT_TRUE(ModelWarnings(*m.model).empty()) << Joined(ModelWarnings(*m.model));
  auto sample = onnx_io::LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(sample.ok());
  EXPECT_TRUE(ModelWarnings(*sample->model).empty()) << Joined(ModelWarnings(*sample->model));
}

TEST(ModelWarningsTest, UnusedInputsAndInitializersAreNamed) {
  auto m = Load(R"(ir_version: 8 opset_import { version: 13 }
      graph { node { op_type: "Relu" input: "x" output: "y" }
              initializer { name: "w" data_type: 1 dims: 1 float_data: 1 }
              input )" +
                Value("x") + " input " + Value("unused") + " output " + Value("y") + "}");
  const std::string w = Joined(ModelWarnings(*m.model));
  EXPECT_THAT(w, HasSubstr("1 input is read by no node: 'unused' (it must still be fed)"));
  EXPECT_THAT(w, HasSubstr("1 initializer is read by no node: 'w'"));
}

TEST(ModelWarningsTest, NoOutputsANewerOpsetAndAnUnknownDomainAreNamed) {
  auto m = Load(R"(ir_version: 8 opset_import { version: 99 }
      opset_import { domain: "org.example" version: 1 }
      graph { node { op_type: "Relu" input: "x" output: "y" }
              node { op_type: "Magic" domain: "org.example" input: "y" output: "z" }
              input )" +
                Value("x") + "}");
  const std::string w = Joined(ModelWarnings(*m.model));
  EXPECT_THAT(w, HasSubstr("the graph has no outputs"));
  EXPECT_THAT(w, HasSubstr("opset 99 of 'ai.onnx' is newer than the ONNX schemas onnxlens knows"));
  EXPECT_THAT(w, HasSubstr("domain 'org.example' is not one onnxlens knows (1 node: 'Magic')"));
  // com.microsoft is known (contrib ops), as are imported but unused domains.
  auto contrib = Load(R"(ir_version: 8 opset_import { version: 13 }
      opset_import { domain: "com.microsoft" version: 1 }
      opset_import { domain: "org.pytorch.aten" version: 1 }
      graph { node { op_type: "QuickGelu" domain: "com.microsoft" input: "x" output: "y" }
              input )" +
                      Value("x") + " output " + Value("y") + "}");
  EXPECT_TRUE(ModelWarnings(*contrib.model).empty()) << Joined(ModelWarnings(*contrib.model));
}

TEST(ModelWarningsTest, InfoCarriesThemAfterTheLoadWarnings) {
  auto m = Load(R"(ir_version: 8 opset_import { version: 13 }
      graph { node { op_type: "Relu" input: "x" output: "y" }
              input )" +
                Value("x") + " input " + Value("spare") + " output " + Value("y") + "}");
  const ModelInfo info = DescribeModel(m, false);
  EXPECT_THAT(Joined(info.warnings), HasSubstr("'spare'"));
}

}  // namespace
}  // namespace onnxlens::api
