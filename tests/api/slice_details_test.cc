// Slice details: ONNX Runtime's shape and size arguments made readable; anything else, or a
// malformed value, stays as written.
#include "api/slice_details.h"

#include <gtest/gtest.h>

namespace onnxlens::api {
namespace {

TEST(SliceDetails, ShapesAreFormattedLikeTheGraph) {
  EXPECT_EQ(FormatShapesArg(R"([{"float":[1,1,256]},{"float":[256,768]},{"int32":[1,1]}])"),
            "float[1×1×256], float[256×768], int32[1×1]");
  EXPECT_EQ(FormatShapesArg(R"([{"float":[]}])"), "float[]");  // a scalar
  EXPECT_EQ(FormatShapesArg("[]"), "");
  EXPECT_FALSE(FormatShapesArg("not json"));
  EXPECT_FALSE(FormatShapesArg(R"({"float":[1]})"));
  EXPECT_FALSE(FormatShapesArg(R"([{"float":[1.5]}])"));
  EXPECT_FALSE(FormatShapesArg(R"([{"float":[1],"int64":[2]}])"));
}

TEST(SliceDetails, KnownArgumentsAreTypedTheRestKeptInOrder) {
  profiling::TraceEvent e;
  e.args = {{"op_name", "Attention", false},
            {"parameter_size", "789504", false},
            {"input_type_shape", R"([{"float":[1,3]}])", true},
            {"output_size", "-4", false},
            {"output_type_shape", "[oops", true}};
  const auto args = DescribeSliceArgs(e);
  ASSERT_EQ(args.size(), 5u);
  EXPECT_EQ(args[0].kind, SliceArgKind::kText);
  EXPECT_EQ(args[0].value, "Attention");
  EXPECT_EQ(args[1].kind, SliceArgKind::kBytes);
  EXPECT_EQ(args[1].bytes, 789504);
  EXPECT_EQ(args[2].kind, SliceArgKind::kShapes);
  EXPECT_EQ(args[2].value, "float[1×3]");
  EXPECT_EQ(args[3].kind, SliceArgKind::kText);  // not a size
  EXPECT_EQ(args[4].kind, SliceArgKind::kText);
  EXPECT_EQ(args[4].value, "[oops");
}

TEST(SliceDetails, OriginsListTheNodesAFusedKernelWasMadeFrom) {
  profiling::TraceEvent e;
  e.args = {{"op_name", "FusedConv", false}, {"origins", R"(["/c/Conv","/c/Relu"])", true}};
  EXPECT_EQ(SliceOrigins(e), (std::vector<std::string>{"/c/Conv", "/c/Relu"}));
  const auto args = DescribeSliceArgs(e);
  ASSERT_EQ(args.size(), 2u);
  EXPECT_EQ(args[1].kind, SliceArgKind::kNodes);
  EXPECT_EQ(args[1].nodes.size(), 2u);
  e.args = {{"origins", "[1, 2]", true}};  // not names: kept as text, no origins
  EXPECT_TRUE(SliceOrigins(e).empty());
  EXPECT_EQ(DescribeSliceArgs(e)[0].kind, SliceArgKind::kText);
}

}  // namespace
}  // namespace onnxlens::api
