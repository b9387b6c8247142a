// Type and shape text.
#include "ir/type_info.h"

#include <gtest/gtest.h>

namespace onnxlens::ir {
namespace {

TEST(ShapeLabel, KnownSymbolicAndUnknownDims) {
  EXPECT_EQ(ShapeLabel({Dim::Known(1), Dim::Symbolic("batch"), Dim::Unknown(), Dim::Known(224)}),
            "1\u00d7batch\u00d7?\u00d7224");
  EXPECT_EQ(ShapeLabel({}), "");
}

TEST(ShapeLabel, NamesShapeInferenceMadeUpShowAsUnknown) {
  // ONNX's shape inference names sizes it cannot name "unk__N": noise on an edge.
  EXPECT_EQ(ShapeLabel({Dim::Symbolic("unk__19"), Dim::Known(64)}), "?\u00d764");
  // A name of the user's that only looks alike stays.
  EXPECT_EQ(ShapeLabel({Dim::Symbolic("unk__"), Dim::Symbolic("unk__x1"), Dim::Symbolic("unk")}),
            "unk__\u00d7unk__x1\u00d7unk");
  // The type text (sidebar, JSON) keeps every name: equal names tell equal sizes.
  EXPECT_EQ(TypeToString(TypeInfo::Tensor(DataType::kFloat, {Dim::Symbolic("unk__19")})),
            "float32[unk__19]");
}

TEST(IsGeneratedDimName, OnlyUnkUnderscoresAndDigits) {
  EXPECT_TRUE(IsGeneratedDimName("unk__0"));
  EXPECT_TRUE(IsGeneratedDimName("unk__123"));
  EXPECT_FALSE(IsGeneratedDimName("unk__"));
  EXPECT_FALSE(IsGeneratedDimName("unk_1"));
  EXPECT_FALSE(IsGeneratedDimName("Unk__1"));
  EXPECT_FALSE(IsGeneratedDimName("batch"));
}

}  // namespace
}  // namespace onnxlens::ir
