// Quantization parameter math against ONNX Runtime's quantization tool's ranges and rounding.
#include "quant/quant_params.h"

#include <gtest/gtest.h>

namespace onnxlens::quant {
namespace {

TEST(QuantParamsTest, RangesFollowTypeSymmetryAndReduction) {
  EXPECT_EQ(RangeFor(QuantType::kUint8, false).qmin, 0);
  EXPECT_EQ(RangeFor(QuantType::kUint8, false).qmax, 255);
  EXPECT_EQ(RangeFor(QuantType::kUint8, true).qmax, 255);  // no symmetric u8 range
  EXPECT_EQ(RangeFor(QuantType::kInt8, false).qmin, -128);
  EXPECT_EQ(RangeFor(QuantType::kInt8, true).qmin, -127);
  EXPECT_EQ(RangeFor(QuantType::kInt8, false, true).qmin, -64);
  EXPECT_EQ(RangeFor(QuantType::kInt8, false, true).qmax, 64);
  EXPECT_EQ(RangeFor(QuantType::kUint8, false, true).qmax, 127);
}

TEST(QuantParamsTest, AsymmetricUint8CoversTheRangeWithZeroInside) {
  const QParams p = ComputeQParams(-1.0, 3.0, RangeFor(QuantType::kUint8, false), false);
  EXPECT_FLOAT_EQ(p.scale, 4.0f / 255.0f);
  EXPECT_EQ(p.zero_point, 64);  // round(63.75)
  // A range above zero is widened to hold it.
  const QParams q = ComputeQParams(0.5, 2.0, RangeFor(QuantType::kUint8, false), false);
  EXPECT_FLOAT_EQ(q.scale, 2.0f / 255.0f);
  EXPECT_EQ(q.zero_point, 0);
}

TEST(QuantParamsTest, AsymmetricInt8ShiftsTheZeroPoint) {
  const QParams p = ComputeQParams(-1.0, 3.0, RangeFor(QuantType::kInt8, false), false);
  EXPECT_FLOAT_EQ(p.scale, 4.0f / 255.0f);
  EXPECT_EQ(p.zero_point, -64);  // round(-64.25)
}

TEST(QuantParamsTest, SymmetricInt8HasZeroPointZero) {
  const QParams p = ComputeQParams(-2.0, 1.0, RangeFor(QuantType::kInt8, true), true);
  EXPECT_FLOAT_EQ(p.scale, 4.0f / 254.0f);
  EXPECT_EQ(p.zero_point, 0);
}

TEST(QuantParamsTest, SymmetricUint8RoundsTheMidpointHalfToEven) {
  // 0 - (-1) / (2 / 255) = 127.5: numpy.round gives 128.
  const QParams p = ComputeQParams(-1.0, 1.0, RangeFor(QuantType::kUint8, true), true);
  EXPECT_EQ(p.zero_point, 128);
}

TEST(QuantParamsTest, EmptyRangeGivesScaleOne) {
  const QParams p = ComputeQParams(0.0, 0.0, RangeFor(QuantType::kInt8, true), true);
  EXPECT_EQ(p.scale, 1.0f);
  EXPECT_EQ(p.zero_point, 0);
}

TEST(QuantParamsTest, QuantizeValueRoundsHalfToEvenAndSaturates) {
  const QParams p{0.5f, 10};
  const QRange r{0, 255};
  EXPECT_EQ(QuantizeValue(1.25f, p, r), 12);    // 2.5 -> 2
  EXPECT_EQ(QuantizeValue(1.75f, p, r), 14);    // 3.5 -> 4
  EXPECT_EQ(QuantizeValue(-100.f, p, r), 0);    // saturates low
  EXPECT_EQ(QuantizeValue(1000.f, p, r), 255);  // saturates high
}

TEST(QuantParamsTest, PerChannelWeightsGetOneScaleEach) {
  const ir::Tensor w =
      ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2, 3}, {1, -0.5f, 0.25f, 4, 2, -8});
  auto q = QuantizeWeight(w, QuantType::kInt8, true, 0);
  ASSERT_TRUE(q.ok()) << q.status().message();
  ASSERT_EQ(q->params.size(), 2u);
  EXPECT_EQ(q->axis, 0);
  EXPECT_FLOAT_EQ(q->params[0].scale, 2.0f / 254.0f);
  EXPECT_FLOAT_EQ(q->params[1].scale, 16.0f / 254.0f);
  const int8_t* d = q->data.data<int8_t>();
  EXPECT_EQ(d[0], 127);
  EXPECT_EQ(d[5], -127);
  EXPECT_EQ(d[4], 32);  // 2 / (16 / 254) = 31.75
}

TEST(QuantParamsTest, PerTensorWeightOfOneRow) {
  const ir::Tensor w = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {4}, {1, 2, 3, 4});
  auto q = QuantizeWeight(w, QuantType::kUint8, false, -1);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->params.size(), 1u);
  EXPECT_EQ(q->axis, -1);
  EXPECT_EQ(q->data.data<uint8_t>()[3], 255);
}

TEST(QuantParamsTest, AsymmetricInt8WeightsNeverTakeMinus128) {
  // [-1, 3] asymmetric: zero point -64; -1 quantizes to -128 in the full range, ONNX Runtime
  // clamps weights to [-127, 127].
  const ir::Tensor w = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {-1, 3});
  auto q = QuantizeWeight(w, QuantType::kInt8, false, -1);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->data.data<int8_t>()[0], -127);
}

TEST(QuantParamsTest, PerChannelAxisOutOfRangeIsAnError) {
  const ir::Tensor w = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {4}, {1, 2, 3, 4});
  auto q = QuantizeWeight(w, QuantType::kInt8, true, 1);
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.status().message().find("axis 1"), std::string::npos);
}

TEST(QuantParamsTest, BiasUsesInputTimesWeightScale) {
  const ir::Tensor b = ir::Tensor::FromVector<float>(ir::DataType::kFloat, {2}, {1.0f, -2.0f});
  auto q = QuantizeBias(b, 0.1f, {{0.01f, 0}, {0.02f, 0}});
  ASSERT_TRUE(q.ok()) << q.status().message();
  EXPECT_EQ(q->data.dtype(), ir::DataType::kInt32);
  EXPECT_EQ(q->data.data<int32_t>()[0], 1000);
  EXPECT_EQ(q->data.data<int32_t>()[1], -1000);
  EXPECT_FLOAT_EQ(q->params[1].scale, 0.1f * 0.02f);
  // One weight scale: a per-tensor bias.
  auto t = QuantizeBias(b, 0.5f, {{0.5f, 0}});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->params.size(), 1u);
  EXPECT_EQ(t->data.data<int32_t>()[1], -8);
}

TEST(QuantParamsTest, ParameterTensorsAreScalarsOrVectors) {
  const ir::Tensor s = ScaleTensor({{0.5f, 3}});
  EXPECT_TRUE(s.dims().empty());
  const ir::Tensor z = ZeroPointTensor({{0.5f, 3}, {0.25f, 200}}, ir::DataType::kUint8);
  ASSERT_EQ(z.dims(), std::vector<int64_t>{2});
  EXPECT_EQ(z.data<uint8_t>()[1], 200);
}

}  // namespace
}  // namespace onnxlens::quant
