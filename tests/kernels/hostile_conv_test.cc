// Conv, ConvTranspose and pooling on hostile shapes (issue 17): every case is an error naming the
// problem, on the cpu provider (its kernels, the reference one as fallback) and the reference one.
#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

class HostileConv : public ::testing::TestWithParam<std::string> {
 protected:
  Expected<runtime::NamedValues> Run(const HostileRun& r) { return RunOn(GetParam(), r); }
};

TEST_P(HostileConv, BiasShorterThanTheOutputChannels) {
  ExpectRunError(Run({"Conv", {Floats({1, 3, 5, 5}), Floats({4, 3, 3, 3}), Floats({2})}}),
                 "bias B has 2 values for 4 output channels");
}

TEST_P(HostileConv, BiasLongerThanTheOutputChannels) {
  ExpectRunError(Run({"Conv", {Floats({1, 3, 5, 5}), Floats({4, 3, 3, 3}), Floats({5})}}),
                 "bias B has 5 values for 4 output channels");
}

TEST_P(HostileConv, DepthwiseBiasTooShort) {
  // The cpu kernel's depthwise path reads one bias per channel.
  const std::vector<Attr> a = {AInt("group", 8)};
  ExpectRunError(Run({"Conv", {Floats({1, 8, 6, 6}), Floats({8, 1, 3, 3}), Floats({3})}, a}),
                 "bias B has 3 values for 8 output channels");
}

TEST_P(HostileConv, WeightChannelsDifferFromTheInput) {
  ExpectRunError(Run({"Conv", {Floats({1, 3, 5, 5}), Floats({4, 2, 3, 3})}}),
                 "channels do not match: X [1,3,5,5], W [4,2,3,3], group 1");
}

TEST_P(HostileConv, GroupDoesNotDivideTheWeightChannels) {
  const std::vector<Attr> a = {AInt("group", 2)};
  ExpectRunError(Run({"Conv", {Floats({1, 4, 5, 5}), Floats({3, 2, 3, 3})}, a}),
                 "channels do not match: X [1,4,5,5], W [3,2,3,3], group 2");
}

TEST_P(HostileConv, WeightWithAZeroKernelDimension) {
  ExpectRunError(Run({"Conv", {Floats({1, 3, 5, 5}), Floats({4, 3, 0, 3})}}),
                 "kernel_shape must be positive, got [0,3]");
}

TEST_P(HostileConv, KernelShapeAttributeDisagreesWithTheWeight) {
  const std::vector<Attr> a = {AInts("kernel_shape", {5, 5})};
  ExpectRunError(Run({"Conv", {Floats({1, 3, 7, 7}), Floats({4, 3, 3, 3})}, a}),
                 "kernel_shape [5,5] does not match W [4,3,3,3]");
}

TEST_P(HostileConv, InputAndWeightRanksDiffer) {
  ExpectRunError(Run({"Conv", {Floats({1, 3, 5}), Floats({4, 3, 3, 3})}}),
                 "X [1,3,5] and W [4,3,3,3] must have the same rank >= 3");
}

TEST_P(HostileConv, ConvTransposeGroupNotDividingTheChannels) {
  // Was an integer division by zero (C / group with group > C) and a SIGFPE.
  const std::vector<Attr> a = {AInt("group", 2)};
  ExpectRunError(Run({"ConvTranspose", {Floats({1, 3, 4, 4}), Floats({3, 2, 3, 3})}, a}),
                 "group 2 does not divide the 3 input channels");
  const std::vector<Attr> b = {AInt("group", 4)};
  ExpectRunError(Run({"ConvTranspose", {Floats({1, 3, 4, 4}), Floats({3, 2, 3, 3})}, b}),
                 "group 4 does not divide the 3 input channels");
}

TEST_P(HostileConv, ConvTransposeWeightChannelsDifferFromTheInput) {
  ExpectRunError(Run({"ConvTranspose", {Floats({1, 3, 4, 4}), Floats({2, 2, 3, 3})}}),
                 "W [2,2,3,3] has 2 input channels, X [1,3,4,4] has 3");
}

TEST_P(HostileConv, ConvTransposeBiasShorterThanTheOutputChannels) {
  const std::vector<Attr> a = {AInt("group", 2)};
  ExpectRunError(
      Run({"ConvTranspose", {Floats({1, 2, 4, 4}), Floats({2, 3, 3, 3}), Floats({3})}, a}),
      "bias B has 3 values for 6 output channels");
}

TEST_P(HostileConv, ConvTransposeKernelShapeDisagreesWithTheWeight) {
  const std::vector<Attr> a = {AInts("kernel_shape", {4, 4})};
  ExpectRunError(Run({"ConvTranspose", {Floats({1, 2, 4, 4}), Floats({2, 3, 3, 3})}, a}),
                 "kernel_shape [4,4] does not match W [2,3,3,3]");
}

TEST_P(HostileConv, GeometryPastTwoToThe31) {
  // A zero-element X may declare any spatial size; the geometry products must not overflow.
  const int64_t big = int64_t{1} << 40;
  ExpectRunError(Run({"ConvTranspose", {Floats({0, 1, big, 1}), Floats({1, 1, 1, 1})}}),
                 "the spatial input size [1099511627776,1] is past 2^31");
  ExpectRunError(Run({"Conv", {Floats({0, 1, big, 1}), Floats({1, 1, 1, 1})}}),
                 "the spatial input size [1099511627776,1] is past 2^31");
  ExpectStatusError(ComputeDirect(GetParam(), {"Conv",
                                               {Floats({1, 1, 3, 3}), Floats({1, 1, 1, 1})},
                                               {AInts("strides", {big, 1})}}),
                    "strides [1099511627776,1] is past 2^31");
}

TEST_P(HostileConv, PaddingFarPastTheInputNeedsNoHugeScratch) {
  // Three output rows, two of them all padding: the cpu depthwise and max-pooling kernels would
  // build 2^31-row phase planes, so they decline and the reference kernels compute it.
  const int64_t p = int64_t{1} << 30;
  const std::vector<Attr> a = {AInts("pads", {p, 0, p, 0}), AInts("strides", {p, 1})};
  const ir::Tensor x = Values<float>(ir::DataType::kFloat, {1, 1, 1, 1}, {2.f});
  auto conv = Run({"Conv", {x, Values<float>(ir::DataType::kFloat, {1, 1, 1, 1}, {3.f})}, a});
  ASSERT_TRUE(conv.ok()) << conv.status().message();
  const ir::Tensor& y = (*conv)[0].second.tensor;
  ASSERT_EQ(y.dims(), (std::vector<int64_t>{1, 1, 3, 1}));
  EXPECT_FLOAT_EQ(y.data<float>()[0], 0.f);
  EXPECT_FLOAT_EQ(y.data<float>()[1], 6.f);
  EXPECT_FLOAT_EQ(y.data<float>()[2], 0.f);
  std::vector<Attr> pool = a;
  pool.push_back(AInts("kernel_shape", {1, 1}));
  auto max = Run({"MaxPool", {x}, pool});
  ASSERT_TRUE(max.ok()) << max.status().message();
  ASSERT_EQ((*max)[0].second.tensor.dims(), (std::vector<int64_t>{1, 1, 3, 1}));
  EXPECT_FLOAT_EQ((*max)[0].second.tensor.data<float>()[1], 2.f);
}

TEST_P(HostileConv, ValidInputsStillRun) {
  auto r = Run({"Conv", {Floats({1, 3, 5, 5}), Floats({4, 3, 3, 3}), Floats({4})}});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].second.tensor.dims(), (std::vector<int64_t>{1, 4, 3, 3}));
}

// Attribute values the validator rejects at session creation: the kernels check them too (they
// are also reached from constant folding and from callers that skip the validator).
TEST_P(HostileConv, NonPositiveStridesAndDilationsAtTheKernel) {
  for (const char* op : {"Conv", "ConvTranspose"}) {
    const std::vector<Attr> s = {AInts("strides", {1, 0})};
    Status st = ComputeDirect(GetParam(), {op, {Floats({1, 3, 5, 5}), Floats({3, 3, 3, 3})}, s});
    ExpectStatusError(st, "strides must be positive, got [1,0]");
    const std::vector<Attr> d = {AInts("dilations", {-1, 1})};
    ExpectStatusError(
        ComputeDirect(GetParam(), {op, {Floats({1, 3, 5, 5}), Floats({3, 3, 3, 3})}, d}),
        "dilations must be positive, got [-1,1]");
  }
}

TEST_P(HostileConv, PoolingKernelOfZeroAtTheKernel) {
  const std::vector<Attr> a = {AInts("kernel_shape", {0, 2})};
  ExpectStatusError(ComputeDirect(GetParam(), {"MaxPool", {Floats({1, 1, 4, 4})}, a}),
                    "kernel_shape must be positive, got [0,2]");
}

TEST_P(HostileConv, PoolingStridesOfTheWrongLength) {
  const std::vector<Attr> a = {AInts("kernel_shape", {2, 2}), AInts("strides", {1})};
  ExpectStatusError(ComputeDirect(GetParam(), {"AveragePool", {Floats({1, 1, 4, 4})}, a}),
                    "do not match the spatial rank 2");
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileConv, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
