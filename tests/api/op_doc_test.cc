// FindOpDoc: an ONNX op from the schema registry, and the com.microsoft ops the optimizer emits
// from contrib_op_docs (here the quantized QLinearAdd / QLinearMul of qdq-node-units).
#include "api/op_doc.h"

#include <gtest/gtest.h>

namespace onnxlens::api {
namespace {

TEST(OpDoc, OnnxOpsComeFromTheSchemaRegistry) {
  auto d = FindOpDoc("", "Add", 17);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->op_type, "Add");
  EXPECT_FALSE(d->doc.empty());
}

TEST(OpDoc, QLinearAddAndMulAreDocumented) {
  for (const char* op : {"QLinearAdd", "QLinearMul"}) {
    auto d = FindOpDoc("com.microsoft", op, 1);
    ASSERT_TRUE(d.has_value()) << op;
    ASSERT_EQ(d->inputs.size(), 8u);
    EXPECT_EQ(d->inputs[3].name, "B");
    EXPECT_EQ(d->inputs[7].name, "C_zero_point");
    ASSERT_EQ(d->type_constraints.size(), 1u);
    EXPECT_EQ(d->type_constraints[0].allowed,
              (std::vector<std::string>{"tensor(uint8)", "tensor(int8)"}));
  }
}

TEST(OpDoc, LayerNormalizationBeforeOpset17IsOnnxRuntimesWithTheOpset17Inputs) {
  // Our ORT-format export (and ONNX Runtime's own fusion) writes ai.onnx LayerNormalization at
  // the model's opset (bert_tiny: 12); ONNX 1.12 knows it from 17 only. It must not read "Not in
  // ONNX's operator registry" with inputs in1 / in2.
  auto d = FindOpDoc("", "LayerNormalization", 12);
  ASSERT_TRUE(d.has_value());
  ASSERT_EQ(d->inputs.size(), 3u);
  EXPECT_EQ(d->inputs[0].name, "X");
  EXPECT_EQ(d->inputs[1].name, "Scale");
  EXPECT_EQ(d->inputs[2].name, "B");
  EXPECT_EQ(d->doc.rfind("ONNX Runtime's LayerNormalization", 0), 0u) << d->doc;
  EXPECT_NE(d->doc.find("opset 12"), std::string::npos);
  // At 17 it is ONNX's own, without the note; other ops unknown at an opset stay unknown.
  auto own = FindOpDoc("", "LayerNormalization", 17);
  ASSERT_TRUE(own.has_value());
  EXPECT_EQ(own->doc.find("ONNX Runtime's"), std::string::npos);
  EXPECT_FALSE(FindOpDoc("", "GroupNormalization", 12).has_value());
}

}  // namespace
}  // namespace onnxlens::api
