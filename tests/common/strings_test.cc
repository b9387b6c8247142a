// Text helpers: chart labels that tell names apart.
#include "common/strings.h"

#include <gtest/gtest.h>

namespace onnxlens {
namespace {

TEST(DistinctShortNames, EqualTailsTakeMoreOfTheName) {
  // resnet18's report listed '/layer4/layer4…2/BatchNormalization_output_0' twice (layer4.0's
  // and layer4.1's), its middle cut.
  const std::vector<std::string> shown =
      DistinctShortNames({"/layer4/layer4.0/bn2/BatchNormalization_output_0",
                          "/layer4/layer4.1/bn2/BatchNormalization_output_0",
                          "/avgpool/GlobalAveragePool_output_0", "/fc/Gemm", "Relu_3"},
                         44);
  ASSERT_EQ(shown.size(), 5u);
  EXPECT_EQ(shown[0], "layer4.0/bn2/BatchNormalization_output_0");
  EXPECT_EQ(shown[1], "layer4.1/bn2/BatchNormalization_output_0");
  EXPECT_EQ(shown[2], "avgpool/GlobalAveragePool_output_0");
  EXPECT_EQ(shown[3], "fc/Gemm");
  EXPECT_EQ(shown[4], "Relu_3");
}

TEST(DistinctShortNames, LongLabelsKeepTheirDistinguishingPartAndStayWithinMax) {
  const std::vector<std::string> shown = DistinctShortNames(
      {"/encoder/layers.0/attention/self/MatMul", "/encoder/layers.1/attention/self/MatMul",
       "/a_very_long_scope_name_of_an_exporter/another_long_scope/Conv_output_0"},
      26);
  EXPECT_EQ(shown[0], "layers.0/\u2026/MatMul");
  EXPECT_EQ(shown[1], "layers.1/\u2026/MatMul");
  // Characters, not bytes: the "…" counts once.
  size_t chars = 0;
  for (unsigned char c : shown[2]) chars += (c & 0xC0) != 0x80;
  EXPECT_LE(chars, 26u) << shown[2];
  EXPECT_NE(shown[2].find("\u2026"), std::string::npos) << shown[2];
}

TEST(DistinctShortNames, NamesEqualToTheEndStayEqualAndEmptyIsEmpty) {
  EXPECT_EQ(DistinctShortNames({"/x/Add", "/x/Add"}, 40),
            (std::vector<std::string>{"x/Add", "x/Add"}));
  EXPECT_EQ(DistinctShortNames({"", "/"}, 40), (std::vector<std::string>{"", "/"}));
  EXPECT_TRUE(DistinctShortNames({}, 40).empty());
}

}  // namespace
}  // namespace onnxlens
