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

}  // namespace
}  // namespace onnxlens::api
