// The cpu MatMulInteger, com.microsoft DynamicQuantizeMatMul and QLinearMatMul kernels (on the
// exact integer GEMM, kernels/cpu/igemm.h) against the reference kernels, bit for bit: odd shapes
// (1, 13, 127 rows; K 1, 13, 300; N 1, 13, 64), batched and broadcast, uint8 / int8 A and B in
// all four pairs with full-range values, zero points absent, per tensor, per row of A, per column
// of B, a constant B (packed once) and a computed one, 1 and 2 threads. The trace shows the cpu
// kernel ran (no fallback). Under ONNXLENS_MAX_ISA=avx2 (ctest's *_avx2 runs) the AVX2 path runs.
// And the placement: with dnnl first, no such node lands on the reference provider.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "kernels/cpu/int8_vs_reference.h"
#include "kernels/random_tensors.h"
#include "kernels/tensor_util.h"
#include "runtime/session.h"

namespace onnxlens::testing {
namespace {

using ir::DataType;
using ir::Tensor;

using MmiInput = Int8Input;
using MmiRan = Int8Ran;

std::shared_ptr<ir::Model> MmiModel(const std::string& op, const std::string& domain,
                                    const std::vector<MmiInput>& inputs,
                                    std::map<std::string, runtime::RtValue>* feeds) {
  return Int8NodeModel(op, domain, inputs, {}, feeds);
}

MmiRan MmiRunBoth(const std::string& op, const std::string& domain,
                  const std::vector<MmiInput>& inputs, int threads) {
  return RunOnCpuAndReference(op, domain, inputs, threads);
}

Tensor MmiInts(DataType t, std::vector<int64_t> dims, uint32_t seed) {
  return FullRangeInts(t, std::move(dims), seed);
}

// Zero points: kind 0 absent, 1 one value, 2 one per row (A) / column (B).
Tensor MmiZeros(DataType t, int kind, int64_t count, uint32_t seed) {
  std::vector<int64_t> dims = kind == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{count};
  return MmiInts(t, dims, seed);
}

struct MmiShape {
  std::vector<int64_t> a, b;
};

const std::vector<MmiShape>& MmiShapes() {
  static const std::vector<MmiShape> shapes = {{{1, 1}, {1, 1}},
                                               {{13, 13}, {13, 13}},
                                               {{127, 300}, {300, 64}},
                                               {{2, 7, 13}, {13, 1}},
                                               {{1, 128, 128}, {128, 64}},
                                               {{3, 5, 9}, {3, 9, 11}},
                                               {{2, 1, 4, 6}, {3, 6, 5}},
                                               {{13}, {13, 7}},
                                               {{5, 13}, {13}}};
  return shapes;
}

TEST(CpuMatMulInteger, MatchesReferenceBitForBit) {
  uint32_t seed = 3510;
  for (const MmiShape& s : MmiShapes())
    for (DataType at : {DataType::kUint8, DataType::kInt8})
      for (DataType bt : {DataType::kUint8, DataType::kInt8})
        for (int zk = 0; zk < 3; ++zk)
          for (bool constant_b : {true, false}) {
            const int64_t rows = s.a.size() < 2 ? 1 : s.a[s.a.size() - 2];
            const int64_t cols = s.b.size() < 2 ? 1 : s.b.back();
            // Per-row / per-column zero points need a 2-D A / B.
            const int zka = zk == 2 && s.a.size() < 2 ? 1 : zk;
            const int zkb = zk == 2 && s.b.size() < 2 ? 1 : zk;
            std::vector<MmiInput> in = {{"A", MmiInts(at, s.a, seed), false},
                                        {"B", MmiInts(bt, s.b, seed + 1), constant_b}};
            if (zk > 0) {
              in.push_back({"a_zp", MmiZeros(at, zka, rows, seed + 2), false});
              in.push_back({"b_zp", MmiZeros(bt, zkb, cols, seed + 3), constant_b});
            }
            seed += 4;
            for (int threads : {1, 2}) {
              SCOPED_TRACE("A " + kernels::ShapeString(s.a) + " B " + kernels::ShapeString(s.b) +
                           " types " + std::string(ir::DataTypeName(at)) + "/" +
                           std::string(ir::DataTypeName(bt)) + " zp " + std::to_string(zk) +
                           " constant B " + std::to_string(constant_b) + " threads " +
                           std::to_string(threads));
              MmiRan r = MmiRunBoth("MatMulInteger", "", in, threads);
              EXPECT_EQ(r.provider, "cpu");
              EXPECT_EQ(CountDiffering<int32_t>(r.cpu, r.reference), 0);
            }
          }
}

Tensor MmiFloats(std::vector<int64_t> dims, uint32_t seed) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  std::mt19937 rng(seed);
  std::normal_distribution<float> u(0.2f, 1.5f);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = u(rng);
  return Tensor::FromVector<float>(DataType::kFloat, dims, v);
}

TEST(CpuDynamicQuantizeMatMul, MatchesReferenceBitForBit) {
  uint32_t seed = 3600;
  const std::vector<MmiShape> shapes = {{{1, 1}, {1, 1}},
                                        {{13, 13}, {13, 13}},
                                        {{127, 128}, {128, 64}},
                                        {{2, 7, 300}, {300, 13}},
                                        {{1, 128, 512}, {512, 128}}};
  for (const MmiShape& s : shapes)
    for (DataType bt : {DataType::kInt8, DataType::kUint8})
      for (bool per_column : {false, true})
        for (bool bias : {false, true}) {
          const int64_t n = s.b.back();
          std::vector<float> scales(per_column ? size_t(n) : 1);
          for (size_t i = 0; i < scales.size(); ++i) scales[i] = 0.01f + 0.001f * float(i % 5);
          const auto sdims = per_column ? std::vector<int64_t>{n} : std::vector<int64_t>{};
          std::vector<MmiInput> in = {
              {"A", MmiFloats(s.a, seed), false},
              {"B", MmiInts(bt, s.b, seed + 1), true},
              {"b_scale", Tensor::FromVector<float>(DataType::kFloat, sdims, scales), true},
              // int8 B: symmetric (absent zero point); uint8 B: one per column or per tensor.
              bt == DataType::kInt8
                  ? MmiInput{"", {}, true}
                  : MmiInput{"b_zp", MmiZeros(bt, per_column ? 2 : 1, n, seed + 3), true}};
          if (bias) in.push_back({"bias", MmiFloats({n}, seed + 2), true});
          seed += 4;
          for (int threads : {1, 2}) {
            SCOPED_TRACE("A " + kernels::ShapeString(s.a) + " B " +
                         std::string(ir::DataTypeName(bt)) + " per column " +
                         std::to_string(per_column) + " bias " + std::to_string(bias) +
                         " threads " + std::to_string(threads));
            MmiRan r = MmiRunBoth("DynamicQuantizeMatMul", "com.microsoft", in, threads);
            EXPECT_EQ(r.provider, "cpu");
            EXPECT_EQ(CountDiffering<float>(r.cpu, r.reference), 0);
          }
        }
}

TEST(CpuQLinearMatMul, MatchesReferenceBitForBit) {
  uint32_t seed = 3700;
  for (const MmiShape& s : MmiShapes())
    for (DataType at : {DataType::kUint8, DataType::kInt8})
      for (DataType bt : {DataType::kUint8, DataType::kInt8})
        for (bool per_column : {false, true}) {
          if (s.b.size() < 2 && per_column) continue;
          const int64_t rows = s.a.size() < 2 ? 1 : s.a[s.a.size() - 2];
          const int64_t cols = s.b.back();
          const DataType yt = seed % 2 ? DataType::kInt8 : DataType::kUint8;
          std::vector<float> bs(per_column ? size_t(cols) : 1);
          for (size_t i = 0; i < bs.size(); ++i) bs[i] = 0.003f + 0.0007f * float(i % 7);
          const auto sdims = per_column ? std::vector<int64_t>{cols} : std::vector<int64_t>{};
          // Scales that put the results across y's whole range (and saturate some).
          const float y_scale = 2.5f * (s.a.back() > 100 ? 4.f : 1.f);
          std::vector<MmiInput> in = {
              {"a", MmiInts(at, s.a, seed), false},
              {"a_scale", Tensor::FromVector<float>(DataType::kFloat, {}, {0.05f}), true},
              {"a_zp", MmiZeros(at, per_column && s.a.size() >= 2 ? 2 : 1, rows, seed + 1), true},
              {"b", MmiInts(bt, s.b, seed + 2), true},
              {"b_scale", Tensor::FromVector<float>(DataType::kFloat, sdims, bs), true},
              {"b_zp", MmiZeros(bt, per_column ? 2 : 1, cols, seed + 3), true},
              {"y_scale", Tensor::FromVector<float>(DataType::kFloat, {}, {y_scale}), true},
              {"y_zp", MmiZeros(yt, 1, 1, seed + 4), true}};
          seed += 5;
          for (int threads : {1, 2}) {
            SCOPED_TRACE("A " + kernels::ShapeString(s.a) + " B " + kernels::ShapeString(s.b) +
                         " types " + std::string(ir::DataTypeName(at)) + "/" +
                         std::string(ir::DataTypeName(bt)) + " per column " +
                         std::to_string(per_column) + " threads " + std::to_string(threads));
            MmiRan r = MmiRunBoth("QLinearMatMul", "", in, threads);
            EXPECT_EQ(r.provider, "cpu");
            if (yt == DataType::kInt8)
              EXPECT_EQ(CountDiffering<int8_t>(r.cpu, r.reference), 0);
            else
              EXPECT_EQ(CountDiffering<uint8_t>(r.cpu, r.reference), 0);
          }
        }
}

TEST(CpuMatMulInteger, FullRangeWeightsNeverRunOnTheReferenceProvider) {
  // What the dynamic quantizer writes: u8 A with a run-time zero point, constant s8 B in
  // [-127, 127]. With dnnl first, dnnl takes it where its sums are exact (VNNI), else the cpu
  // kernel (its decline names the 16-bit pair sums); never the reference kernel.
  const Tensor b = RandomInts<int8_t>(DataType::kInt8, {64, 32}, -127, 127, 5);
  std::map<std::string, runtime::RtValue> feeds;
  auto model = MmiModel("MatMulInteger", "",
                        {{"A", RandomInts<uint8_t>(DataType::kUint8, {8, 64}, 0, 255, 6), false},
                         {"B", b, true},
                         {"a_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {}, {128}), false}},
                        &feeds);
  for (auto providers : {std::vector<std::string>{"dnnl", "cpu", "reference"},
                         std::vector<std::string>{"cpu", "reference"}}) {
    runtime::SessionOptions o;
    o.providers = providers;
    auto s = runtime::Session::Create(model, o);
    ASSERT_TRUE(s.ok()) << s.status().message();
    const std::string where = (*s)->partition().nodes[0].provider;
    EXPECT_NE(where, "reference");
    if (providers[0] == "cpu") {
      EXPECT_EQ(where, "cpu");
    }
  }
}

TEST(CpuMatMulInteger, DeclinesKBeyondExactInt32Sums) {
  // K = 33026: 255 * 255 * K overflows int32, where the reference kernel saturates.
  const int64_t k = 33026;
  std::map<std::string, runtime::RtValue> feeds;
  auto model = MmiModel("MatMulInteger", "",
                        {{"A", RandomInts<uint8_t>(DataType::kUint8, {1, k}, 0, 255, 7), false},
                         {"B", RandomInts<int8_t>(DataType::kInt8, {k, 1}, -128, 127, 8), true}},
                        &feeds);
  runtime::SessionOptions o;
  o.providers = {"cpu", "reference"};
  auto s = runtime::Session::Create(model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ((*s)->partition().nodes[0].provider, "reference");
  std::string why;
  for (const auto& d : (*s)->partition().nodes[0].declined) why += d.sentence;
  EXPECT_NE(why.find("K up to 33025"), std::string::npos) << why;
}

TEST(CpuMatMulInteger, WhatTheReferenceRejectsGetsTheReferenceError) {
  // Three a_zero_point values for four rows: the cpu kernel declines at run time, the reference
  // kernel (the fallback) reports it.
  std::map<std::string, runtime::RtValue> feeds;
  auto model =
      MmiModel("MatMulInteger", "",
               {{"A", RandomInts<uint8_t>(DataType::kUint8, {4, 8}, 0, 255, 9), false},
                {"B", RandomInts<int8_t>(DataType::kInt8, {8, 5}, -128, 127, 10), true},
                {"a_zp", Tensor::FromVector<uint8_t>(DataType::kUint8, {3}, {1, 2, 3}), false}},
               &feeds);
  runtime::SessionOptions o;
  o.providers = {"cpu", "reference"};
  auto s = runtime::Session::Create(model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto r = (*s)->Run(feeds);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("a_zero_point has 3 values for 4 rows"), std::string::npos)
      << r.status().message();
}

}  // namespace
}  // namespace onnxlens::testing
