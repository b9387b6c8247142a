// com.microsoft QLinearAdd / QLinearMul: the cpu kernel against the reference kernel bit for bit
// (uint8 / int8; equal shapes, a single A or B, a bias row, a [1, 1, 1, S] mask, per-channel
// values over [N, C, H, W] on either side; lengths that leave a scalar tail; inline and on two
// threads), the reference against the definition (within one step of dequantize -> op ->
// quantize computed in double), a few values worked by hand, saturation, the cpu kernel's
// declines and the reference kernel's errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "kernels/cpu/cpu_vs_reference.h"
#include "kernels/qlinear_binary.h"
#include "kernels/tensor_util.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

template <typename T>
Tensor Random(std::vector<int64_t> dims, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(std::numeric_limits<T>::min(),
                                       std::numeric_limits<T>::max());
  std::vector<T> v(static_cast<size_t>(n));
  for (T& x : v) x = static_cast<T>(u(rng));
  return Tensor::FromVector<T>(kernels::DataTypeOf<T>(), dims, v);
}

Tensor F(float v) { return Tensor::FromVector<float>(DataType::kFloat, {}, {v}); }

template <typename T>
Tensor Z(int v) {
  return Tensor::FromVector<T>(kernels::DataTypeOf<T>(), {}, {static_cast<T>(v)});
}

// A (scale, zero point) B (scale, zero point) C (scale, zero point).
struct Params {
  float sa, sb, sc;
  int za, zb, zc;
};

template <typename T>
HostileRun BinaryCase(const std::string& op, Tensor a, Tensor b, const Params& p) {
  return {op, {a, F(p.sa), Z<T>(p.za), b, F(p.sb), Z<T>(p.zb), F(p.sc), Z<T>(p.zc)},
          {}, 1,
          17, "com.microsoft"};
}

const Params kU8 = {0.031f, 0.017f, 0.043f, 128, 119, 131};
const Params kS8 = {0.031f, 0.017f, 0.043f, -3, 5, 0};

template <typename T>
void CompareAllForms(const Params& p, uint32_t seed) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{2, 3, 37}, {2, 3, 37}},         // equal, a scalar tail
      {{1, 128, 256}, {1, 128, 256}},   // equal, split over threads
      {{3, 41}, {}},                    // B a single value
      {{}, {3, 41}},                    // A a single value
      {{1, 1}, {2, 5, 19}},             // A a single value of rank 2
      {{1, 1}, {}},                     // both single, A of the higher rank
      {{1, 96, 256}, {256}},            // a bias row
      {{1, 4, 33, 33}, {1, 1, 1, 33}},  // an attention mask
      {{1, 16, 9, 9}, {1, 16, 1, 1}},   // B per channel (squeeze-and-excitation's scale)
      {{1, 16, 1, 1}, {1, 16, 9, 9}},   // A per channel
      {{2, 8, 5, 7}, {2, 8, 1, 1}},     // per image and channel
      {{1, 8, 33}, {8, 1}},             // B of a lower rank, constant along the last axis
  };
  for (const char* op : {"QLinearAdd", "QLinearMul"})
    for (const auto& [ad, bd] : shapes) {
      const std::string what = std::string(op) + " " + std::to_string(ad.size()) + "-D / " +
                               std::to_string(bd.size()) + "-D";
      ExpectCpuMatchesReference(BinaryCase<T>(op, Random<T>(ad, seed), Random<T>(bd, seed + 1), p),
                                0, 0, what);
      ++seed;
    }
}

TEST(QLinearBinaryCpu, MatchesTheReferenceBitForBit) {
  CompareAllForms<uint8_t>(kU8, 1);
  CompareAllForms<int8_t>(kS8, 100);
}

// The reference kernel within one step of the definition: saturate(round(op(DQ(a), DQ(b)) / sc)
// + zc) in double (the kernels round in float, as ONNX Runtime, and may land on the other side of
// a tie).
TEST(QLinearBinaryReference, IsWithinOneStepOfTheDefinition) {
  const Tensor a = Random<uint8_t>({4, 200}, 7), b = Random<uint8_t>({4, 200}, 8);
  for (bool add : {true, false}) {
    const Params p = add ? kU8 : Params{0.031f, 0.017f, 0.09f, 128, 119, 131};
    auto y = RunKernel(kernels::kReferenceProvider,
                       BinaryCase<uint8_t>(add ? "QLinearAdd" : "QLinearMul", a, b, p), nullptr);
    ASSERT_TRUE(y.ok()) << y.status().message();
    int off = 0;
    for (int64_t i = 0; i < a.numel(); ++i) {
      const double x = p.sa * (double(a.data<uint8_t>()[i]) - p.za);
      const double w = p.sb * (double(b.data<uint8_t>()[i]) - p.zb);
      const double q = std::nearbyint((add ? x + w : x * w) / p.sc) + p.zc;
      const double want = std::min(255.0, std::max(0.0, q));
      const int got = y->tensor.data<uint8_t>()[i];
      EXPECT_LE(std::fabs(got - want), 1.0) << "element " << i;
      off += got != want;
    }
    EXPECT_LE(off * 50, a.numel()) << "more than 2% a step off";
  }
}

// A [2, 3, 4, 5] + B [3, 1, 1]: B is one value along each innermost run, which ONNX Runtime's
// broadcast loop folds into the fixed part of the sum (its single-value form), not the form of
// two varying inputs. The reference kernel (the cpu kernel declines this broadcast) does the same.
TEST(QLinearBinaryReference, AValueRepeatedAlongARunIsASingleValue) {
  const Tensor a = Random<uint8_t>({2, 3, 4, 5}, 21), b = Random<uint8_t>({3, 1, 1}, 22);
  auto y =
      RunKernel(kernels::kReferenceProvider, BinaryCase<uint8_t>("QLinearAdd", a, b, kU8), nullptr);
  ASSERT_TRUE(y.ok()) << y.status().message();
  const kernels::qlinear::AddParams p =
      kernels::qlinear::MakeAddParams(kU8.sa, kU8.za, kU8.sb, kU8.zb, kU8.sc, kU8.zc);
  for (int64_t i = 0; i < a.numel(); ++i) {
    const int32_t bv = b.data<uint8_t>()[(i / 20) % 3];
    const float fixed = kernels::qlinear::AddFixedWithScalar(bv, p.rb, p.fixed);
    const uint8_t want = kernels::qlinear::Saturate<uint8_t>(
        kernels::qlinear::AddValueScalar(a.data<uint8_t>()[i], p.ra, fixed));
    EXPECT_EQ(y->tensor.data<uint8_t>()[i], want) << "element " << i;
  }
}

TEST(QLinearBinaryCpu, ValuesWorkedByHandAndSaturation) {
  // Add: 0.5 * (3 - 1) + 0.25 * (10 - 2) = 3; / 0.5 = 6; + 10 = 16. A value beyond 255 saturates.
  const Params p = {0.5f, 0.25f, 0.5f, 1, 2, 10};
  Tensor a = Tensor::FromVector<uint8_t>(DataType::kUint8, {9}, {3, 3, 3, 3, 3, 3, 3, 3, 255});
  Tensor b =
      Tensor::FromVector<uint8_t>(DataType::kUint8, {9}, {10, 10, 10, 10, 10, 10, 10, 10, 255});
  for (const char* provider : {kernels::kCpuProvider, kernels::kReferenceProvider}) {
    auto y = RunKernel(provider, BinaryCase<uint8_t>("QLinearAdd", a, b, p), nullptr);
    ASSERT_TRUE(y.ok()) << y.status().message();
    for (int i = 0; i < 8; ++i) EXPECT_EQ(y->tensor.data<uint8_t>()[i], 16) << provider;
    EXPECT_EQ(y->tensor.data<uint8_t>()[8], 255) << provider;
    // Mul: (0.5 * 2) * (0.25 * 8) = 2; / 0.5 = 4; + 10 = 14. int8 saturates below at -128.
    auto m = RunKernel(provider, BinaryCase<uint8_t>("QLinearMul", a, b, p), nullptr);
    ASSERT_TRUE(m.ok()) << m.status().message();
    EXPECT_EQ(m->tensor.data<uint8_t>()[0], 14) << provider;
    Tensor sa = Tensor::FromVector<int8_t>(DataType::kInt8, {9}, {127, 0, 0, 0, 0, 0, 0, 0, -128});
    Tensor sb = Tensor::FromVector<int8_t>(DataType::kInt8, {9}, {-128, 0, 0, 0, 0, 0, 0, 0, 127});
    auto s = RunKernel(provider, BinaryCase<int8_t>("QLinearMul", sa, sb, {1.f, 1.f, 1.f, 0, 0, 0}),
                       nullptr);
    ASSERT_TRUE(s.ok()) << s.status().message();
    EXPECT_EQ(s->tensor.data<int8_t>()[0], -128) << provider;
    EXPECT_EQ(s->tensor.data<int8_t>()[8], -128) << provider;
    EXPECT_EQ(s->tensor.data<int8_t>()[1], 0) << provider;
  }
}

TEST(QLinearBinaryCpu, AddRoundsAsOnnxRuntimeWhereTheFixedPartsLastBitDecides) {
  // mobilenet_v2's first residual Add (static, calibrated on smooth images): ONNX Runtime 1.30's
  // bytes for the three (a, b) of 65536 whose rounding depends on the fixed part being
  // zc - fma(ra, za, rb * zb) rather than zc - (ra * za + rb * zb) (that form gave 28, 89, 211).
  const Params p = {
      0.05253129079937935f, 0.05134023725986481f, 0.06310167163610458f, 104, 132, 120};
  Tensor a = Tensor::FromVector<uint8_t>(DataType::kUint8, {3}, {41, 83, 167});
  Tensor b = Tensor::FromVector<uint8_t>(DataType::kUint8, {3}, {84, 116, 180});
  for (const char* provider : {kernels::kCpuProvider, kernels::kReferenceProvider}) {
    auto y = RunKernel(provider, BinaryCase<uint8_t>("QLinearAdd", a, b, p), nullptr);
    ASSERT_TRUE(y.ok()) << y.status().message();
    EXPECT_EQ(y->tensor.data<uint8_t>()[0], 29) << provider;
    EXPECT_EQ(y->tensor.data<uint8_t>()[1], 90) << provider;
    EXPECT_EQ(y->tensor.data<uint8_t>()[2], 212) << provider;
  }
}

TEST(QLinearBinaryCpu, OtherBroadcastsGoToTheReferenceKernel) {
  const auto r = BinaryCase<uint8_t>("QLinearAdd", Random<uint8_t>({2, 1, 3}, 1),
                                     Random<uint8_t>({2, 4, 1}, 2), kU8);
  auto cpu = RunKernel(kernels::kCpuProvider, r, nullptr);
  ASSERT_FALSE(cpu.ok());
  EXPECT_NE(cpu.status().message().find("shapes"), std::string::npos) << cpu.status().message();
  auto ref = RunKernel(kernels::kReferenceProvider, r, nullptr);
  ASSERT_TRUE(ref.ok()) << ref.status().message();
  EXPECT_EQ(ref->tensor.dims(), (std::vector<int64_t>{2, 4, 3}));
  // And through a session: the run falls back and matches.
  auto run = RunOn(kernels::kCpuProvider, r);
  ASSERT_TRUE(run.ok()) << run.status().message();
  EXPECT_EQ(std::memcmp((*run)[0].second.tensor.raw(), ref->tensor.raw(), 24), 0);
}

TEST(QLinearBinaryReference, ErrorsNameTheInput) {
  HostileRun r =
      BinaryCase<uint8_t>("QLinearAdd", Random<uint8_t>({3}, 1), Random<uint8_t>({3}, 2), kU8);
  r.inputs[4] = Tensor::FromVector<float>(DataType::kFloat, {2}, {1.f, 2.f});
  auto y = RunKernel(kernels::kReferenceProvider, r, nullptr);
  ASSERT_FALSE(y.ok());
  EXPECT_NE(y.status().message().find("B_scale"), std::string::npos) << y.status().message();
  HostileRun mixed =
      BinaryCase<uint8_t>("QLinearMul", Random<uint8_t>({3}, 1), Random<int8_t>({3}, 2), kU8);
  auto m = RunKernel(kernels::kReferenceProvider, mixed, nullptr);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("same type"), std::string::npos) << m.status().message();
  HostileRun shapes =
      BinaryCase<uint8_t>("QLinearAdd", Random<uint8_t>({3, 4}, 1), Random<uint8_t>({5}, 2), kU8);
  auto s = RunKernel(kernels::kReferenceProvider, shapes, nullptr);
  ASSERT_FALSE(s.ok());
}

}  // namespace
}  // namespace onnxlens::testing
