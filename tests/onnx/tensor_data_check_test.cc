// A tensor whose data is shorter (or longer) than its dims declare is refused at load, naming the
// file, graph, node and tensor, before libonnx's checker or shape inference reads it: a 4-byte
// int64 Unsqueeze axes tensor crashed every verb in onnx::ParseData<long> before.
#include "onnx/tensor_data_check.h"

#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include <string>

#include "onnx/model_io.h"

namespace onnxlens::onnx_io {
namespace {

// x [2] -> Unsqueeze(axes) -> y, with `axes` spliced in as TENSOR_TEXT (a TensorProto body
// named "axes") in the place PLACE says.
constexpr const char* kUnsqueezeHead = R"pb(
  ir_version: 8
  opset_import { domain: "" version: 13 }
)pb";

std::string AxesTensor(int data_type, const std::string& data) {
  return "name: \"axes\" data_type: " + std::to_string(data_type) + " dims: 1 " + data;
}

std::string MainGraph(const std::string& body) {
  return std::string(kUnsqueezeHead) + "graph { name: \"g\" " + body + R"pb(
    input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
    output { name: "y" type { tensor_type { elem_type: 1 } } }
  })pb";
}

std::string AsConstant(const std::string& tensor) {
  return MainGraph(R"pb(node { name: "c" op_type: "Constant" output: "axes"
                               attribute { name: "value" type: TENSOR t {)pb" +
                   tensor + R"pb(}
                                 } }
                       node { name: "u" op_type: "Unsqueeze" input: "x" input: "axes" output: "y" })pb");
}

std::string AsInitializer(const std::string& tensor) {
  return MainGraph(
      "initializer { " + tensor +
      R"pb(}
           node { name: "u" op_type: "Unsqueeze" input: "x" input: "axes" output: "y" })pb");
}

// The Constant and the Unsqueeze inside both branches of an If.
std::string InBranch(const std::string& tensor) {
  const std::string branch = R"pb(
                               node { name: "c" op_type: "Constant" output: "axes"
                                      attribute { name: "value" type: TENSOR t {)pb" +
                             tensor + R"pb(}
                                           } }
      node { name: "u" op_type: "Unsqueeze" input: "x" input: "axes" output: "b" }
      output { name: "b" type { tensor_type { elem_type: 1 } } })pb";
  return MainGraph(R"pb(
                     initializer { name: "cond" data_type: 9 int32_data: 1 }
                     node { name: "if" op_type: "If" input: "cond" output: "y"
                            attribute { name: "then_branch" type: GRAPH
                                        g { name: "then")pb" +
                   branch + R"pb(}
                                 }
             attribute { name: "else_branch" type: GRAPH g { name: "else" )pb" +
                   branch + R"pb(}
                                 } })pb");
}

std::string Serialize(const std::string& text) {
  onnx::ModelProto m;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &m)) << text;
  return m.SerializeAsString();
}

std::string LoadError(const std::string& text) {
  auto loaded = LoadModelFromBytes(Serialize(text), {}, "hostile.onnx");
  if (loaded.ok()) return "";
  return loaded.status().message();
}

std::string RawBytes(size_t n, const char* byte = "\\001") {
  std::string s = "raw_data: \"";
  for (size_t i = 0; i < n; ++i) s += byte;
  return s + "\"";
}

TEST(TensorDataCheckTest, ShortInt64RawDataAsConstantInitializerOrBranchIsRefusedNotACrash) {
  const std::string axes = AxesTensor(7, RawBytes(4));  // int64 [1]: 8 bytes needed
  for (const auto& [where, text] :
       {std::pair{"constant", AsConstant(axes)}, std::pair{"initializer", AsInitializer(axes)},
        std::pair{"branch", InBranch(axes)}}) {
    const std::string error = LoadError(text);
    ASSERT_FALSE(error.empty()) << where << " loaded";
    EXPECT_NE(error.find("hostile.onnx"), std::string::npos) << error;
    EXPECT_NE(error.find("'axes'"), std::string::npos) << error;
    EXPECT_NE(error.find("needs 8 bytes but raw_data holds 4"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_NE(LoadError(AsConstant(axes)).find("node 'c' (Constant) attribute 'value'"),
            std::string::npos);
  EXPECT_NE(LoadError(InBranch(axes)).find("attribute 'then_branch'"), std::string::npos)
      << LoadError(InBranch(axes));
}

TEST(TensorDataCheckTest, EveryIntegerTypeWithShortOrLongRawDataIsRefused) {
  // ONNX data types with their element sizes: int8 3, uint8 2, int16 5, uint16 4, int32 6,
  // uint32 12, int64 7, uint64 13, bool 9, float16 10, double 11.
  const std::pair<int, size_t> types[] = {{3, 1}, {2, 1},  {5, 2}, {4, 2},  {6, 4}, {12, 4},
                                          {7, 8}, {13, 8}, {9, 1}, {10, 2}, {11, 8}};
  for (const auto& [type, size] : types) {
    // dims [2]: one element short, and one element too many.
    for (size_t bytes : {size, 3 * size}) {
      const std::string t =
          "name: \"axes\" data_type: " + std::to_string(type) + " dims: 2 " + RawBytes(bytes);
      const std::string error = LoadError(AsConstant(t));
      EXPECT_NE(error.find("needs " + std::to_string(2 * size) + " bytes but raw_data holds " +
                           std::to_string(bytes)),
                std::string::npos)
          << "type " << type << ": " << error;
    }
  }
}

TEST(TensorDataCheckTest, TypedFieldsShorterThanTheDimsAreRefused) {
  const std::string t = "name: \"axes\" data_type: 7 dims: 3 int64_data: 0";
  EXPECT_NE(LoadError(InBranch(t)).find("declares 3 element(s) but int64_data holds 1"),
            std::string::npos)
      << LoadError(InBranch(t));
  const std::string none = "name: \"axes\" data_type: 7 dims: 3";
  EXPECT_NE(LoadError(AsInitializer(none)).find("holds no data"), std::string::npos);
}

TEST(TensorDataCheckTest, SparseTensorsAndFunctionsAreChecked) {
  onnx::ModelProto m;
  ASSERT_TRUE(
      google::protobuf::TextFormat::ParseFromString(AsConstant(AxesTensor(7, RawBytes(8))), &m));
  // A sparse initializer whose values are short.
  auto* sp = m.mutable_graph()->add_sparse_initializer();
  sp->add_dims(4);
  sp->mutable_values()->set_name("s");
  sp->mutable_values()->set_data_type(1);
  sp->mutable_values()->add_dims(2);
  sp->mutable_values()->set_raw_data(std::string(4, '\0'));
  Status st = CheckModelTensorData(m);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("sparse initializer 's' values"), std::string::npos) << st.message();
  sp->mutable_values()->set_raw_data(std::string(8, '\0'));
  sp->mutable_indices()->set_data_type(7);
  sp->mutable_indices()->add_dims(2);
  sp->mutable_indices()->set_raw_data(std::string(12, '\0'));
  st = CheckModelTensorData(m);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("indices: shape int64[2] needs 16 bytes"), std::string::npos)
      << st.message();
  sp->mutable_indices()->set_raw_data(std::string(16, '\0'));
  EXPECT_TRUE(CheckModelTensorData(m).ok());

  // A function whose Constant is short.
  auto* f = m.add_functions();
  f->set_name("f");
  auto* n = f->add_node();
  n->set_name("fc");
  n->set_op_type("Constant");
  auto* a = n->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  a->mutable_t()->set_data_type(7);
  a->mutable_t()->add_dims(1);
  a->mutable_t()->set_raw_data(std::string(4, '\0'));
  st = CheckModelTensorData(m);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("function 'f': node 'fc' (Constant)"), std::string::npos)
      << st.message();
}

TEST(TensorDataCheckTest, WellFormedTensorsLoad) {
  auto loaded =
      LoadModelFromBytes(Serialize(InBranch(AxesTensor(7, RawBytes(8, "\\000")))), {}, "fine.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  loaded = LoadModelFromBytes(Serialize(AsInitializer("name: \"axes\" data_type: 7 dims: 1 "
                                                      "int64_data: 1")),
                              {}, "fine.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
}

}  // namespace
}  // namespace onnxlens::onnx_io
