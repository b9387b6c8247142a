// Integer arithmetic on hostile values (issue 17): no undefined behaviour. Overflow wraps as two's
// complement (INT_MIN / -1 is INT_MIN), a zero divisor is an error naming the node, and int64
// reductions are exact.
#include <cstdint>
#include <limits>

#include "kernels/hostile_model.h"

namespace onnxlens::testing {
namespace {

constexpr int32_t kMin32 = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax32 = std::numeric_limits<int32_t>::max();
constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();

class HostileInteger : public ::testing::TestWithParam<std::string> {
 protected:
  template <typename T>
  std::vector<T> RunValues(const HostileRun& r) {
    auto out = RunOn(GetParam(), r);
    if (!out.ok()) {
      ADD_FAILURE() << out.status().message();
      return {};
    }
    const ir::Tensor& t = (*out)[0].second.tensor;
    return std::vector<T>(t.data<T>(), t.data<T>() + t.numel());
  }
  static ir::Tensor I32(std::vector<int32_t> v) {
    const int64_t n = static_cast<int64_t>(v.size());
    return Int32s({n}, std::move(v));
  }
  static ir::Tensor I64(std::vector<int64_t> v) {
    const int64_t n = static_cast<int64_t>(v.size());
    return Int64s({n}, std::move(v));
  }
};

using ::testing::ElementsAre;

TEST_P(HostileInteger, DivisionWrapsMinByMinusOne) {
  EXPECT_THAT(RunValues<int32_t>({"Div", {I32({kMin32, 7, -7}), I32({-1, 2, 2})}}),
              ElementsAre(kMin32, 3, -3));
  EXPECT_THAT(RunValues<int64_t>({"Div", {I64({kMin64}), I64({-1})}}), ElementsAre(kMin64));
}

TEST_P(HostileInteger, DivisionByZeroIsAnError) {
  ExpectRunError(RunOn(GetParam(), {"Div", {I32({1, 2}), I32({1, 0})}}),
                 "integer division by zero: divisor B [2] has 0 at element 1");
  ExpectRunError(RunOn(GetParam(), {"Mod", {I64({5}), I64({0})}}), "integer division by zero");
  ExpectRunError(RunOn(GetParam(), {"Mod", {I64({5}), I64({0})}, {AInt("fmod", 1)}}),
                 "integer division by zero");
}

TEST_P(HostileInteger, RemainderOfMinByMinusOneIsZero) {
  EXPECT_THAT(RunValues<int32_t>({"Mod", {I32({kMin32, -7, 7}), I32({-1, 3, -3})}}),
              ElementsAre(0, 2, -2));
  EXPECT_THAT(RunValues<int32_t>({"Mod", {I32({kMin32, -7}), I32({-1, 3})}, {AInt("fmod", 1)}}),
              ElementsAre(0, -1));
}

TEST_P(HostileInteger, AddSubMulWrap) {
  EXPECT_THAT(RunValues<int32_t>({"Add", {I32({kMax32, kMin32}), I32({1, -1})}}),
              ElementsAre(kMin32, kMax32));
  EXPECT_THAT(RunValues<int64_t>({"Sub", {I64({kMin64, kMax64}), I64({1, -1})}}),
              ElementsAre(kMax64, kMin64));
  EXPECT_THAT(RunValues<int32_t>({"Mul", {I32({kMax32, kMin32}), I32({2, -1})}}),
              ElementsAre(-2, kMin32));
  // uint16 * uint16 promotes to int in C++, where 65535 * 65535 overflows.
  EXPECT_THAT(RunValues<uint16_t>({"Mul",
                                   {Values<uint16_t>(ir::DataType::kUint16, {1}, {65535}),
                                    Values<uint16_t>(ir::DataType::kUint16, {1}, {65535})}}),
              ElementsAre(1));
}

TEST_P(HostileInteger, NegAndAbsOfTheMinimum) {
  EXPECT_THAT(RunValues<int32_t>({"Neg", {I32({kMin32, 5})}}), ElementsAre(kMin32, -5));
  EXPECT_THAT(RunValues<int64_t>({"Abs", {I64({kMin64, -5})}}), ElementsAre(kMin64, 5));
}

TEST_P(HostileInteger, SumAndReduceSumWrapAndAreExact) {
  // Sum is float-only in ONNX (the validator says so), but the kernel takes every numeric type.
  auto sum = ComputeDirectOutputs(GetParam(), {"Sum", {I64({kMax64}), I64({1}), I64({1})}});
  ASSERT_TRUE(sum.ok()) << sum.status().message();
  EXPECT_EQ((*sum)[0].tensor.data<int64_t>()[0], kMin64 + 1);
  EXPECT_THAT(RunValues<int64_t>({"ReduceSum", {I64({kMax64, 1})}, {AInt("keepdims", 0)}}),
              ElementsAre(kMin64));
  // 2^53 + 1 is not a double: an int64 sum must not go through one.
  EXPECT_THAT(
      RunValues<int64_t>({"ReduceSum", {I64({int64_t{1} << 53, 1})}, {AInt("keepdims", 0)}}),
      ElementsAre((int64_t{1} << 53) + 1));
  EXPECT_THAT(RunValues<int32_t>({"ReduceProd", {I32({65536, 65536, 3})}, {AInt("keepdims", 0)}}),
              ElementsAre(0));
}

TEST_P(HostileInteger, IntegerMatMulIsExactAndWraps) {
  EXPECT_THAT(RunValues<int64_t>(
                  {"MatMul", {Int64s({1, 2}, {int64_t{1} << 53, 1}), Int64s({2, 1}, {1, 1})}}),
              ElementsAre((int64_t{1} << 53) + 1));
  EXPECT_THAT(RunValues<int32_t>({"MatMul", {Int32s({1, 2}, {kMax32, 1}), Int32s({2, 1}, {1, 1})}}),
              ElementsAre(kMin32));
}

TEST_P(HostileInteger, CumSumWraps) {
  EXPECT_THAT(RunValues<int32_t>({"CumSum", {I32({kMax32, 1, 1}), Int64s({}, {0})}}),
              ElementsAre(kMax32, kMin32, kMin32 + 1));
}

TEST_P(HostileInteger, PowOfIntegersWraps) {
  EXPECT_THAT(RunValues<int32_t>({"Pow", {I32({2, 3, -1, 1, 2}), I32({40, -1, -3, -7, 31})}}),
              ElementsAre(0, 0, -1, 1, kMin32));
}

TEST_P(HostileInteger, BitShiftPastTheWidthIsZero) {
  const auto u8 = [](std::vector<uint8_t> v) {
    const int64_t n = static_cast<int64_t>(v.size());
    return Values<uint8_t>(ir::DataType::kUint8, {n}, std::move(v));
  };
  EXPECT_THAT(RunValues<uint8_t>(
                  {"BitShift", {u8({1, 1, 255}), u8({9, 7, 4})}, {AString("direction", "LEFT")}}),
              ElementsAre(0, 128, 240));
}

TEST_P(HostileInteger, CastOfOutOfRangeFloatsSaturates) {
  const ir::Tensor f = Values<float>(ir::DataType::kFloat, {4}, {1e20f, -1e20f, NAN, -2.5f});
  EXPECT_THAT(RunValues<int32_t>({"Cast", {f}, {AInt("to", 6)}}),
              ElementsAre(kMax32, kMin32, 0, -2));
}

INSTANTIATE_TEST_SUITE_P(Providers, HostileInteger, ::testing::ValuesIn(HostileProviders()));

}  // namespace
}  // namespace onnxlens::testing
